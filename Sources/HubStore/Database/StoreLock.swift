import Foundation
import HubRecords

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Proof that this process is the one hub of a store: an exclusive `flock` on `<resolved store path>.lock`, held
/// until released or the process ends.
///
/// `flock` rather than a PID file because the kernel drops the lock when the process dies, however it dies, so a
/// crashed hub never leaves a stale lock. The lock belongs to the open file description: a second `open` of the
/// file, in this process or another, cannot take it. Non-copyable so exactly one owner can release it.
///
/// The lock file is 0600 and must be this user's: `flock` works on a descriptor opened for reading only, so a lock
/// file others could open would let any local user hold it and stop this user's hub. Its name is derived from the
/// store's resolved path, so one store named through a symbolic link (or `..`) gets one lock.
public struct StoreLock: ~Copyable, Sendable {
    /// The store the lock guards, as given.
    public let storePath: String
    /// The lock file, `<resolved store path>.lock`.
    public let lockPath: String
    private let descriptor: Int32

    /// Takes the lock without waiting; throws `HubStoreError.storeLocked` if another holder has it.
    public init(storePath: String) throws(HubStoreError) {
        let directory = (storePath as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            do { try OwnerOnlyFiles.createDirectory(atPath: directory) } catch {
                throw .cannotCreateDirectory(path: directory, reason: error.description)
            }
        }
        let lockPath = Self.resolvedPath(of: storePath) + ".lock"
        // O_CLOEXEC: adapter processes the hub spawns must not inherit the descriptor, or a surviving child would
        // keep the store locked after the hub died. O_NOFOLLOW: a lock file that is a symbolic link points somewhere
        // this user may not control. 0600 and the fchmod below: no other user can open the file at all, whatever
        // the umask and whatever mode an older hub left it with.
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, OwnerOnlyFiles.fileMode)
        guard descriptor >= 0 else {
            let code = errno
            throw .lockFailed(lockPath: lockPath, errno: code, reason: String(cString: strerror(code)))
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            close(descriptor)
            throw .lockFailed(lockPath: lockPath, errno: code, reason: String(cString: strerror(code)))
        }
        guard info.st_uid == geteuid() else {
            close(descriptor)
            throw .lockNotOwned(lockPath: lockPath, ownerUID: info.st_uid)
        }
        guard fchmod(descriptor, OwnerOnlyFiles.fileMode) == 0 else {
            let code = errno
            close(descriptor)
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

    /// The store's path with symbolic links and `.`/`..` resolved: the store file itself when it exists (it may be
    /// a link), else its folder (which `init` has created) and the file's name; the path as given when neither
    /// resolves.
    public static func resolvedPath(of storePath: String) -> String {
        if let resolved = realpathString(storePath) { return resolved }
        let directory = (storePath as NSString).deletingLastPathComponent
        let name = (storePath as NSString).lastPathComponent
        guard let folder = realpathString(directory.isEmpty ? "." : directory) else { return storePath }
        return (folder as NSString).appendingPathComponent(name)
    }

    private static func realpathString(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
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
