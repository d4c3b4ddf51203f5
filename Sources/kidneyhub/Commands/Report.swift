import ArgumentParser
import Clinical
import Foundation
import HubServices
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
        let request = ReportsService.Request(
            profile: profile,
            from: try from.map(parseDate("--from")),
            through: try to.map(parseDate("--to")),
            out: out,
            pagePreviews: png,
            photos: photos,
            mailTo: mail
        )
        let made = try await store.openForReading().reports().makePDF(request) { made in
            print("report: \(made.path) (\(made.pages) pages, \(made.bytes) bytes)")
            for pngPath in made.pngPaths { print("page preview: \(pngPath)") }
        }
        if let mail = made.entry.mailedTo.first { print("handed to the mail command for \(mail)") }
    }

    private func parseDate(_ option: String) -> (String) throws -> CalendarDate {
        { text in
            do { return try CalendarDate(parsing: text) } catch {
                throw CommandFailure("\(option): '\(text)' is not a date (YYYY-MM-DD): \(error)")
            }
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
        let (folder, entries) = try ReportsService.list(storeAt: store.resolvedPath)
        if json { return try printJSON(entries) }
        guard !entries.isEmpty else {
            print("no reports in \(folder) yet: make one with `kidneyhub report pdf`")
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
