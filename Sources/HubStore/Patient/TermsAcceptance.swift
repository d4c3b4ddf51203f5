import GRDB
import HubRecords

extension TermsAcceptance: FetchableRecord, MutablePersistableRecord {
    /// The table name.
    public static let databaseTableName = "termsAcceptance"
    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
