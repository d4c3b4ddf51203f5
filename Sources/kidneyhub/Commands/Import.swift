import AdapterHost
import AdapterProtocol
import ArgumentParser
import Foundation
import HubServices
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// `kidneyhub import PATH...`: Fitbit, Apple Health and FIT exports through their file adapters.
struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Import exports (a zip, a folder or a file): Fitbit, Apple Health, Garmin FIT.",
        discussion: """
            Each path goes to the file adapter whose manifest recognises it. Importing the same export again, \
            or a newer one that overlaps it, stores nothing twice. Exit status 1 when a path could not be \
            recognised or read to its end.
            """
    )
    @OptionGroup var store: StoreOptions
    @OptionGroup var search: AdapterOptions
    @Argument(help: "Files, folders or zip archives to import.") var paths: [String]
    @Option(help: "The adapter to use, instead of recognising the format.") var adapter: String?
    @Option(help: "How many rejected records to list per path (all with --json).") var showRejected = 20
    @Flag(help: "Print JSON.") var json = false

    func run() async throws {
        bootstrapLogging()
        let progress = TerminalProgress(enabled: !json && isatty(STDERR_FILENO) == 1)
        var search = search
        search.batchRecords = search.batchRecords ?? ImportService.defaultBatchRecords
        let outcomes = try await store.openForWriting().imports(
            search.setup(onActivity: { _, activity in
                if case .progress(_, let value) = activity { progress.update(value) }
            })
        ).importFiles(
            paths,
            adapterId: adapter,
            onStart: { progress.start(label: $0) },
            onEnd: { _ in progress.clear() }
        )
        let reports: [Result<ImportReport, ImportFailureReport>] = outcomes.map {
            switch $0 {
            case .imported(let report): .success(report)
            case .failed(let path, let error): .failure(ImportFailureReport(path: path, error: error))
            }
        }
        var failed = false
        if json {
            try printJSON(
                reports.map { result -> ImportOutcomeJSON in
                    switch result {
                    case .success(let report): ImportOutcomeJSON(report: report, error: nil)
                    case .failure(let failure): ImportOutcomeJSON(report: nil, error: failure)
                    }
                }
            )
            failed = reports.contains { if case .success(let report) = $0 { report.failure != nil } else { true } }
        } else {
            for result in reports {
                switch result {
                case .success(let report):
                    printSummary(report)
                    if report.failure != nil { failed = true }
                case .failure(let failure):
                    FileHandle.standardError.write(Data("error: \(failure.path): \(failure.error)\n".utf8))
                    failed = true
                }
            }
        }
        if failed { throw ExitCode(1) }
    }

    private func printSummary(_ report: ImportReport) {
        print("\(report.path) (\(report.adapterId)):")
        let rows = report.kinds.keys.sorted().map { kind -> [String] in
            let summary = report.kinds[kind]!
            return ["  " + kind, "\(summary.imported)", "\(summary.duplicates)", "\(summary.rejected)"]
        }
        if rows.isEmpty {
            print("  nothing to import")
        } else {
            printTable(["  KIND", "IMPORTED", "DUPLICATES SKIPPED", "REJECTED"], rows)
        }
        if !report.rejected.isEmpty {
            print("  rejected:")
            for rejection in report.rejected.prefix(showRejected) {
                print("    \(rejection.location): \(rejection.kind.map { "\($0): " } ?? "")\(rejection.reason)")
            }
            if report.rejected.count > showRejected {
                print("    … and \(report.rejected.count - showRejected) more (--show-rejected N, or --json)")
            }
        }
        if !report.conflicts.isEmpty {
            print("  conflicts (same record id, another value or time; the stored one is kept):")
            for conflict in report.conflicts.prefix(showRejected) {
                print("    \(conflict.location): \(conflict.kind.map { "\($0): " } ?? "")\(conflict.reason)")
            }
            if report.conflicts.count > showRejected {
                print("    … and \(report.conflicts.count - showRejected) more (--show-rejected N, or --json)")
            }
        }
        for note in report.notes { print("  \(note)") }
        if let failure = report.failure {
            let kept =
                report.storedCount > 0
                ? "(the \(report.storedCount) records read before the damage were stored; importing the file again "
                    + "stores none of them twice)"
                : "(nothing from it was stored)"
            FileHandle.standardError.write(Data("error: \(report.path): \(failure)\n\(kept)\n".utf8))
        }
    }
}

/// A path that could not be imported at all.
struct ImportFailureReport: Error, Codable {
    var path: String
    var error: String
}

/// One path's outcome in `--json`.
struct ImportOutcomeJSON: Codable {
    var report: ImportReport?
    var error: ImportFailureReport?
}

/// The progress bar on stderr, redrawn in place at most ten times a second; nothing when stderr is
/// not a terminal (logs and pipes get no control characters).
final class TerminalProgress: Sendable {
    private struct State {
        var label = ""
        var started = ContinuousClock.now
        var lastDrawn = ContinuousClock.now - .seconds(1)
        var drawn = false
    }
    private let enabled: Bool
    private let state = Mutex(State())

    init(enabled: Bool) {
        self.enabled = enabled
    }

    func start(label: String) {
        state.withLock { $0 = State(label: label, started: .now) }
    }

    func update(_ value: ProgressValue) {
        guard enabled, let done = value.done, let total = value.total else { return }
        let line: String? = state.withLock { state in
            let now = ContinuousClock.now
            guard now - state.lastDrawn >= .milliseconds(100) || done == total else { return nil }
            state.lastDrawn = now
            state.drawn = true
            let elapsed = now - state.started
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            return ProgressLine.render(done: done, total: total, elapsedSeconds: seconds)
        }
        if let line { FileHandle.standardError.write(Data("\r\u{1B}[2K\(line)".utf8)) }
    }

    func clear() {
        guard enabled else { return }
        let drawn = state.withLock { $0.drawn }
        if drawn { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
    }
}
