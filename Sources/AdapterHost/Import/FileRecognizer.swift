import AdapterProtocol
import Foundation
import ZIPFoundation

/// Finds the file adapter for a path by the `matches.files` of the manifests (adapter-protocol.md §9):
/// a file by its name and first 4 KiB, a folder or zip archive by the paths of the files inside it.
public struct FileRecognizer: Sendable {
    /// How many bytes `contentSniff` looks at (adapter-protocol.md §9).
    public static let sniffBytes = 4096
    /// A folder with more files than this is judged by its first ones (sorted by path).
    public static let maxMembersListed = 200_000

    public let adapters: [InstalledAdapter]

    public init(adapters: [InstalledAdapter]) {
        self.adapters = adapters
    }

    /// The adapter that handles `path`, or a failure that says why none does.
    public func adapter(for path: String) throws(ImportUnrecognized) -> InstalledAdapter {
        let candidate = try Candidate(path: path)
        for adapter in adapters {
            for match in adapter.manifest.matches?.files ?? [] where candidate.satisfies(match) {
                return adapter
            }
        }
        let known = adapters.filter { !($0.manifest.matches?.files ?? []).isEmpty }.map(\.id)
        throw ImportUnrecognized(
            path: path,
            reason:
                "no adapter recognises it (file adapters on the search path: \(known.isEmpty ? "none" : known.joined(separator: ", ")))"
        )
    }

    /// What is at a path: its name, and the files inside when it is a folder or a zip.
    struct Candidate {
        enum Shape {
            case file
            case folder([String])
            case zip(Archive, [String])
        }
        let path: String
        let name: String
        let shape: Shape

        init(path: String) throws(ImportUnrecognized) {
            self.path = path
            name = (path as NSString).lastPathComponent
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw ImportUnrecognized(path: path, reason: "no such file or folder")
            }
            if isDirectory.boolValue {
                var members: [String] = []
                let enumerator = FileManager.default.enumerator(atPath: path)
                while let relative = enumerator?.nextObject() as? String,
                    members.count < FileRecognizer.maxMembersListed
                {
                    if enumerator?.fileAttributes?[.type] as? FileAttributeType == .typeRegular {
                        members.append(relative)
                    }
                }
                shape = .folder(members.sorted())
            } else if Self.head(path, 4) == [0x50, 0x4B, 0x03, 0x04] {
                // "PK\3\4": a zip's local file header (APPNOTE.TXT §4.3.7). One whose central directory cannot be
                // read (a download cut short) is said to be damaged, not taken for a file no adapter knows.
                guard let archive = try? Archive(url: URL(fileURLWithPath: path), accessMode: .read, pathEncoding: nil)
                else {
                    throw ImportUnrecognized(
                        path: path,
                        reason: "it starts as a zip archive but its table of contents (the central directory at its "
                            + "end) cannot be read: the file is truncated or damaged; download or copy it again"
                    )
                }
                shape = .zip(archive, archive.filter { $0.type == .file }.map(\.path))
            } else {
                shape = .file
            }
        }

        func satisfies(_ match: AdapterManifest.FileMatch) -> Bool {
            guard Glob.matches(match.namePattern, name) else { return false }
            switch (shape, match.memberPattern) {
            case (.file, nil):
                return match.contentSniff.map { sniff in
                    Self.contains(Self.head(path, FileRecognizer.sniffBytes), sniff)
                } ?? true
            case (.folder(let members), let pattern?):
                return members.lazy.filter { Glob.matches(pattern, $0) }.prefix(5).contains { member in
                    match.contentSniff.map {
                        Self.contains(Self.head("\(path)/\(member)", FileRecognizer.sniffBytes), $0)
                    } ?? true
                }
            case (.zip(let archive, let members), let pattern?):
                return members.lazy.filter { Glob.matches(pattern, $0) }.prefix(5).contains { member in
                    match.contentSniff.map { Self.contains(Self.zipHead(archive, member), $0) } ?? true
                }
            default:
                return false
            }
        }

        static func head(_ path: String, _ count: Int) -> [UInt8] {
            guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
            defer { try? handle.close() }
            return Array((try? handle.read(upToCount: count)) ?? Data())
        }

        static func zipHead(_ archive: Archive, _ member: String) -> [UInt8] {
            guard let entry = archive[member] else { return [] }
            var head: [UInt8] = []
            _ = try? archive.extract(entry, bufferSize: FileRecognizer.sniffBytes, skipCRC32: true) { data in
                head.append(contentsOf: data.prefix(FileRecognizer.sniffBytes - head.count))
                if head.count >= FileRecognizer.sniffBytes { throw SniffDone() }
            }
            return head
        }

        static func contains(_ haystack: [UInt8], _ needle: String) -> Bool {
            let needle = Array(needle.utf8)
            guard !needle.isEmpty else { return true }
            guard haystack.count >= needle.count else { return false }
            return (0...(haystack.count - needle.count)).contains { start in
                haystack[start..<(start + needle.count)].elementsEqual(needle)
            }
        }
    }

    private struct SniffDone: Error {}
}

/// A path no installed file adapter recognises, and why.
public struct ImportUnrecognized: Error, Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "\(path): \(reason)" }
}
