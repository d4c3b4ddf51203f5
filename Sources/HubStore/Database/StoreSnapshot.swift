import GRDB
import HubRecords

/// Several reads in one read transaction: one consistent view of the store, and one trip to a reader connection.
///
/// A page that shows many subjects reads them through one snapshot. Each separate read is a hop to a reader's thread
/// and back; the trends page made about fifteen of them a request, a hundred thread switches (vmstat), and the wakeups
/// made its slowest requests three times its median (`docs/benchmarks.md`). The view is also consistent: a reading
/// committed meanwhile shows in every chart drawn from the snapshot or in none.
///
/// Read-only and confined to the closure it is given: it cannot leave it (it is not `Sendable`).
public struct StoreSnapshot {
    let db: Database
}

extension HubDatabase {
    /// Runs `body` on one consistent, read-only view of the store; a failure of the store arrives as
    /// `PatientRecordError.database`, as the single reads report it.
    public func snapshot<T: Sendable>(_ body: @escaping @Sendable (StoreSnapshot) throws -> T)
        async throws(PatientRecordError) -> T
    {
        try await patientRecordRead { db in try body(StoreSnapshot(db: db)) }
    }
}
