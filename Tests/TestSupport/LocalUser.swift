import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A throwaway second local user, for checking that another user can neither read patient data nor block the store's
/// lock (issue 21). Adding one needs root, `useradd` and `setpriv`; `canAdd` says whether this run can.
public struct LocalUser: Sendable {
    /// The user's name (`khtest` and a number).
    public let name: String
    /// Its numeric user and group ids.
    public let uid: String
    public let gid: String

    /// Whether this process can add a user and run commands as it.
    public static let canAdd =
        geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/sbin/useradd")
        && FileManager.default.isExecutableFile(atPath: "/usr/sbin/userdel")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")

    /// Why a user could not be added.
    public struct AddFailed: Error, CustomStringConvertible {
        public let description: String
    }

    /// Adds a system user with its own group, no home and no login shell; remove it with `remove()`.
    public static func add() async throws -> LocalUser {
        let name = "khtest\(UInt32.random(in: 0..<1_000_000))"
        let added = try await CommandResult.run(
            "/usr/sbin/useradd",
            ["--system", "--no-create-home", "--user-group", "--shell", "/usr/sbin/nologin", name],
            timeout: .seconds(30)
        )
        guard added.status == 0 else { throw AddFailed(description: "useradd \(name): \(added.stderr)") }
        let uid = try await CommandResult.run("/usr/bin/id", ["-u", name], timeout: .seconds(10))
        let gid = try await CommandResult.run("/usr/bin/id", ["-g", name], timeout: .seconds(10))
        guard uid.status == 0, gid.status == 0 else {
            _ = try? await CommandResult.run("/usr/sbin/userdel", [name], timeout: .seconds(30))
            throw AddFailed(description: "id \(name): \(uid.stderr)\(gid.stderr)")
        }
        return LocalUser(
            name: name,
            uid: uid.stdout.trimmingCharacters(in: .whitespacesAndNewlines),
            gid: gid.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        )
    }

    /// Runs `arguments` as this user, with none of the caller's supplementary groups.
    public func run(_ arguments: [String]) async throws -> CommandResult {
        try await CommandResult.run(
            "/usr/bin/setpriv",
            ["--reuid=\(uid)", "--regid=\(gid)", "--clear-groups", "--"] + arguments,
            timeout: .seconds(30)
        )
    }

    /// Whether this user can read `path` (`cat` as the user succeeds).
    public func canRead(_ path: String) async throws -> Bool {
        try await run(["/bin/cat", path]).status == 0
    }

    /// Whether this user can take an exclusive lock on `path` without waiting (`flock -n` as the user succeeds).
    public func canLock(_ path: String) async throws -> Bool {
        try await run(["/usr/bin/flock", "-n", path, "/bin/true"]).status == 0
    }

    /// Removes the user.
    public func remove() async {
        _ = try? await CommandResult.run("/usr/sbin/userdel", [name], timeout: .seconds(30))
    }

    /// Runs `body` with a new user, removing it afterwards whatever happens.
    public static func with<T>(_ body: (LocalUser) async throws -> T) async throws -> T {
        let user = try await add()
        do {
            let result = try await body(user)
            await user.remove()
            return result
        } catch {
            await user.remove()
            throw error
        }
    }
}
