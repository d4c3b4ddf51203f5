import CarePortal
import CareServerStore
import Foundation
import Testing

@Suite("Clinician portal flags (pure)")
struct PortalFlagTests {
    let now = Date(timeIntervalSince1970: 1_790_000_000)

    func overview(
        pre: Double? = nil,
        post: Double? = nil,
        potassium: Double? = nil,
        pressure: (Double, Double)? = nil,
        symptom: Double? = nil,
        quietDays: Double = 1
    ) -> PatientOverview {
        let day = 86_400.0
        return PatientOverview(
            patientID: 1,
            firstName: "Ana",
            username: "9000000001",
            preDialysisWeight: pre.map { TimedValue($0, at: now.addingTimeInterval(-quietDays * day)) },
            previousPostDialysisWeight: post.map { TimedValue($0, at: now.addingTimeInterval(-(quietDays + 2) * day)) },
            potassium: potassium.map { TimedValue($0, at: now.addingTimeInterval(-quietDays * day)) },
            preDialysisPressure: pressure.map {
                TimedPressure(systolic: $0.0, diastolic: $0.1, at: now.addingTimeInterval(-quietDays * day))
            },
            symptomScore: symptom.map { TimedValue($0, at: now.addingTimeInterval(-quietDays * day)) },
            lastDataAt: now.addingTimeInterval(-quietDays * day)
        )
    }

    func kinds(_ o: PatientOverview) -> [PatientFlag.Kind] {
        PatientFlags.flags(o, now: now).map(\.kind)
    }

    @Test("a gain of 4.5 % of the last post-dialysis weight is flagged, 3.9 % is not; the text names the reference")
    func weightGain() throws {
        // 70.0 kg after the last session, 73.15 kg before this one: 3.15 kg, 4.5 %.
        let flagged = PatientFlags.flags(overview(pre: 73.15, post: 70.0), now: now)
        let flag = try #require(flagged.first { $0.kind == .weightGain })
        #expect(flag.text.contains("3.1 kg") || flag.text.contains("3.2 kg"))
        #expect(flag.text.contains("4.5 %"))
        #expect(flag.text.contains("last post-dialysis weight") && flag.text.contains("no dry weight synced"))
        #expect(!kinds(overview(pre: 72.73, post: 70.0)).contains(.weightGain))  // 3.9 %
        #expect(kinds(overview(pre: 72.81, post: 70.0)).contains(.weightGain))  // 4.01 %: just over the limit
        #expect(!kinds(overview(pre: 73.15)).contains(.weightGain))  // no post weight before it: no gain to judge
        let gain = try #require(PatientFlags.gain(overview(pre: 73.15, post: 70.0)))
        #expect(abs(gain.percent - 4.5) < 1e-9)
    }

    @Test("potassium at the hub's alert threshold (6.0 mmol/L, UK Kidney Association 2020) is flagged, below is not")
    func potassium() throws {
        #expect(FlagRules.standard.potassiumMillimolesPerLitre == 6.0)
        #expect(FlagRules.standard.potassiumSource.contains("UK Kidney Association"))
        #expect(kinds(overview(potassium: 6.0)).contains(.potassium))
        #expect(kinds(overview(potassium: 7.1)).contains(.potassium))
        #expect(!kinds(overview(potassium: 5.9)).contains(.potassium))
        #expect(FlagRules.standard.gainPercent == 4)
    }

    @Test("pre-dialysis pressure at or over 140 systolic or 90 diastolic is flagged (KDOQI 2005 guideline 12)")
    func pressure() {
        #expect(kinds(overview(pressure: (152, 80))).contains(.bloodPressure))
        #expect(kinds(overview(pressure: (120, 90))).contains(.bloodPressure))
        #expect(!kinds(overview(pressure: (139, 89))).contains(.bloodPressure))
        #expect(FlagRules.standard.pressureSource.contains("KDOQI 2005"))
    }

    @Test("a symptom scored 7 or more is flagged; a week without data is flagged, as is a patient with none")
    func symptomsAndQuiet() throws {
        #expect(kinds(overview(symptom: 7)).contains(.symptoms))
        #expect(!kinds(overview(symptom: 6)).contains(.symptoms))
        #expect(kinds(overview(quietDays: 8)) == [.noRecentData])
        #expect(kinds(overview(quietDays: 6)).isEmpty)
        let none = PatientOverview(patientID: 2, firstName: "Bo", username: "9000000002")
        #expect(PatientFlags.flags(none, now: now) == [PatientFlag(.noRecentData, "No data yet")])
    }

    @Test("a dose marked as not taken in the window is flagged with its count; none is not")
    func missedDoses() throws {
        var o = overview(quietDays: 1)
        #expect(!kinds(o).contains(.missedDoses))
        o.dosesNotTaken = 2
        let flag = try #require(PatientFlags.flags(o, now: now).first { $0.kind == .missedDoses })
        #expect(flag.text == "2 doses marked as not taken in the last 7 days")
        #expect(FlagRules.standard.dosesSince(now) == now.addingTimeInterval(-7 * 86_400))
    }

    @Test("the list sorts by flags (most first), gain, potassium, last data and name")
    func sorting() {
        var a = overview(pre: 73.15, post: 70.0, potassium: 6.4)
        a.patientID = 1
        a.firstName = "Cleo"
        var b = overview(pre: 71.0, post: 70.0, potassium: 4.0, quietDays: 9)
        b.patientID = 2
        b.firstName = "Ana"
        var c = overview(pre: 72.0, post: 70.0, potassium: 5.0)
        c.patientID = 3
        c.firstName = "Bea"
        let rows = [a, b, c].map { PatientRow($0, now: now) }
        #expect(PatientSort.flags.sorted(rows).map(\.overview.patientID) == [1, 2, 3])
        #expect(PatientSort.name.sorted(rows).map(\.overview.patientID) == [2, 3, 1])
        #expect(PatientSort.gain.sorted(rows).map(\.overview.patientID) == [1, 3, 2])
        #expect(PatientSort.potassium.sorted(rows).map(\.overview.patientID) == [1, 3, 2])
        #expect(PatientSort.lastData.sorted(rows).map(\.overview.patientID).first == 2)
    }

    @Test("names with numbers sort by the numbers' values, whatever their case")
    func namesSortNaturally() {
        let names = ["Extra10", "extra2", "Extra1", "Bed 10 B", "Bed 9 b", "Ana"]
        let rows = names.enumerated().map { index, name in
            var row = overview(pre: nil, post: nil, potassium: nil)
            row.patientID = Int64(index + 1)
            row.firstName = name
            return PatientRow(row, now: now)
        }
        #expect(
            PatientSort.name.sorted(rows).map(\.overview.firstName)
                == ["Ana", "Bed 9 b", "Bed 10 B", "Extra1", "extra2", "Extra10"]
        )
    }

    @Test("the gain series pairs each pre-dialysis weight with the post-dialysis weight before it")
    func gainSeries() {
        func weight(_ kg: Double, _ phase: String?, hour: Double) -> PortalReading {
            PortalReading(
                code: PortalCodes.bodyWeight,
                value: kg,
                unit: "kg",
                effectiveAt: Date(timeIntervalSince1970: hour * 3600),
                phase: phase
            )
        }
        let gains = GainSeries.gains([
            weight(72.0, "pre", hour: 0),  // no post weight before it
            weight(70.0, "post", hour: 4),
            weight(71.0, nil, hour: 20),  // untagged: ignored
            weight(73.15, "pre", hour: 48),
            weight(70.5, "post", hour: 52),
            weight(72.0, "pre", hour: 96),
        ])
        #expect(gains.count == 2)
        #expect(abs(gains[0].percent - 4.5) < 1e-9)
        #expect(abs(gains[1].kilograms - 1.5) < 1e-9)
    }
}
