import GRDB
import Testing

@testable import HubStore

/// The migrations' numbering: what keeps a future migration from repeating a number, as two "v6" once did.
struct SchemaTests {
    @Test func migrationsAreNumberedInOrderWithoutGapsOrRepeats() {
        #expect(Schema.numbered.map(\.number) == Array(1...Schema.numbered.count))
    }

    @Test func identifiersAreUniqueAndCarryTheirNumberFromTheFirstCheckedOneOn() {
        let identifiers = Schema.numbered.map(\.identifier)
        #expect(Set(identifiers).count == identifiers.count, "two migrations share an identifier: \(identifiers)")
        for migration in Schema.numbered where migration.number >= Schema.firstCheckedNumber {
            #expect(
                migration.identifier.hasPrefix("v\(migration.number)-"),
                "migration \(migration.number) is called \(migration.identifier): name it v\(migration.number)-…"
            )
        }
        // Every migration before the checked ones shipped: none may be added there.
        #expect(Schema.numbered.filter { $0.number < Schema.firstCheckedNumber }.count == Schema.firstCheckedNumber - 1)
    }

    @Test func theMigratorRegistersEveryMigrationInOrder() {
        #expect(Schema.migrator.migrations == Schema.numbered.map(\.identifier))
    }
}
