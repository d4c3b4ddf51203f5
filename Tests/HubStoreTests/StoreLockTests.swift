import Foundation
import HubRecords
import HubStore
import Testing

/// One hub per store: the flock on `<store>.lock`.
struct StoreLockTests {
    @Test func aSecondAcquireFailsUntilRelease() async throws {
        try await withTemporaryDirectory { directory in
            let storePath = directory.appendingPathComponent("state/db.sqlite").path
            let lock = try StoreLock(storePath: storePath)
            #expect(lock.lockPath == storePath + ".lock")
            #expect(FileManager.default.fileExists(atPath: lock.lockPath))

            do throws(HubStoreError) {
                _ = try StoreLock(storePath: storePath)
                Issue.record("a second open took the lock")
            } catch {
                #expect(error == .storeLocked(storePath: storePath, lockPath: storePath + ".lock"))
                #expect(error.description.contains(storePath))
            }

            lock.release()
            let again = try StoreLock(storePath: storePath)
            again.release()
        }
    }

    @Test func droppingTheLockReleasesIt() async throws {
        try await withTemporaryDirectory { directory in
            let storePath = directory.appendingPathComponent("db.sqlite").path
            do { _ = try StoreLock(storePath: storePath) }
            let lock = try StoreLock(storePath: storePath)
            lock.release()
        }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/flock")))
    func anotherProcessSeesTheLock() async throws {
        try await withTemporaryDirectory { directory in
            let storePath = directory.appendingPathComponent("db.sqlite").path
            let lock = try StoreLock(storePath: storePath)
            #expect(try flockStatus(lock.lockPath) != 0, "util-linux flock --nonblock fails while we hold it")
            lock.release()
            #expect(try flockStatus(storePath + ".lock") == 0)
        }
    }

    /// Runs `flock --nonblock PATH true` in a child process and returns its exit status.
    private func flockStatus(_ path: String) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        process.arguments = ["--nonblock", path, "true"]
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
