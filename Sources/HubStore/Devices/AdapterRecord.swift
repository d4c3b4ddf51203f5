import GRDB
import HubRecords

extension AdapterState: DatabaseValueConvertible {}
extension AdapterRecord: FetchableRecord, PersistableRecord {
    /// The table name.
    public static let databaseTableName = "adapter"
}
