import Foundation
import HubRecords
import HubStore
import TestSupport
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

    /// A child forked while the lock is held keeps a copy of its descriptor until it execs; releasing must not wait
    /// for that copy to close (seen as "in use by another hub" when one operation followed another while tests
    /// spawned processes in parallel). A `dup` of the lock's descriptor stands in for the child's copy.
    @Test func releasingFreesTheLockWhileAnotherDescriptorOfItIsOpen() async throws {
        try await withTemporaryDirectory { directory in
            let storePath = directory.appendingPathComponent("db.sqlite").path
            let lock = try StoreLock(storePath: storePath)
            let held = try #require(Self.descriptor(of: lock.lockPath), "the lock's descriptor is not in /proc/self/fd")
            let copy = dup(held)
            #expect(copy >= 0)
            defer { close(copy) }
            lock.release()
            let again = try StoreLock(storePath: storePath)
            again.release()
        }
    }

    /// The descriptor of this process open on `path`, read from /proc/self/fd.
    private static func descriptor(of path: String) -> Int32? {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return entries.compactMap(Int32.init).first { fd in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(fd)")) == path
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
        try ProcessLauncher.run(process)
        process.waitUntilExit()
        return process.terminationStatus
    }
}
