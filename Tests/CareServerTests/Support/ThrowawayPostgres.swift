import CareServerStore
import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A PostgreSQL cluster of the test's own: `initdb` into a temporary folder, listening only on a unix socket in it,
/// run as `postgres` when the tests run as root (CI does; PostgreSQL refuses root), stopped and removed by `stop()`.
struct ThrowawayPostgres {
    struct Failed: Error, CustomStringConvertible {
        let description: String
    }

    let folder: TemporaryDirectory
    let binaries: String
    let port: Int
    let asPostgres: Bool

    /// The folder holding `initdb` and `pg_ctl`: `PG_BIN`, else the newest of Debian's versions, else
    /// `/usr/local/bin` (some machines link them there).
    static func binaries() throws -> String {
        let environment = ProcessInfo.processInfo.environment
        if let bin = environment["PG_BIN"], FileManager.default.isExecutableFile(atPath: "\(bin)/initdb") { return bin }
        let debian = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: debian)) ?? [])
            .compactMap(Int.init).sorted(by: >)
        for version in versions where FileManager.default.isExecutableFile(atPath: "\(debian)/\(version)/bin/initdb") {
            return "\(debian)/\(version)/bin"
        }
        if FileManager.default.isExecutableFile(atPath: "/usr/local/bin/initdb") { return "/usr/local/bin" }
        throw Failed(description: "PostgreSQL is not installed (scripts/setup.sh installs it)")
    }

    /// Starts a new cluster with database `kidneyhub` owned by role `kidneyhub`.
    static func start() async throws -> ThrowawayPostgres {
        let folder = try TemporaryDirectory()
        let asPostgres = geteuid() == 0
        if asPostgres {
            _ = try await run("/bin/chown", ["-R", "postgres:postgres", folder.path])
        }
        let cluster = ThrowawayPostgres(
            folder: folder,
            binaries: try binaries(),
            port: Int.random(in: 20000..<60000),
            asPostgres: asPostgres
        )
        try await cluster.pg(
            "initdb",
            ["-D", cluster.data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"]
        )
        try """
        listen_addresses = ''
        port = \(cluster.port)
        unix_socket_directories = '\(folder.path)'
        fsync = off
        """.appendLine(to: "\(cluster.data)/postgresql.conf")
        try await cluster.pg(
            "pg_ctl",
            ["-D", cluster.data, "-l", folder.file("postgres.log"), "-w", "-t", "60", "start"]
        )
        try await cluster.psql("CREATE ROLE kidneyhub LOGIN")
        try await cluster.psql("CREATE DATABASE kidneyhub OWNER kidneyhub")
        return cluster
    }

    var data: String { folder.file("data") }

    /// The URL the store connects with, through the socket.
    var url: DatabaseURL {
        get throws { try DatabaseURL("postgres://kidneyhub@/kidneyhub?host=\(folder.path)&port=\(port)") }
    }

    /// Runs SQL as the superuser.
    func psql(_ sql: String) async throws {
        try await pg(
            "psql",
            [
                "-h", folder.path, "-p", String(port), "-U", "postgres", "-d", "postgres", "-v",
                "ON_ERROR_STOP=1", "-q", "-c", sql,
            ],
            binary: FileManager.default.isExecutableFile(atPath: "\(binaries)/psql") ? nil : "/usr/bin/psql"
        )
    }

    /// Stops the server (fast shutdown) and removes the folder.
    func stop() async {
        _ = try? await pg("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"])
        folder.remove()
    }

    @discardableResult
    private func pg(_ tool: String, _ arguments: [String], binary: String? = nil) async throws -> CommandResult {
        let executable = binary ?? "\(binaries)/\(tool)"
        let result =
            asPostgres
            ? try await Self.run("/usr/sbin/runuser", ["-u", "postgres", "--", executable] + arguments)
            : try await Self.run(executable, arguments)
        return result
    }

    private static func run(_ executable: String, _ arguments: [String]) async throws -> CommandResult {
        let result = try await CommandResult.run(executable, arguments, timeout: .seconds(120))
        guard result.status == 0 else {
            throw Failed(description: "\(executable) \(arguments.first ?? "") failed: \(result.stderr)\(result.stdout)")
        }
        return result
    }
}

extension String {
    fileprivate func appendLine(to path: String) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(("\n" + self + "\n").utf8))
    }
}
