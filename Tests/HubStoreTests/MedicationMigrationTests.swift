import Foundation
import GRDB
import Testing

@testable import HubStore

/// The medications migration moves each profile's free-text medications into orders, text kept as a note.
struct MedicationMigrationTests {
    @Test func freeTextMedicationsBecomeOrdersWithTheirTextAsANote() throws {
        let queue = try DatabaseQueue()
        let migrator = Schema.migrator
        try migrator.migrate(queue, upTo: "v8-advice")
        try queue.write { db in
            try db.execute(
                sql: "INSERT INTO profile (id, name, profile, createdAtMs, updatedAtMs) VALUES (1, 'Ana', ?, 5, 7)",
                arguments: [
                    """
                    {"name":"Ana","timeZoneIdentifier":"Europe/Madrid","displayUnits":{},"medications":[
                    {"name":" sevelamer carbonate ","dose":"800 mg, 2 tablets","schedule":"with each meal"},
                    {"name":"amlodipine","dose":"","schedule":""}]}
                    """
                ]
            )
        }
        try migrator.migrate(queue)
        try queue.read { db in
            let rows = try Row.fetchAll(db, sql: "SELECT * FROM medicationOrder ORDER BY rowid")
            #expect(rows.map { $0["name"] as String } == ["sevelamer carbonate", "amlodipine"])
            #expect(rows.map { $0["note"] as String? } == ["dose: 800 mg, 2 tablets; schedule: with each meal", nil])
            #expect(
                rows.allSatisfy {
                    $0["status"] == "active" && $0["profileId"] == 1 && UUID(uuidString: $0["id"]) != nil
                }
            )
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM medicationDosage") == 0)
            #expect(try String.fetchOne(db, sql: "SELECT json_extract(profile, '$.medications') FROM profile") == "[]")
        }
    }
}
