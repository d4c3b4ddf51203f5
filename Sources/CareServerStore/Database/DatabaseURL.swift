import Foundation
import PostgresNIO

/// A PostgreSQL address given as a URL: `postgres://user[:password]@host[:port]/database`, or a unix socket folder
/// as `postgres://user@/database?host=/run/postgresql&port=5432` (libpq's spelling).
public struct DatabaseURL: Sendable, Equatable {
    public var user: String
    public var password: String?
    public var database: String
    /// A TCP host, or nil when `socketPath` is set.
    public var host: String?
    public var port: Int
    /// The socket file (`<folder>/.s.PGSQL.<port>`) when connecting through a unix socket folder.
    public var socketPath: String?

    /// Parses `text`; the error names what is wrong with it (never the password).
    public init(_ text: String) throws(DatabaseURLError) {
        guard let components = URLComponents(string: text),
            let scheme = components.scheme, scheme == "postgres" || scheme == "postgresql"
        else { throw DatabaseURLError(reason: "it must start with postgres://") }
        guard let user = components.user, !user.isEmpty else {
            throw DatabaseURLError(reason: "it names no user (postgres://USER@HOST/DATABASE)")
        }
        let database = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        guard !database.isEmpty else { throw DatabaseURLError(reason: "it names no database after the host") }
        let query = Dictionary(
            (components.queryItems ?? []).map { ($0.name, $0.value ?? "") },
            uniquingKeysWith: { _, last in last }
        )
        var port = components.port ?? 5432
        if let text = query["port"] {
            guard let value = Int(text), (1...65535).contains(value) else {
                throw DatabaseURLError(reason: "its port \(text) is not a number from 1 to 65535")
            }
            port = value
        }
        self.user = user
        self.password = components.password
        self.database = database
        self.port = port
        if let folder = query["host"], folder.hasPrefix("/") {
            self.host = nil
            self.socketPath = "\(folder)/.s.PGSQL.\(port)"
        } else if let host = components.host, !host.isEmpty {
            self.host = host
            self.socketPath = nil
        } else {
            throw DatabaseURLError(reason: "it names no host (or ?host=/socket/folder)")
        }
    }

    /// The PostgresNIO client configuration for this address; TLS is off on a unix socket and preferred on TCP.
    public func clientConfiguration() -> PostgresClient.Configuration {
        if let socketPath {
            return .init(unixSocketPath: socketPath, username: user, password: password, database: database)
        }
        let tls: PostgresClient.Configuration.TLS =
            (host == "127.0.0.1" || host == "localhost" || host == "::1")
            ? .disable : .prefer(.makeClientConfiguration())
        return .init(
            host: host ?? "127.0.0.1",
            port: port,
            username: user,
            password: password,
            database: database,
            tls: tls
        )
    }
}

/// A database URL that cannot be used, and why.
public struct DatabaseURLError: Error, CustomStringConvertible {
    public let reason: String
    public var description: String { "the database URL cannot be used: \(reason)" }
}
