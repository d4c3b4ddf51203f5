import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices
import TestSupport
import Testing

/// `LabsService`: adding, listing with eGFR on the profile's local day, importing all or nothing.
@Suite struct LabsTests {
    @Test func creatinineLateInAnotherZoneTakesTheAgeOnTheProfilesDay() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.remove() }
        // 23:30 on 10 March at UTC−05:00 is 05:30 on 11 March in Berlin, the patient's 66th birthday.
        _ = try await fixture.app.labs.add(
            analyte: "creatinine",
            value: "1.5",
            unit: "mg/dL",
            date: "2026-03-10T23:30:00-05:00",
            profile: nil
        )
        let listing = try await fixture.app.labs.list(analyte: "creatinine", profile: nil)
        let row = try #require(listing.rows.first)
        let derived = try #require(try row.derivedEGFR?.get())
        #expect(derived.sampleDay.description == "2026-03-11")
        #expect(derived.ageYears == 66)
        #expect(derived.egfr == (try CKDEPI2021.egfr(creatinineMgPerDL: 1.5, ageYears: 66, sex: .male)))
        #expect(row.stage == (try GFRCategory(egfr: derived.egfr)).rawValue)
        #expect(listing.egfrSlope != nil)
    }

    @Test func trendsEGFRUsesTheSameDerivation() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.remove() }
        let added = try await fixture.app.labs.add(
            analyte: "creatinine",
            value: "1.5",
            unit: "mg/dL",
            date: "2026-03-10T23:30:00-05:00",
            profile: nil
        )
        let trend = try await fixture.app.trends.trend(
            TrendsService.Request(subject: .lab(.egfr)),
            days: TrendAnalysis.maximumDays,
            profile: nil
        )
        let derived = try CreatinineEGFR.derive(added.value, profile: added.profile.profile)
        let series = try #require(trend.summaries.first?.series)
        #expect(series.points.map(\.value) == [derived.egfr])
        #expect(series.derivedInstants == [added.value.takenAt.epochMilliseconds])
        #expect(try added.profile.profile.localDate(at: series.points[0].epochMilliseconds) == derived.sampleDay)
    }

    @Test func aSecondResultAtTheSameInstantIsRefused() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.remove() }
        _ = try await fixture.app.labs.add(
            analyte: "potassium",
            value: "5.6",
            unit: "mmol/L",
            date: "2026-11-03",
            profile: nil
        )
        await #expect(throws: LabsError.self) {
            _ = try await fixture.app.labs.add(
                analyte: "potassium",
                value: "5.6",
                unit: "mmol/L",
                date: "2026-11-03",
                profile: nil
            )
        }
        await #expect(throws: LabsError.self) {
            _ = try await fixture.app.labs.add(
                analyte: "potassium",
                value: "0x1p2",
                unit: "mmol/L",
                date: nil,
                profile: nil
            )
        }
    }

    @Test func anImportWithAnInvalidRowStoresNothingUnlessAskedToSkipIt() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.remove() }
        let csv = "analyte,value,unit,date\npotassium,5.6,mmol/L,2026-11-03\npotassium,abc,mmol/L,2026-11-04\n"
        do {
            _ = try await fixture.app.labs.importCSV(csv, skipInvalid: false, profile: nil)
            Issue.record("an import with an invalid row was accepted")
        } catch LabsError.invalidRows(let problems, let rowCount) {
            #expect(rowCount == 2)
            #expect(problems.count == 1 && problems[0].hasPrefix("row 3, value:"), "\(problems)")
        }
        #expect(try await fixture.app.labs.list(analyte: nil, profile: nil).rows.isEmpty)
        let imported = try await fixture.app.labs.importCSV(csv, skipInvalid: true, profile: nil)
        #expect(imported.outcome.stored == 1)
        #expect(imported.skipped.count == 1)
        let again = try await fixture.app.labs.importCSV(csv, skipInvalid: true, profile: nil)
        #expect(again.outcome.stored == 0 && again.outcome.duplicates == 1)
    }

    @Test func nothingIsRecordedBeforeTheTerms() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let app = try HubApplication.open(atPath: directory.file("hub.sqlite"))
        await #expect(throws: PatientRecordError.self) {
            _ = try await app.labs.add(analyte: "potassium", value: "5.6", unit: "mmol/L", date: nil, profile: nil)
        }
    }
}
