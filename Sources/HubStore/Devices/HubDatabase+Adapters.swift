import GRDB
import HubRecords

extension HubDatabase {
    /// Inserts the adapter row or replaces every field of the existing one.
    public func upsertAdapter(_ adapter: AdapterRecord) async throws {
        try await pool.write { db in try adapter.upsert(db) }
    }

    /// Sets an adapter's supervision state; throws `HubStoreError.unknownAdapter` if there is no such row.
    public func setAdapterState(id: String, state: AdapterState, atMs: Int64) async throws {
        let changed = try await pool.write { db in
            try db.execute(
                sql: "UPDATE adapter SET state = ?, updatedAtMs = ? WHERE id = ?",
                arguments: [state, atMs, id]
            )
            return db.changesCount
        }
        if changed == 0 { throw HubStoreError.unknownAdapter(id: id) }
    }

    /// Every adapter row, by id.
    public func adapters() async throws -> [AdapterRecord] {
        try await pool.read { db in try AdapterRecord.order(Column("id")).fetchAll(db) }
    }

    /// Appends an event to the log and returns it with its row id.
    @discardableResult
    public func recordAdapterEvent(_ event: AdapterEvent) async throws -> AdapterEvent {
        try await pool.write { db in try event.inserted(db) }
    }

    /// Events oldest first, optionally of one adapter and of some kinds; `limit` keeps the newest ones.
    public func adapterEvents(
        adapterId: String? = nil,
        kinds: Set<AdapterEventKind>? = nil,
        limit: Int? = nil
    ) async throws -> [AdapterEvent] {
        try await pool.read { db in
            var request = AdapterEvent.all()
            if let adapterId { request = request.filter(Column("adapterId") == adapterId) }
            if let kinds { request = request.filter(kinds.map(\.rawValue).contains(Column("kind"))) }
            guard let limit else { return try request.order(Column("atMs"), Column("id")).fetchAll(db) }
            // Newest `limit`, then back to oldest first.
            return try request.order(Column("atMs").desc, Column("id").desc).limit(limit).fetchAll(db).reversed()
        }
    }
}
