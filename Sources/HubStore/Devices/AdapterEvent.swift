import GRDB
import HubRecords

extension AdapterEventKind: DatabaseValueConvertible {}
extension AdapterEvent: FetchableRecord, MutablePersistableRecord {
    /// The table name.
    public static let databaseTableName = "adapterEvent"
    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
