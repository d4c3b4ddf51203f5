import PostgresNIO

extension CareStore {
    /// Runs `body` in one transaction (committed when it returns, rolled back when it throws) and throws the body's
    /// own error rather than PostgresNIO's wrapper, with a unique-key violation as `StoreError.duplicateUsername`.
    func transaction<Result>(_ body: (PostgresConnection) async throws -> sending Result) async throws -> sending Result
    {
        do {
            return try await client.withTransaction(logger: logger, body)
        } catch let error as PostgresTransactionError {
            throw Self.meaning(of: error.closureError ?? error.beginError ?? error)
        } catch {
            throw Self.meaning(of: error)
        }
    }

    /// The store's meaning of a database error, where it has one.
    static func meaning(of error: any Error) -> any Error {
        if let error = error as? PSQLError, error.serverInfo?[.sqlState] == "23505" {
            return StoreError.duplicateUsername
        }
        return error
    }
}
