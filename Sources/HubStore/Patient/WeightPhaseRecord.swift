import GRDB
import HubCore
import HubRecords

/// Stored as its raw value (`pre`, `post`, `intra`, `none`).
extension DialysisPhase: DatabaseValueConvertible {}

extension WeightPhaseSource: DatabaseValueConvertible {}
extension WeightPhaseRecord: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "weightPhase"
}
