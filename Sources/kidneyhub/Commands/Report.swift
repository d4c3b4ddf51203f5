import ArgumentParser
import Care
import Clinical
import Foundation
import HubCore
import HubStore
import Reports

/// `kidneyhub report pdf`.
struct ReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Reports for the care team.",
        subcommands: [ReportPDF.self]
    )
}

/// `kidneyhub report pdf [--from DATE --to DATE] [--out FILE] [--png] [--photos] [--mail ADDRESS]`.
struct ReportPDF: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pdf",
        abstract: "A PDF report: patient summary, labs with trends and targets, charts, intake, goals, medications.",
        discussion: """
            The period defaults to the last 90 days, today included, in the profile's time zone. The PDF is kept \
            in the reports folder (reports/ beside the store, or $KIDNEYHUB_REPORTS) and listed by \
            `kidneyhub reports list`; --out writes it elsewhere and still lists it. --png also writes each page as \
            <pdf>-<n>.png for a preview. --mail hands the PDF to the mail command in $KIDNEYHUB_MAIL_COMMAND \
            (a JSON array, run without a shell, with {file}, {address} and {subject} replaced).
            """
    )
    @OptionGroup var store: StoreOptions
    @Option(help: "The profile (needed when the store holds several).") var profile: String?
    @Option(help: ArgumentHelp("The first local date of the period.", valueName: "YYYY-MM-DD")) var from: String?
    @Option(help: ArgumentHelp("The last local date of the period.", valueName: "YYYY-MM-DD")) var to: String?
    @Option(help: "Where to write the PDF (default: a new file in the reports folder).") var out: String?
    @Flag(help: "Also write each page as a PNG beside the PDF.") var png = false
    @Flag(help: "Add thumbnails of the period's meal photos.") var photos = false
    @Option(help: "Hand the PDF to the configured mail command for this address.") var mail: String?

    func run() async throws {
        let database = try openStoreForReading(store)
        let stored = try await database.selectProfile(named: profile)
        let zone: TimeZone
        do { zone = try stored.profile.timeZone() } catch { throw CommandFailure("profile '\(stored.name)': \(error)") }
        let now = currentEpochMilliseconds()
        let today = try stored.profile.localDate(at: now)
        let through = try to.map(parseDate("--to")) ?? today
        let first = try from.map(parseDate("--from")) ?? through.adding(days: -89)
        let mailCommand: MailCommand?
        if mail != nil {
            do { mailCommand = try MailCommand.configured(in: ProcessInfo.processInfo.environment) } catch {
                throw CommandFailure("--mail: \(error); no report was made")
            }
        } else {
            mailCommand = nil
        }
        do {
            let period = try ReportPeriod(from: first, through: through, timeZone: zone)
            let data = try await ReportDataLoader.load(
                database,
                profile: stored,
                period: period,
                includePhotos: photos,
                nowMs: now
            )
            let folder = ReportsFolder.forStore(
                atPath: store.resolvedPath,
                environment: ProcessInfo.processInfo.environment
            )
            let path: String
            if let out {
                path = out
            } else {
                try folder.create()
                path = folder.newReportPath(profile: stored.name, from: "\(first)", through: "\(through)")
            }
            let pngPrefix = png ? String(path.hasSuffix(".pdf") ? path.dropLast(4) : Substring(path)) : nil
            let written = try ReportWriter.write(data, to: path, pngPrefix: pngPrefix)
            let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            var entry = ReportIndexEntry(
                path: URL(fileURLWithPath: path).standardizedFileURL.path,
                profile: stored.name,
                from: "\(first)",
                through: "\(through)",
                pages: written.pages,
                bytes: bytes,
                createdAt: RFC3339.format(epochMilliseconds: now, utcOffsetSeconds: 0)
            )
            print("report: \(path) (\(written.pages) pages, \(bytes) bytes)")
            for pngPath in written.pngPaths { print("page preview: \(pngPath)") }
            if let mail, let mailCommand {
                do {
                    try await send(path: entry.path, to: mail, with: mailCommand, profile: stored.name)
                } catch {
                    // The report exists even when the mail program failed: keep it listed.
                    try folder.append(entry)
                    throw error
                }
                entry.mailedTo = [mail]
                print("handed to the mail command for \(mail)")
            }
            try folder.append(entry)
        } catch let error as ReportError {
            throw CommandFailure(error.description)
        }
    }

    private func parseDate(_ option: String) -> (String) throws -> CalendarDate {
        { text in
            do { return try CalendarDate(parsing: text) } catch {
                throw CommandFailure("\(option): '\(text)' is not a date (YYYY-MM-DD): \(error)")
            }
        }
    }

    /// Runs the mail command (argv, no shell) and waits for it without blocking a thread.
    private func send(path: String, to address: String, with command: MailCommand, profile: String) async throws {
        let environment = ProcessInfo.processInfo.environment
        let program: String
        do { program = try command.resolvedProgram(searchPath: environment["PATH"] ?? "/usr/bin:/bin") } catch {
            throw CommandFailure("--mail: \(error); the report is kept at \(path)")
        }
        let argv = command.argv(file: path, address: address, subject: "KidneyHub report: \(profile)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = Array(argv.dropFirst())
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch {
                process.terminationHandler = nil
                continuation.resume(
                    throwing: CommandFailure("--mail: cannot start \(program): \(error); the report is kept at \(path)")
                )
            }
        }
        guard status == 0 else {
            throw CommandFailure("--mail: \(argv[0]) exited with status \(status); the report is kept at \(path)")
        }
    }
}

/// `kidneyhub reports list`.
struct ReportsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reports",
        abstract: "The reports kept in the reports folder.",
        subcommands: [ReportsList.self]
    )
}

/// `kidneyhub reports list [--json]`.
struct ReportsList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the reports, oldest first.")
    @OptionGroup var store: StoreOptions
    @Flag(help: "Print JSON.") var json = false

    func run() async throws {
        let folder = ReportsFolder.forStore(
            atPath: store.resolvedPath,
            environment: ProcessInfo.processInfo.environment
        )
        let entries: [ReportIndexEntry]
        do { entries = try folder.entries() } catch { throw CommandFailure(error.description) }
        if json { return try printJSON(entries) }
        guard !entries.isEmpty else {
            print("no reports in \(folder.path) yet: make one with `kidneyhub report pdf`")
            return
        }
        for entry in entries {
            let present = FileManager.default.fileExists(atPath: entry.path) ? "" : " (file missing)"
            let mailed = entry.mailedTo.isEmpty ? "" : ", mailed to \(entry.mailedTo.joined(separator: ", "))"
            print(
                "\(entry.createdAt)  \(entry.profile)  \(entry.from) to \(entry.through)  \(entry.pages) pages  \(entry.path)\(mailed)\(present)"
            )
        }
    }
}
