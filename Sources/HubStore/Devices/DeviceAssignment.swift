import GRDB
import HubRecords

extension DeviceAssignment: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "deviceAssignment"
}
