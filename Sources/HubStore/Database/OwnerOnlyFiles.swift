import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Files and folders that hold patient data, made readable by their owner only (folders 0700, files 0600) whatever
/// the process's umask, and tightened when they already exist with wider modes.
///
/// Explicit modes, set with `fchmod`/`chmod` after creation, rather than a process-wide `umask(077)`: the umask is
/// shared by every thread of the process and by the library entry points that never pass through the command line,
/// and `open`/`mkdir` can only narrow a mode through it, never guarantee one (a umask of 0 leaves 0644 as 0644).
public enum OwnerOnlyFiles {
    /// The mode of a folder holding patient data.
    public static let directoryMode: mode_t = 0o700
    /// The mode of a file holding patient data.
    public static let fileMode: mode_t = 0o600

    /// Creates `path` and its missing parents as 0700 folders; an existing `path` is tightened to 0700 when
    /// `tightenExisting` and it is this user's own folder (see `tightenDirectory`).
    public static func createDirectory(atPath path: String, tightenExisting: Bool = true) throws(OwnerOnlyFileError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw .notADirectory(path: path) }
            if tightenExisting { try tightenDirectory(atPath: path) }
            return
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path {
            // Parents the hub creates are its own and hold the data too; existing parents are the user's, left alone.
            try createDirectory(atPath: parent, tightenExisting: false)
        }
        if mkdir(path, directoryMode) != 0 {
            let code = errno
            // Another process (a second command on the same store) may have made it in between: that is fine.
            guard code == EEXIST else { throw .failed(path: path, operation: "mkdir", errno: code) }
        }
        // mkdir applies the umask, which may also have removed owner bits; chmod states the mode exactly.
        guard chmod(path, directoryMode) == 0 else { throw .failed(path: path, operation: "chmod", errno: errno) }
    }

    /// Removes group and other permissions from an existing folder of this user's.
    ///
    /// Left alone: a folder owned by someone else (chmod would fail, and it is not the hub's to change), a sticky
    /// folder (a shared one such as /tmp), and the user's home folder (a store kept directly in it must not change
    /// what others may see of the rest of it); the files inside are 0600 either way.
    public static func tightenDirectory(atPath path: String) throws(OwnerOnlyFileError) {
        var info = stat()
        guard stat(path, &info) == 0 else { throw .failed(path: path, operation: "stat", errno: errno) }
        guard info.st_uid == geteuid(), info.st_mode & S_ISVTX == 0, info.st_mode & 0o077 != 0 else { return }
        if let home = ProcessInfo.processInfo.environment["HOME"], !home.isEmpty,
            let resolvedHome = realpath(home), let resolved = realpath(path), resolvedHome == resolved
        {
            return
        }
        guard chmod(path, info.st_mode & 0o700) == 0 else {
            throw .failed(path: path, operation: "chmod", errno: errno)
        }
    }

    /// Removes group and other permissions from an existing file (a missing one is not an error): the store, its
    /// `-wal`, `-shm` and journal, and the files of the reports and photos folders when they are opened.
    public static func tightenFile(atPath path: String) throws(OwnerOnlyFileError) {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            let code = errno
            if code == ENOENT { return }
            throw .failed(path: path, operation: "stat", errno: code)
        }
        // A symbolic link is followed (a store may be named through one); chmod acts on its target.
        if info.st_mode & S_IFMT == S_IFLNK, stat(path, &info) != 0 { return }
        guard info.st_mode & 0o077 != 0, info.st_uid == geteuid() else { return }
        guard chmod(path, info.st_mode & 0o700) == 0 else {
            throw .failed(path: path, operation: "chmod", errno: errno)
        }
    }

    /// Tightens every regular file directly inside `directory` (not recursing): the reports and photos already there
    /// when the hub last wrote them with wider modes.
    public static func tightenFiles(inDirectory directory: String) throws(OwnerOnlyFileError) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in names {
            try tightenFile(atPath: (directory as NSString).appendingPathComponent(name))
        }
    }

    /// Makes `path` a 0600 file before another writer (SQLite, cairo, an output stream) opens it by name: those create
    /// files 0666 minus the umask but keep the mode of a file that exists. A new file is empty; an existing one keeps
    /// its content (and loses group and other permissions) unless `truncate`, which empties it and sets 0600.
    public static func prepareFile(atPath path: String, truncate: Bool = false) throws(OwnerOnlyFileError) {
        let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (truncate ? O_TRUNC : O_EXCL)
        let descriptor = open(path, flags, fileMode)
        guard descriptor >= 0 else {
            let code = errno
            // An existing file is only tightened, by path: opening it for writing would refuse a store this user
            // may only read, which is not this function's call to make.
            if code == EEXIST, !truncate { return try tightenFile(atPath: path) }
            throw .failed(path: path, operation: "open", errno: code)
        }
        defer { close(descriptor) }
        try tighten(descriptor: descriptor, path: path)
    }

    /// Writes `data` to `path` atomically (a 0600 temporary file in the same folder, renamed into place), so the file
    /// is never visible with a wider mode, not even for a moment.
    public static func write(_ data: Data, toFile path: String) throws(OwnerOnlyFileError) {
        let directory = (path as NSString).deletingLastPathComponent
        let temporary =
            (directory.isEmpty ? "." : directory) + "/.\((path as NSString).lastPathComponent).\(UUID().uuidString).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, fileMode)
        guard descriptor >= 0 else { throw .failed(path: temporary, operation: "open", errno: errno) }
        var closed = false
        defer {
            if !closed { close(descriptor) }
        }
        do throws(OwnerOnlyFileError) {
            try tighten(descriptor: descriptor, path: temporary)
            // Data's withUnsafeBytes rethrows untyped errors, so the failure comes back as a value.
            let failure = data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> OwnerOnlyFileError? in
                var offset = 0
                while offset < buffer.count {
                    let written = posixWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        return .failed(path: temporary, operation: "write", errno: errno)
                    }
                    offset += written
                }
                return nil
            }
            if let failure { throw failure }
            closed = true
            guard close(descriptor) == 0 else {
                throw OwnerOnlyFileError.failed(path: temporary, operation: "close", errno: errno)
            }
            guard rename(temporary, path) == 0 else {
                throw OwnerOnlyFileError.failed(path: path, operation: "rename", errno: errno)
            }
        } catch {
            unlink(temporary)
            throw error
        }
    }

    /// Sets an open file's mode to exactly 0600 (over the umask, and over the mode of a file that already existed).
    static func tighten(descriptor: Int32, path: String) throws(OwnerOnlyFileError) {
        guard fchmod(descriptor, fileMode) == 0 else { throw .failed(path: path, operation: "fchmod", errno: errno) }
    }

    private static func realpath(_ path: String) -> String? {
        guard let resolved = posixRealpath(path) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// Why a patient-data file or folder could not be made owner-only; the text names the path and the system's reason.
public enum OwnerOnlyFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A system call failed on `path`.
    case failed(path: String, operation: String, errno: Int32)
    /// `path` exists and is not a folder.
    case notADirectory(path: String)

    public var description: String {
        switch self {
        case .failed(let path, let operation, let code):
            "\(path): \(operation) failed: \(String(cString: strerror(code)))"
        case .notADirectory(let path): "\(path) exists and is not a folder"
        }
    }
}

// File-level names for the C functions that `OwnerOnlyFiles`' own members of the same name would hide.
private func posixWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}

private func posixRealpath(_ path: String) -> UnsafeMutablePointer<CChar>? { realpath(path, nil) }
