import AdapterKit
import AdapterProtocol

/// The `garmin-fit` adapter: `files/import` of one FIT file, or of a folder or zip of them.
///
/// Each file is all or nothing: the header, CRCs and record structure of every part of a chained file
/// are checked before any of its records is submitted (then it is decoded and submitted as it is read),
/// so a damaged or truncated file (or a damaged later part of it) stores nothing and is reported with
/// `file@offset`, while the other files import. Within a file, each record
/// that cannot be imported is reported on its own with the reason (one problem per skipped record, so the
/// hub's count of rejected records per kind is the count of skipped ones; beyond the listed maximum
/// `ImportDriver` sums them up in one `(more)` entry).
public struct GarminFITAdapter: Adapter {
    public let info = AdapterInfo(id: "garmin-fit", name: "Garmin FIT files", version: "0.1.0")
    public let capabilities = AdapterCapabilities(import: true, cancel: true)

    public init() {}

    public func importFile(_ request: ImportFileRequest, context: AdapterContext) async throws -> ImportFileResult {
        let path = request.path
        return try await ImportDriver.run(context: context) { output in
            let source = try ImportSource(path: path)
            let single = source.container == .file
            let files = single ? source.members : source.members(withSuffix: ".fit")
            guard !files.isEmpty else { throw ImportFailure(location: path, reason: "no .fit files in it") }
            let total = files.reduce(0) { $0 + $1.size }
            var done = 0
            for file in files {
                let bytes = try source.read(file)
                do {
                    // Streamed: each message's records go to the hub's batches as the file is decoded, so an
                    // activity of any length holds no more than its bytes and the batches in flight.
                    try FITMeasurements.read(
                        bytes,
                        fileName: file.name,
                        record: { item in try output.add(item.record, device: item.device) },
                        problem: { problem in
                            try output.problem("\(file.path)@\(problem.offset)", problem.reason, kind: problem.kind)
                        }
                    )
                } catch let failure as FITDecoder.Failure {
                    // One file of a folder or archive: reported, the others go on. A file on its own: an error.
                    let location = "\(file.path)@\(failure.offset)"
                    if single { throw ImportFailure(location: location, reason: failure.reason) }
                    try output.problem(location, "file not imported: \(failure.reason)")
                }
                done += file.size
                try output.progress(done: done, total: total)
            }
        }
    }
}
