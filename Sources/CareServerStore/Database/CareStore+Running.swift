import PostgresNIO

extension CareStore {
    /// Runs `body` while the pool runs, for one-off commands outside the server's service group.
    public func withRunningClient<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        let client = self.client
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            return try await body()
        }
    }
}
