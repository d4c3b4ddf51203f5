import AdapterKit
import AdapterProtocol

/// The `apple-health` adapter: `files/import` of the Health app's `export.zip`, its unpacked
/// folder, or `export.xml` itself (formats.md §2). The XML is streamed (from inside the zip too)
/// and never held in memory.
///
/// A file damaged part-way (truncated, broken beyond libxml2's recovery) is answered with `-32007`
/// naming the line; every record read before the damage has been submitted and stored completely.
public struct AppleHealthAdapter: Adapter {
    public let info = AdapterInfo(id: "apple-health", name: "Apple Health export", version: "0.1.0")
    public let capabilities = AdapterCapabilities(import: true, cancel: true)

    public init() {}

    public func importFile(_ request: ImportFileRequest, context: AdapterContext) async throws -> ImportFileResult {
        let path = request.path
        return try await ImportDriver.run(context: context) { output in
            let source = try ImportSource(path: path)
            let member = try Self.exportXML(in: source)
            try Self.parse(member, of: source, into: output)
        }
    }

    /// Streams `member` of `source` through the parser.
    static func parse(_ member: ImportSource.Member, of source: ImportSource, into output: ImportOutput) throws {
        let parser = AppleHealthParser(output: output, fileLabel: member.path)
        var done = 0
        try source.stream(member) { chunk in
            try parser.feed(chunk)
            done += chunk.count
            try output.progress(done: done, total: max(member.size, done))
        }
        try parser.finish()
    }

    /// The HealthKit export inside a source: `export.xml` by name, else the first XML file whose
    /// beginning names `HealthData` (localized exports rename things; healthkit-to-sqlite sniffs the
    /// same way, formats.md §2.1). `export_cda.xml` is never taken.
    static func exportXML(in source: ImportSource) throws -> ImportSource.Member {
        if source.container == .file { return source.members[0] }
        let candidates = source.members(withSuffix: ".xml").filter { !$0.name.lowercased().contains("_cda") }
        if let named = candidates.first(where: { $0.name == "export.xml" }) { return named }
        for candidate in candidates where try sniff(candidate, of: source).contains("HealthData") { return candidate }
        throw ImportFailure(
            location: source.path,
            reason:
                "no Apple Health export in it: expected an XML file whose root element is HealthData (export.xml, or its name in the phone's language, e.g. exportar.xml or Exportieren.xml)"
        )
    }

    private static func sniff(_ member: ImportSource.Member, of source: ImportSource) throws -> String {
        var head: [UInt8] = []
        do {
            try source.stream(member, chunkSize: 4096) { chunk in
                head.append(contentsOf: chunk)
                throw ImportStopped()
            }
        } catch is ImportStopped {}
        return String(decoding: head, as: UTF8.self)
    }
}
