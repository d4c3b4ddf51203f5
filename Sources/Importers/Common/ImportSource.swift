import CSystemZlib
import Foundation
import ZIPFoundation

#if canImport(Glibc)
    import Glibc
#endif

/// A file, a folder or a zip archive opened for import: the files in it and a way to stream each.
///
/// Zip entries are inflated chunk by chunk through ZIPFoundation, so an entry of several GB is never
/// held in memory; folders and plain files are read with `read(2)` in chunks.
public final class ImportSource {
    /// What the path names.
    public enum Container: Sendable, Hashable {
        case file, folder, zip
    }

    /// One file inside the source: its path relative to the source ('/'-separated) and its size in bytes.
    public struct Member: Sendable, Hashable {
        public var path: String
        public var size: Int
        /// The last path component.
        public var name: String { path.split(separator: "/").last.map(String.init) ?? path }
    }

    public let path: String
    public let container: Container
    /// Every regular file, sorted by path.
    public let members: [Member]
    private let archive: Archive?

    /// Opens `path`; a zip is recognised by its signature, not its name.
    public init(path: String) throws(ImportFailure) {
        self.path = path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ImportFailure(location: path, reason: "no such file or folder")
        }
        if isDirectory.boolValue {
            container = .folder
            archive = nil
            members = Self.folderMembers(path)
        } else if Self.startsWithZipSignature(path) {
            container = .zip
            let opened: Archive
            do {
                opened = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
            } catch {
                throw ImportFailure(location: path, reason: "not a readable zip archive (\(error))")
            }
            archive = opened
            members = opened.filter { $0.type == .file }
                .map { Member(path: $0.path, size: Int($0.uncompressedSize)) }
                .sorted { $0.path < $1.path }
        } else {
            container = .file
            archive = nil
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            members = [Member(path: (path as NSString).lastPathComponent, size: size)]
        }
    }

    /// The members whose path ends with `suffix` (case-insensitive), e.g. `.fit`.
    public func members(withSuffix suffix: String) -> [Member] {
        let lowered = suffix.lowercased()
        return members.filter { $0.path.lowercased().hasSuffix(lowered) }
    }

    /// Streams a member's bytes in chunks of at most `chunkSize` to `consume`, in order.
    public func stream(_ member: Member, chunkSize: Int = 1 << 20, _ consume: (UnsafeRawBufferPointer) throws -> Void)
        throws
    {
        if let archive {
            guard let entry = archive[member.path] else {
                throw ImportFailure(location: member.path, reason: "entry disappeared from the archive")
            }
            // The CRC-32 is checked with zlib's `crc32`, not ZIPFoundation's: its byte-at-a-time loop in
            // Swift was a tenth of a Fitbit import's time. As before, the check is at the entry's end.
            var checksum = crc32(0, nil, 0)
            do {
                _ = try archive.extract(entry, bufferSize: chunkSize, skipCRC32: true) { data in
                    try data.withUnsafeBytes { bytes in
                        checksum = crc32(checksum, bytes.bindMemory(to: UInt8.self).baseAddress, uInt(bytes.count))
                        try consume(bytes)
                    }
                }
            } catch let error as ImportFailure {
                throw error
            } catch let error as CancellationError {
                throw error
            } catch let error as ImportStopped {
                throw error
            } catch {
                // ZIPFoundation's own errors: a bad CRC, a broken deflate stream, a short entry.
                throw ImportFailure(location: member.path, reason: "the zip entry is damaged (\(error))")
            }
            guard UInt32(truncatingIfNeeded: checksum) == entry.checksum else {
                throw ImportFailure(
                    location: member.path,
                    reason:
                        "the zip entry is damaged (its CRC-32 is 0x\(String(checksum, radix: 16)), the archive says 0x\(String(entry.checksum, radix: 16)))"
                )
            }
            return
        }
        let filePath = container == .file ? path : "\(path)/\(member.path)"
        let descriptor = open(filePath, O_RDONLY)
        guard descriptor >= 0 else {
            throw ImportFailure(location: member.path, reason: "cannot open: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = Glibc.read(descriptor, buffer.baseAddress, chunkSize)
            if count < 0 {
                if errno == EINTR { continue }
                throw ImportFailure(location: member.path, reason: "read failed: \(String(cString: strerror(errno)))")
            }
            if count == 0 { return }
            try consume(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        }
    }

    /// The most bytes a member read whole may hold: 256 MiB. The files read whole are a Fitbit export's JSON and
    /// CSV files and FIT files, which hold a few MB each (a year of minute-by-minute heart rate is about 30 MB); a
    /// larger one is refused with this reason instead of being held in memory (issue 21, drill finding 5: a 1 GB
    /// member took 1 GB of memory).
    public static let maxWholeMemberBytes = 256 << 20

    /// A member's whole content; for the small files of an export (a Fitbit JSON file, a FIT file). A member
    /// larger than `limit` is refused before it is read, or as soon as it inflates past it (a zip entry may
    /// declare a smaller size than it holds).
    public func read(_ member: Member, limit: Int = ImportSource.maxWholeMemberBytes) throws -> [UInt8] {
        let refusal = { (size: String) in
            ImportFailure(
                location: member.path,
                reason: "it holds \(size) bytes, more than the \(limit) bytes one file of an export may hold "
                    + "(\(limit >> 20) MiB; export files hold a few MB); it was not read"
            )
        }
        guard member.size <= limit else { throw refusal("\(member.size)") }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(member.size)
        try stream(member) { chunk in
            guard bytes.count + chunk.count <= limit else { throw refusal("more than \(limit)") }
            bytes.append(contentsOf: chunk)
        }
        return bytes
    }

    private static func folderMembers(_ root: String) -> [Member] {
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var members: [Member] = []
        while let relative = enumerator.nextObject() as? String {
            let attributes = enumerator.fileAttributes
            guard attributes?[.type] as? FileAttributeType == .typeRegular else { continue }
            members.append(Member(path: relative, size: (attributes?[.size] as? Int) ?? 0))
        }
        return members.sorted { $0.path < $1.path }
    }

    /// Local file header signature "PK\u{3}\u{4}" (APPNOTE.TXT §4.3.7).
    private static func startsWithZipSignature(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 4)) ?? Data()
        return Array(head) == [0x50, 0x4B, 0x03, 0x04]
    }
}

/// A file that cannot be imported at all, or a part of it that cannot be read past: where and why.
public struct ImportFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// `FILE`, `FILE:LINE` or `FILE@OFFSET` (adapter-protocol.md §4).
    public var location: String
    public var reason: String
    public init(location: String, reason: String) {
        self.location = location
        self.reason = reason
    }
    public var description: String { "\(location): \(reason)" }
}
