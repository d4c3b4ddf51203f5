/// At most `capacity` suites with a throwaway cluster run at once in this test process; the others wait for a turn
/// before starting theirs. Each suite starts its own PostgreSQL cluster and in-process servers, whose bcrypt hashing
/// shares NIO's blocking threads (one per core). With all 13 suites at once on CI's 2 cores, requests waited past
/// HummingbirdTesting's fixed 20-second read timeout: a clean-clone run failed 4 tests with `.readTimeout`.
actor ClusterTurns {
    /// The turns of this test process.
    static let shared = ClusterTurns(capacity: 3)

    private let capacity: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Runs `body` in a turn, waiting for one first when all are taken.
    func during<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        if running < capacity {
            running += 1
        } else {
            // A finished turn is handed straight to the first waiter (see `release`), so `running` stays counted.
            await withCheckedContinuation { waiting.append($0) }
        }
        defer { release() }
        return try await body()
    }

    private func release() {
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
