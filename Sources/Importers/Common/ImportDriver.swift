import AdapterKit
import AdapterProtocol
import Foundation
import Synchronization

/// Runs one `files/import`: the parser on a thread of its own, its records submitted to the hub
/// as they come (adapter-protocol.md §4, §5), progress forwarded, problems collected.
public enum ImportDriver {
    /// At most this many problems are listed in the answer; the rest are counted in one last entry,
    /// so a file of millions of bad lines cannot make the answer larger than a protocol line.
    public static let maxListedProblems = 2000

    /// Parses with `parse` (which runs on a dedicated thread and may block) and submits what it finds.
    /// A parse that fails with `ImportFailure` is answered with `-32007` after everything read before
    /// the failure was submitted and acknowledged: what was read before damage is stored completely.
    public static func run(
        context: AdapterContext,
        parse: @escaping @Sendable (ImportOutput) throws -> Void
    ) async throws -> ImportFileResult {
        let output = ImportOutput(batchSize: context.limits.maxBatchRecords, maxPending: 8)
        let outcome = Mutex<(any Error)?>(nil)
        let thread = Thread {
            do {
                try parse(output)
                try output.flush()
            } catch {
                outcome.withLock { $0 = error }
                // What was read before the damage is stored completely: its buffered records go out too.
                if !(error is ImportStopped) { try? output.flush() }
            }
            output.finish()
        }
        thread.stackSize = 8 << 20
        thread.start()

        var submitters: [String: MeasurementSubmitter] = [:]
        var problems: [ImportProblem] = []
        var unlisted = 0
        var submitFailure: (any Error)?
        await context.progress(ProgressValue(kind: .begin, message: "reading"))
        for await event in output.events {
            if submitFailure == nil, Task.isCancelled {
                submitFailure = CancellationError()
                output.stop()
            }
            if submitFailure == nil {
                do {
                    switch event {
                    case .records(let device, let records):
                        let submitter = submitters[device.deviceId] ?? context.submitter(for: device)
                        submitters[device.deviceId] = submitter
                        try await submitter.submit(records)
                    case .problem(let problem):
                        // The counts of skipped types and what was found where are a few lines, always listed.
                        if problems.count < maxListedProblems
                            || [ImportOutput.skippedLocation, ImportOutput.foundLocation].contains(problem.location)
                        {
                            problems.append(problem)
                        } else {
                            unlisted += 1
                        }
                    case .progress(let done, let total):
                        let percentage = total > 0 ? min(100, Double(done) * 100 / Double(total)) : nil
                        await context.progress(
                            ProgressValue(kind: .report, percentage: percentage, done: done, total: total)
                        )
                    }
                } catch {
                    submitFailure = error
                    output.stop()
                }
            }
            output.handled()
        }

        var submitted = 0
        for submitter in submitters.values {
            do {
                let summary = try await submitter.finish()
                submitted += summary.submitted
            } catch {
                submitFailure = submitFailure ?? error
            }
        }
        await context.progress(ProgressValue(kind: .end))
        if let submitFailure { throw submitFailure }
        if unlisted > 0 {
            problems.append(
                ImportProblem(location: "(more)", reason: "\(unlisted) more problems not listed")
            )
        }
        if let failure = outcome.withLock({ $0 }) {
            if let failure = failure as? ImportFailure {
                // Says that records before the damage were stored only when some were, with their
                // count (a path that holds no data at all has no "before").
                let before =
                    submitted == 0
                    ? ""
                    : submitted == 1
                        ? "; the 1 record read before the damage was stored"
                        : "; the \(ImportOutput.grouped(submitted)) records read before the damage were stored"
                throw RPCError(
                    .fileUnreadable,
                    "File unreadable: \(failure.location): \(failure.reason)\(before)",
                    details: [
                        "location": .string(failure.location),
                        "submitted": .number(Double(submitted)),
                        "problems": .array(
                            problems.prefix(100).map { problem in
                                var members: [String: JSONValue] = [
                                    "location": .string(problem.location), "reason": .string(problem.reason),
                                ]
                                if let kind = problem.kind { members["kind"] = .string(kind) }
                                return .object(members)
                            }
                        ),
                    ]
                )
            }
            throw failure
        }
        return ImportFileResult(submitted: submitted, problems: problems)
    }
}
