import CareServerStore
import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A PostgreSQL cluster of the test suite's own: `initdb` into a temporary folder, listening only on a unix socket in
/// it, run as `postgres` when the tests run as root (CI does; PostgreSQL refuses root), stopped and removed by
/// `stop()`. Each test takes a database of its own in it (`freshDatabase()`).
///
/// The server runs in the foreground as a child this process holds, never through `pg_ctl start`: Foundation's
/// `Process` on Linux learns that a child ended when a socket it hands the child closes, and a server that
/// `pg_ctl` daemonizes inherits that socket, so `pg_ctl start` looked to the test as if it ran until the cluster
/// stopped (the postmaster held the socket as its fd 15; `isRunning` stayed true, `waitUntilExit` never
/// returned and the suite hung). Held as a child, the server's lifetime is exactly what `Process` sees.
struct ThrowawayPostgres: Sendable {
    struct Failed: Error, CustomStringConvertible {
        let description: String
    }

    let folder: TemporaryDirectory
    let binaries: String
    let port: Int
    let asPostgres: Bool
    let server: Process

    /// The folder holding `initdb` and `postgres`: `PG_BIN`, else the newest of Debian's versions, else
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

    /// Starts a new cluster with role `kidneyhub` and waits until it accepts connections.
    static func start() async throws -> ThrowawayPostgres {
        let folder = try TemporaryDirectory()
        let asPostgres = geteuid() == 0
        let binaries = try binaries()
        let port = Int.random(in: 20000..<60000)
        let data = folder.file("data")
        do {
            if asPostgres {
                _ = try await run("/bin/chown", ["-R", "postgres:postgres", folder.path])
            }
            try await run(
                as: asPostgres,
                "\(binaries)/initdb",
                ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"]
            )
            try """
            listen_addresses = ''
            port = \(port)
            unix_socket_directories = '\(folder.path)'
            fsync = off
            synchronous_commit = off
            full_page_writes = off
            """.appendLine(to: "\(data)/postgresql.conf")
        } catch {
            folder.remove()
            throw error
        }
        let server = try launch(as: asPostgres, "\(binaries)/postgres", ["-D", data], log: folder.file("postgres.log"))
        let cluster = ThrowawayPostgres(
            folder: folder,
            binaries: binaries,
            port: port,
            asPostgres: asPostgres,
            server: server
        )
        do {
            try await cluster.waitUntilReady()
            try await cluster.psql("CREATE ROLE kidneyhub LOGIN")
        } catch {
            await cluster.stop()
            throw error
        }
        return cluster
    }

    var data: String { folder.file("data") }

    /// A new, empty database owned by `kidneyhub`, for one test; the URL the store connects to it with.
    func freshDatabase() async throws -> DatabaseURL {
        let name = "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try await psql("CREATE DATABASE \(name) OWNER kidneyhub")
        return try DatabaseURL("postgres://kidneyhub@/\(name)?host=\(folder.path)&port=\(port)")
    }

    /// Runs SQL as the superuser.
    func psql(_ sql: String) async throws {
        let psql =
            FileManager.default.isExecutableFile(atPath: "\(binaries)/psql") ? "\(binaries)/psql" : "/usr/bin/psql"
        try await Self.run(
            as: asPostgres,
            psql,
            [
                "-h", folder.path, "-p", String(port), "-U", "postgres", "-d", "postgres", "-v",
                "ON_ERROR_STOP=1", "-q", "-c", sql,
            ]
        )
    }

    /// Stops the server (fast shutdown: SIGINT to the postmaster, which ends every session) and removes the folder.
    /// If the server does not end within a minute it is killed, so no test run leaves a `postgres` process behind.
    func stop() async {
        if let postmaster = postmasterID() {
            kill(postmaster, SIGINT)
            do {
                try await eventually("the throwaway cluster to stop", within: .seconds(60)) { !server.isRunning }
            } catch {
                kill(postmaster, SIGKILL)
                kill(server.processIdentifier, SIGKILL)
            }
        } else if server.isRunning {
            kill(server.processIdentifier, SIGKILL)
        }
        await CommandResult.waitForExit(server)
        folder.remove()
    }

    /// The postmaster's process id from its lock file (the held child may be `runuser`, not the postmaster).
    private func postmasterID() -> pid_t? {
        guard let text = try? String(contentsOfFile: "\(data)/postmaster.pid", encoding: .utf8),
            let first = text.split(separator: "\n").first
        else { return nil }
        return pid_t(first.trimmingCharacters(in: .whitespaces))
    }

    /// Waits until `pg_isready` says the server accepts connections; fails at once if the server has ended.
    private func waitUntilReady() async throws {
        let isReady =
            FileManager.default.isExecutableFile(atPath: "\(binaries)/pg_isready")
            ? "\(binaries)/pg_isready" : "/usr/bin/pg_isready"
        try await eventually(
            "the throwaway cluster to accept connections (log: \(folder.file("postgres.log")))",
            within: .seconds(120),
            pollingEvery: .milliseconds(100)
        ) {
            guard server.isRunning else {
                let log = (try? String(contentsOfFile: folder.file("postgres.log"), encoding: .utf8)) ?? ""
                throw Failed(description: "the throwaway cluster's server ended at start:\n\(log)")
            }
            let answer = try await CommandResult.run(
                isReady,
                ["-q", "-h", folder.path, "-p", String(port), "-U", "postgres", "-d", "postgres"],
                timeout: .seconds(30)
            )
            return answer.status == 0
        }
    }

    /// Starts `executable` as the server, in the foreground, its output appended to `log` (a file, never a pipe
    /// this process would have to drain).
    private static func launch(as postgres: Bool, _ executable: String, _ arguments: [String], log: String) throws
        -> Process
    {
        FileManager.default.createFile(atPath: log, contents: nil)
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        defer { try? output.close() }
        let process = Process()
        if postgres {
            process.executableURL = URL(fileURLWithPath: "/usr/sbin/runuser")
            process.arguments = ["-u", "postgres", "--", executable] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = output
        try ProcessLauncher.run(process)
        return process
    }

    /// Runs a tool that ends by itself (`initdb`, `psql`), as `postgres` when asked.
    @discardableResult
    private static func run(as postgres: Bool, _ executable: String, _ arguments: [String]) async throws
        -> CommandResult
    {
        postgres
            ? try await run("/usr/sbin/runuser", ["-u", "postgres", "--", executable] + arguments)
            : try await run(executable, arguments)
    }

    @discardableResult
    private static func run(_ executable: String, _ arguments: [String]) async throws -> CommandResult {
        let result = try await CommandResult.run(executable, arguments, timeout: .seconds(120))
        guard result.status == 0 else {
            throw Failed(
                description:
                    "\(executable) \(arguments.joined(separator: " ")) failed: \(result.stderr)\(result.stdout)"
            )
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
