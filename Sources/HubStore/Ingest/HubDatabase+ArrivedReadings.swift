import GRDB
import HubCore

extension HubDatabase {
    /// A measurement as it arrived: its row id, kind and when the hub stored it (the batch's receipt, set inside
    /// the transaction that committed it).
    public struct ArrivedReading: Sendable, Hashable {
        public var id: Int64
        public var kind: String
        public var receivedAtMs: Int64
    }

    /// The highest measurement row id stored so far (0 in an empty store): where a watcher of new readings starts.
    public func newestMeasurementId() async throws -> Int64 {
        try await pool.read { db in
            try Int64.fetchOne(db, sql: "SELECT coalesce(max(id), 0) FROM measurement") ?? 0
        }
    }

    /// Measurements stored after row `afterId`, oldest first, at most `limit`: those of profile `profileId`, and those
    /// no profile owns yet (a device not assigned) only while the store holds that one profile; with several, a
    /// reading nobody owns is nobody's news. By the primary key, so a page looking at every commit costs the store
    /// almost nothing.
    public func readingsArrived(afterId: Int64, profileId: Int64, limit: Int) async throws -> [ArrivedReading] {
        try await pool.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT m.id, m.kind, m.receivedAtMs FROM measurement m
                    WHERE m.id > ?
                      AND (EXISTS (SELECT 1 FROM measurementOwner o WHERE o.measurementId = m.id AND o.profileId = ?)
                           OR ((SELECT count(*) FROM profile) = 1
                               AND NOT EXISTS (SELECT 1 FROM measurementOwner o WHERE o.measurementId = m.id)))
                    ORDER BY m.id LIMIT ?
                    """,
                arguments: [afterId, profileId, limit]
            ).map { ArrivedReading(id: $0["id"], kind: $0["kind"], receivedAtMs: $0["receivedAtMs"]) }
        }
    }
}
