import Foundation
import HubRecords

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Proof that this process is the one hub of a store: an exclusive `flock` on `<store path>.lock`, held until
/// released or the process ends.
///
/// `flock` rather than a PID file because the kernel drops the lock when the process dies, however it dies, so a
/// crashed hub never leaves a stale lock. The lock belongs to the open file description: a second `open` of the
/// file, in this process or another, cannot take it. Non-copyable so exactly one owner can release it.
public struct StoreLock: ~Copyable, Sendable {
    /// The store the lock guards.
    public let storePath: String
    /// The lock file, `<store path>.lock`.
    public let lockPath: String
    private let descriptor: Int32

    /// Takes the lock without waiting; throws `HubStoreError.storeLocked` if another holder has it.
    public init(storePath: String) throws(HubStoreError) {
        let lockPath = storePath + ".lock"
        let directory = (lockPath as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw .cannotCreateDirectory(path: directory, reason: "\(error)")
            }
        }
        // O_CLOEXEC: adapter processes the hub spawns must not inherit the descriptor, or a surviving child would
        // keep the store locked after the hub died.
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let code = errno
            throw .lockFailed(lockPath: lockPath, errno: code, reason: String(cString: strerror(code)))
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            close(descriptor)
            if code == EWOULDBLOCK {
                throw .storeLocked(storePath: storePath, lockPath: lockPath)
            }
            throw .lockFailed(lockPath: lockPath, errno: code, reason: String(cString: strerror(code)))
        }
        self.storePath = storePath
        self.lockPath = lockPath
        self.descriptor = descriptor
    }

    /// Releases the lock now (it is also released when the value is dropped or the process exits).
    public consuming func release() {}

    deinit {
        // Unlocked explicitly before closing: a process this one forks (an adapter, or any other child) holds a copy
        // of the descriptor between fork and exec, and while a copy is open, closing ours alone would leave the open
        // file description, and so the lock, held. LOCK_UN releases it whichever descriptors still refer to it.
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
