import Foundation
import ZIPFoundation

/// Temporary files and zip archives for the importer tests.
struct TestDirectory {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "kidneyhub-importers-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    @discardableResult
    func write(_ bytes: [UInt8], to relative: String) throws -> String {
        let target = "\(path)/\(relative)"
        try FileManager.default.createDirectory(
            atPath: (target as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true
        )
        try Data(bytes).write(to: URL(fileURLWithPath: target))
        return target
    }

    @discardableResult
    func write(_ text: String, to relative: String) throws -> String {
        try write(Array(text.utf8), to: relative)
    }

    /// A zip holding `files` (path inside → content), deflated unless told otherwise.
    @discardableResult
    func zip(
        _ files: [(String, [UInt8])],
        to relative: String,
        compression: CompressionMethod = .deflate
    ) throws -> String {
        let target = "\(path)/\(relative)"
        let archive = try Archive(url: URL(fileURLWithPath: target), accessMode: .create)
        for (name, bytes) in files {
            let data = Data(bytes)
            try archive.addEntry(
                with: name,
                type: .file,
                uncompressedSize: Int64(data.count),
                compressionMethod: compression,
                provider: { position, size in data.subdata(in: Int(position)..<(Int(position) + size)) }
            )
        }
        return target
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
