import AdapterProtocol
import Foundation

extension HubService {
    /// Imports one file, folder or zip through the file adapter whose manifest recognises it (or the
    /// one named), with `files/import` (adapter-protocol.md §4), and reports per kind what was stored,
    /// what was already there and what was rejected. A file the adapter could not read to its end
    /// (`-32007`) is reported too, with what was stored before the damage; other errors are thrown.
    public func importFile(path: String, adapterId: String? = nil, progressToken: String? = nil) async throws
        -> ImportReport
    {
        // Adapters run in their manifest's directory: they need an absolute path.
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let adapter: InstalledAdapter
        if let adapterId {
            guard let named = catalog.adapter(id: adapterId) else {
                throw AdapterUnavailable(adapterId: adapterId, reason: "no such adapter on the search path")
            }
            adapter = named
        } else {
            adapter = try FileRecognizer(adapters: catalog.adapters).adapter(for: absolute)
        }
        let client = try await supervisor(for: adapter.id).client()
        guard client.info?.capabilities.import == true else {
            throw RPCError(
                .methodNotFound,
                "adapter \(adapter.id) does not import files (no such capability in its initialize answer)"
            )
        }
        sink.startImportTally(adapterId: adapter.id)
        do {
            let result = try await client.importFile(path: absolute, progressToken: progressToken)
            let tally = sink.stopImportTally(adapterId: adapter.id)
            return ImportReport(
                path: path,
                adapterId: adapter.id,
                tally: tally,
                problems: result.problems,
                failure: nil
            )
        } catch let error as RPCError where error.code == .fileUnreadable {
            let tally = sink.stopImportTally(adapterId: adapter.id)
            let problems = (error.data["problems"]?.arrayValue ?? []).compactMap { value -> ImportProblem? in
                guard let location = value["location"]?.stringValue, let reason = value["reason"]?.stringValue else {
                    return nil
                }
                return ImportProblem(location: location, reason: reason, kind: value["kind"]?.stringValue)
            }
            return ImportReport(
                path: path,
                adapterId: adapter.id,
                tally: tally,
                problems: problems,
                failure: error.message
            )
        } catch let error as RPCError where error.isConnectionClosed {
            // The adapter died mid-import (a crash, a kill, a broken pipe): imports are not resumed (§6), but every
            // acknowledged batch is committed and records are unique per device, so running the import again
            // stores only what is missing (issue 21, drill finding 6).
            let tally = sink.stopImportTally(adapterId: adapter.id)
            let stored = tally.perKind.values.reduce(0) { $0 + $1.stored }
            throw ImportInterrupted(
                adapterId: adapter.id,
                path: path,
                cause: error.message,
                storedBefore: stored,
                stderrTail: client.process.stderrText
            )
        } catch {
            sink.stopImportTally(adapterId: adapter.id)
            throw error
        }
    }
}

/// An import whose adapter stopped answering before it finished.
public struct ImportInterrupted: Error, Sendable, CustomStringConvertible {
    public var adapterId: String
    public var path: String
    /// What closed the connection ("write failed: Broken pipe", "end of output").
    public var cause: String
    /// Records stored before the adapter stopped; they stay stored.
    public var storedBefore: Int
    /// The last lines the adapter wrote to stderr, if any.
    public var stderrTail: String

    public var description: String {
        let last = stderrTail.split(separator: "\n").last.map { "; its last message: \($0)" } ?? ""
        // Lines of their own, so each fits the terminal's 100 columns.
        return "the \(adapterId) adapter stopped in the middle of importing \(path) (\(cause))\(last).\n"
            + "The \(storedBefore) record\(storedBefore == 1 ? "" : "s") stored before it stopped are kept; running "
            + "the same import again is safe\nand stores only what is missing."
    }
}
