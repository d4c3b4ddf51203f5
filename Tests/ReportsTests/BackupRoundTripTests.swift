import Clinical
import FoodData
import Foundation
import HubCore
import HubRecords
import HubStore
import Testing

@Suite struct BackupRoundTripTests {
    /// An empty store ready for a restore, as `kidneyhub import-backup` prepares it (the shipped food database).
    private func emptyStore(_ path: String) async throws -> HubDatabase {
        let store = try HubDatabase.open(atPath: path)
        _ = try await store.importFoodDatabase(try ShippedFoodDatabase.load(), atMs: 1)
        return store
    }

    @Test func exportImportIntoAnEmptyStoreExportIsIdentical() async throws {
        let fixture = try await Fixture.make(days: 21)
        defer { fixture.remove() }
        let first = try await fixture.store.exportBackup()
        let text = first.json()
        let counts = Dictionary(uniqueKeysWithValues: first.tables.map { ($0.name, $0.rows.count) })
        // The export holds every kind of patient data the fixture wrote.
        for table in [
            "profile", "measurement", "measurementOwner", "weightPhase", "labResult", "food", "intakeEntry", "goal",
        ] {
            #expect((counts[table] ?? 0) > 0, "no rows in \(table)")
        }
        let restored = try await emptyStore(fixture.path("restored.sqlite"))
        let outcome = try await restored.importBackup(try BackupDocument.parse(Data(text.utf8)))
        #expect(
            outcome.totalInserted == first.tables.reduce(0) { $0 + $1.rows.count } - (counts["foodGroup"] ?? 0)
                - usdaFoods(first)
        )
        let second = try await restored.exportBackup().json()
        #expect(second == text)
    }

    @Test func aMergeImportTwiceChangesNothingTheSecondTime() async throws {
        let fixture = try await Fixture.make(days: 14)
        defer { fixture.remove() }
        let backup = try await fixture.store.exportBackup()
        // Another store with a profile of its own gets the backup merged in, twice.
        let other = try await emptyStore(fixture.path("other.sqlite"))
        _ = try await other.acceptTerms(version: TermsOfService.current.version, atMs: 1)
        _ = try await other.saveProfile(
            PatientProfile(name: "Ben", timeZoneIdentifier: "Europe/Paris"),
            id: nil,
            atMs: 1
        )
        let firstMerge = try await other.importBackup(backup)
        #expect(firstMerge.totalInserted > 0)
        #expect(firstMerge.alreadyPresent["termsAcceptance"] == 1)
        let afterFirst = try await other.exportBackup().json()
        let secondMerge = try await other.importBackup(backup)
        #expect(secondMerge.totalInserted == 0)
        #expect(try await other.exportBackup().json() == afterFirst)
        // Both profiles are there, and Ana's data is complete.
        #expect(try await other.profiles().map(\.name).sorted() == ["Ana", "Ben"])
        let ana = try await other.selectProfile(named: "Ana")
        let original = try await fixture.store.selectProfile(named: "Ana")
        #expect(
            try await other.labResults(profileId: ana.id).count
                == (try await fixture.store.labResults(profileId: original.id)).count
        )
        #expect(
            try await other.measurements(profileId: ana.id).count
                == (try await fixture.store.measurements(profileId: original.id)).count
        )
        // Merging into the store the backup came from adds nothing.
        #expect(try await fixture.store.importBackup(backup).totalInserted == 0)
    }

    @Test func aBrokenBackupIsRefusedWholeAndNamesThePlace() async throws {
        let fixture = try await Fixture.make(days: 7)
        defer { fixture.remove() }
        var text = try await fixture.store.exportBackup().json()
        // A lab value that is text where the store keeps a number.
        let target = try #require(text.range(of: "\"mmol/L\", "))
        text.replaceSubrange(target, with: "\"mmol/L\", \"oops\", ")
        let restored = try await emptyStore(fixture.path("restored.sqlite"))
        await #expect(throws: BackupError.self) {
            _ = try await restored.importBackup(try BackupDocument.parse(Data(text.utf8)))
        }
        #expect(try await restored.profiles().isEmpty)
        #expect(try await restored.measurementCount() == 0)
        do {
            _ = try await restored.importBackup(try BackupDocument.parse(Data(text.utf8)))
        } catch {
            #expect(error.description.contains("table labResult, row 1") || error.description.contains("values for"))
        }
        #expect(throws: BackupError.self) { _ = try BackupDocument.parse(Data("{\"format\": \"other\"}".utf8)) }
    }

    @Test func valuesSurviveTheJSONForm() throws {
        let values: [BackupValue] = [
            .real(0.1), .real(68.30000000000001), .real(1e-7), .real(5.0), .integer(Int64.max),
            .text("a \"quoted\"\n\u{1} ü"), .blob(Data([0, 255, 7])), .null,
        ]
        let document = BackupDocument(
            formatVersion: 1,
            tables: [.init(name: "t", columns: values.indices.map { "c\($0)" }, rows: [values])]
        )
        let parsed = try BackupDocument.parse(Data(document.json().utf8))
        #expect(parsed.tables[0].rows[0][0] == .real(0.1))
        #expect(parsed.tables[0].rows[0][1] == .real(68.30000000000001))
        #expect(parsed.tables[0].rows[0][2] == .real(1e-7))
        #expect(parsed.tables[0].rows[0][4] == .integer(Int64.max))
        #expect(parsed.tables[0].rows[0][5] == .text("a \"quoted\"\n\u{1} ü"))
        #expect(parsed.tables[0].rows[0][6] == .blob(Data([0, 255, 7])))
        #expect(parsed.tables[0].rows[0][7] == .null)
        // Untyped, a whole real reads back as an integer; the store's REAL column makes it 5.0 again on import.
        #expect(parsed.tables[0].rows[0][3] == .integer(5))
    }

    private func usdaFoods(_ document: BackupDocument) -> Int {
        guard let food = document.tables.first(where: { $0.name == "food" }),
            let source = food.columns.firstIndex(of: "source")
        else { return 0 }
        return food.rows.filter { $0[source] == .text("usda") }.count
    }
}
