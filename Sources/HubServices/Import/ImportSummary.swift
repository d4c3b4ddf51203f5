import AdapterHost
import AdapterProtocol

/// What importing one export did, as a front end reports it: per kind, what was stored, found already stored and
/// rejected, and each rejected record with where it was and why.
public struct ImportSummary: Sendable, Equatable {
    /// One kind's line.
    public struct Kind: Sendable, Equatable {
        /// The kind's name (`body_weight`, `heart_rate`, …; `(file)` for problems of the file itself).
        public var kind: String
        public var imported: Int
        public var duplicates: Int
        public var rejected: Int
    }

    /// One rejected record.
    public struct Rejection: Sendable, Equatable {
        /// FILE:LINE, FILE@OFFSET or the record's id.
        public var location: String
        public var reason: String
        public var kind: String?
    }

    /// The adapter that read the export.
    public var adapterId: String
    /// Every kind with at least one record, by name.
    public var kinds: [Kind]
    /// The rejected records, in the order met.
    public var rejected: [Rejection]
    /// What the adapter noted that is not a problem (record types left out on purpose).
    public var notes: [String]
    /// Set when the file could not be read to its end: the adapter's error.
    public var failure: String?

    /// Records stored, every kind.
    public var storedCount: Int { kinds.reduce(0) { $0 + $1.imported } }

    init(_ report: ImportReport) {
        adapterId = report.adapterId
        kinds = report.kinds.sorted { $0.key < $1.key }.map {
            Kind(
                kind: $0.key,
                imported: $0.value.imported,
                duplicates: $0.value.duplicates,
                rejected: $0.value.rejected
            )
        }
        rejected = report.rejected.map { Rejection(location: $0.location, reason: $0.reason, kind: $0.kind) }
        notes = report.notes
        failure = report.failure
    }
}

/// Why an export could not be imported at all.
public struct ImportRefused: Error, Sendable, Equatable, CustomStringConvertible {
    /// No file adapter recognises the file, or it could not be read; the hub's words.
    public var reason: String
    public var description: String { reason }
}

extension ImportService {
    /// Imports one export file through the file adapter that recognises it, with the hub running on the store
    /// (`kidneyhub serve`, the web app's own) when one answers, else with a hub of this process. Progress reports go
    /// to the running hub's `onActivity` under the token `import`. Throws `ImportRefused` when nothing could be read.
    public func importExport(path: String) async throws -> ImportSummary {
        let report: ImportReport
        do {
            report = try await app.viaRunningHub(ControlImportRequest(path: path, adapterId: nil), { $0 }) {
                try await app.withInProcessHub(setup) { hub in
                    try await hub.importFile(path: path, adapterId: nil, progressToken: "import")
                }
            }
        } catch let error as RPCError {
            throw ImportRefused(reason: error.message)
        } catch let error as ImportUnrecognized {
            throw ImportRefused(reason: error.reason)
        } catch let error as AdapterUnavailable {
            throw ImportRefused(reason: "\(error)")
        }
        return ImportSummary(report)
    }
}
