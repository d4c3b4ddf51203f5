import Care
import CareEngine
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices
import TestSupport
import Testing

/// A value beyond a critical threshold raises its alert the moment it is stored, by every path: a lab typed in, a lab
/// CSV imported, a blood pressure typed in, and a cuff's and a meter's batch synced through the in-process hub.
@Suite struct CriticalAlertsTests {
    @Test func potassiumSevenTypedInReturnsItsAlertAndPutsItInTheFeedOnce() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.remove() }
        let calm = try await fixture.app.labs.add(
            analyte: "potassium",
            value: "5.8",
            unit: "mmol/L",
            date: nil,
            profile: nil
        )
        #expect(calm.alerts.isEmpty, "5.8 mmol/L is high but below the moderate hyperkalaemia limit of 6.0")
        let added = try await fixture.app.labs.add(
            analyte: "potassium",
            value: "7.0",
            unit: "mmol/L",
            date: nil,
            profile: nil
        )
        let alert = try #require(added.alerts.first)
        #expect(added.alerts.count == 1)
        #expect(alert.type == .alert)
        #expect(alert.title == "Potassium 7.0 mmol/L: dangerously high")
        #expect(alert.body.contains("6.5 mmol/L") && alert.body.contains("UK Kidney Association"))
        #expect(alert.body.contains("(Europe/Berlin)"))
        let feed = try await fixture.app.notifications.list(profile: nil, unreadOnly: false, limit: 10)
        #expect(feed.filter { $0.title.hasPrefix("Potassium") }.map(\.id) == [alert.id])
    }

    @Test func aResultTakenWeeksAgoIsHistoryAndRaisesNothing() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.remove() }
        let old = try await fixture.app.labs.add(
            analyte: "potassium",
            value: "7.0",
            unit: "mmol/L",
            date: "2025-01-10",
            profile: nil
        )
        #expect(old.alerts.isEmpty)
    }

    @Test func aLabFileImportRaisesOneAlertPerDanger() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.remove() }
        let today = String(RFC3339.format(epochMilliseconds: fixture.app.now() - 3_600_000, utcOffsetSeconds: 0))
        let csv = """
            analyte,value,unit,date
            potassium,6.2,mmol/L,\(today)
            glucose,2.6,mmol/L,\(today)
            albumin,3.9,g/dL,\(today)
            """
        let imported = try await fixture.app.labs.importCSV(csv, skipInvalid: false, profile: nil)
        #expect(imported.outcome.stored == 3)
        // Glucose 2.6 mmol/L is 47 mg/dL: level 2 hypoglycemia.
        #expect(
            imported.alerts.map(\.title).sorted() == [
                "Blood glucose 47 mg/dL: dangerously low", "Potassium 6.2 mmol/L: too high",
            ]
        )
    }

    @Test func aBloodPressureTypedInRaisesOneAlertForTheReading() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.remove() }
        let added = try await fixture.app.bloodPressure.add(
            systolic: 192,
            diastolic: 124,
            unit: "mm[Hg]",
            pulse: nil,
            position: nil,
            arm: nil,
            at: nil,
            profile: nil
        )
        #expect(added.alerts.map(\.title) == ["Systolic blood pressure 192 mmHg: too high"])
        #expect(added.alerts.first?.body.contains("ACC/AHA 2017") == true)
        let normal = try await fixture.app.bloodPressure.add(
            systolic: 128,
            diastolic: 82,
            unit: "mm[Hg]",
            pulse: nil,
            position: nil,
            arm: nil,
            at: nil,
            profile: nil
        )
        #expect(normal.alerts.isEmpty)
    }

    @Test func aCuffsAndAMetersBatchRaiseTheirAlertsWhenSynced() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // The shipped dialysis day with a hypertensive crisis before dialysis and a low at bedtime.
        let simulated = try SimulatedDevices(in: directory) { scenario in
            scenario.replacingOccurrences(
                of: #""systolic": 148, "diastolic": 86"#,
                with: #""systolic": 186, "diastolic": 96"#
            ).replacingOccurrences(of: #""value": 134, "unit": "mg/dL""#, with: #""value": 48, "unit": "mg/dL""#)
        }
        // The evening after the scenario's Tuesday, so its readings are recent.
        let clock = ManualClock(start: try RFC3339.parse("2026-11-17T23:00:00+01:00").epochMilliseconds)
        let app = try HubApplication.open(atPath: directory.file("store.sqlite"), durability: .normal, clock: clock)
        _ = try await app.terms.acceptCurrent()
        var changes = ProfileChanges()
        changes.name = "Max"
        changes.timeZone = "Europe/Berlin"
        _ = try await app.profiles.save(changes)
        let devices = app.devices(simulated.setup)
        for (device, passkey) in [("sim-cuff-1", "123456"), ("sim-glucometer-1", nil)] {
            _ = try await devices.pair(deviceId: device, adapterId: "simulator", passkey: passkey)
            _ = try await app.deviceAssignments.assign(
                deviceId: device,
                adapterId: "simulator",
                profile: "Max",
                userIndex: nil,
                from: .always
            )
            _ = try await devices.sync(deviceId: device, adapterId: "simulator")
        }
        var titles: [String] = []
        try await eventually("both alerts in the feed") {
            titles = try await app.notifications.list(profile: "Max", unreadOnly: false, limit: 20)
                .filter { $0.type == .alert }.map(\.title).sorted()
            return titles.count >= 2
        }
        #expect(
            titles == ["Blood glucose 48 mg/dL: dangerously low", "Systolic blood pressure 186 mmHg: too high"]
        )
        #expect(simulated.adapterProcesses().isEmpty, "left running: \(simulated.adapterProcesses())")
    }

    @Test func aPreDialysisWeightFourPercentOverTheDryWeightPrintsTheGainAlert() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // Tuesday 2026-11-17 at 09:00 in Berlin, after the pre-dialysis weighing.
        let clock = ManualClock(start: try RFC3339.parse("2026-11-17T09:00:00+01:00").epochMilliseconds)
        let app = try HubApplication.open(atPath: directory.file("hub.sqlite"), clock: clock)
        _ = try await app.terms.acceptCurrent()
        var changes = ProfileChanges()
        changes.name = "Max"
        changes.timeZone = "Europe/Berlin"
        changes.category = "hemodialysis"
        changes.schedule = "tue,thu,sat 08:00-12:30"
        changes.dryWeightKilograms = 80
        _ = try await app.profiles.save(changes)
        let post = try await app.weight.add(value: 80.2, unit: "kg", phase: .post, at: "2026-11-14T12:40", profile: nil)
        #expect(post.alerts.isEmpty)
        // 83.7 − 80.2 = 3.5 kg, 4.4 % of the 80 kg dry weight.
        let pre = try await app.weight.add(value: 83.7, unit: "kg", phase: .pre, at: "2026-11-17T07:10", profile: nil)
        let alert = try #require(pre.alerts.first)
        #expect(alert.title == "Weight gain between dialysis sessions 4.4 %: too high")
        #expect(alert.body.contains("3.5 kg gained before the session of"), "\(alert.body)")
        #expect(alert.body.contains("Ipema") && alert.body.contains("Taken 2026-11-17 07:10 (Europe/Berlin)"))
    }
}
