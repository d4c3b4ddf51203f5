import Clinical
import Foundation
import HubCore
import HubRecords
import HubStore
import Reports
import Subprocess
import SystemPackage

/// Reports for the care team: a PDF for a period, kept in the reports folder and listed there, handed to the
/// configured mail command when asked.
public struct ReportsService: Sendable {
    let app: HubApplication
    let environment: [String: String]

    /// How many days a report covers when no first day is given, today included.
    public static let defaultDays = 90
    /// The shortest period a report without --from is fitted to.
    public static let minimumFittedDays = 14

    /// What to put in a PDF report and where it goes.
    public struct Request: Sendable {
        /// The profile (nil: the only one).
        public var profile: String?
        /// The first local date (nil: `defaultDays` before the last).
        public var from: CalendarDate?
        /// The last local date (nil: today on the profile's clock).
        public var through: CalendarDate?
        /// Where to write the PDF (nil: a new file in the reports folder).
        public var out: String?
        /// Also write each page as a PNG beside the PDF.
        public var pagePreviews: Bool
        /// Add thumbnails of the period's meal photos.
        public var photos: Bool
        /// Hand the PDF to the mail command for this address.
        public var mailTo: String?

        /// A request; by default the last 90 days into the reports folder.
        public init(
            profile: String? = nil,
            from: CalendarDate? = nil,
            through: CalendarDate? = nil,
            out: String? = nil,
            pagePreviews: Bool = false,
            photos: Bool = false,
            mailTo: String? = nil
        ) {
            self.profile = profile
            self.from = from
            self.through = through
            self.out = out
            self.pagePreviews = pagePreviews
            self.photos = photos
            self.mailTo = mailTo
        }
    }

    /// A report written.
    public struct Made: Sendable, Equatable {
        /// The PDF's path as given or chosen.
        public var path: String
        /// Its pages.
        public var pages: Int
        /// Its size.
        public var bytes: Int
        /// The page previews written.
        public var pngPaths: [String]
        /// Its entry in the reports folder's index (with the address when mailed).
        public var entry: ReportIndexEntry
    }

    /// Why a report could not be made or sent; the text says what to do.
    public enum Failure: Error, Sendable, CustomStringConvertible {
        /// The profile's time zone is not usable.
        case profileTimeZone(profile: String, reason: String)
        /// `--mail` was asked but no mail command is configured; nothing was made.
        case mailNotConfigured(String)
        /// The report could not be made or kept.
        case report(ReportError)
        /// The mail command failed; the report is kept (the reason says where).
        case mail(String)
        /// The address is not one a mail program takes as an address; nothing was made.
        case mailAddress(String)

        public var description: String {
            switch self {
            case .profileTimeZone(let profile, let reason): "profile '\(profile)': \(reason)"
            case .mailNotConfigured(let reason): "--mail: \(reason); no report was made"
            case .report(let error): error.description
            case .mail(let reason): reason
            case .mailAddress(let address):
                "--mail: '\(address)' is not a plain email address (name@example.org); no report was made"
            }
        }
    }

    /// The reports folder of this store (reports/ beside it, or $KIDNEYHUB_REPORTS).
    public var folder: ReportsFolder { ReportsFolder.forStore(atPath: app.store.path, environment: environment) }

    /// Makes the PDF report (and its page previews), keeps it in the reports folder's index, and hands it to the
    /// mail command when asked; `onWritten` hears of the file before it is mailed. A report whose mailing failed
    /// stays in the index.
    public func makePDF(_ request: Request, onWritten: (Made) -> Void = { _ in }) async throws -> Made {
        let stored = try await app.store.selectProfile(named: request.profile)
        let zone: TimeZone
        do { zone = try stored.profile.timeZone() } catch {
            throw Failure.profileTimeZone(profile: stored.name, reason: "\(error)")
        }
        let now = app.now()
        let through = try request.through ?? stored.profile.localDate(at: now)
        let first = request.from ?? through.adding(days: 1 - Self.defaultDays)
        var mailCommand: MailCommand?
        if let address = request.mailTo {
            guard Self.isMailAddress(address) else { throw Failure.mailAddress(address) }
            do { mailCommand = try MailCommand.configured(in: environment) } catch {
                throw Failure.mailNotConfigured("\(error)")
            }
        }
        do {
            var period = try ReportPeriod(from: first, through: through, timeZone: zone)
            var data = try await ReportDataLoader.load(
                app.store,
                profile: stored,
                period: period,
                includePhotos: request.photos,
                nowMs: now
            )
            // Without --from the period fits the data: a week of records is not squeezed into the right edge of a
            // 90-day axis. At least `minimumFittedDays`, so a single day still reads as a chart.
            if request.from == nil, let firstData = data.firstDataDate {
                let fitted = min(firstData, through.adding(days: 1 - Self.minimumFittedDays))
                if fitted > first {
                    period = try ReportPeriod(from: fitted, through: through, timeZone: zone)
                    data = try await ReportDataLoader.load(
                        app.store,
                        profile: stored,
                        period: period,
                        includePhotos: request.photos,
                        nowMs: now
                    )
                }
            }
            let folder = folder
            let path: String
            if let out = request.out {
                path = out
            } else {
                try folder.create()
                path = folder.newReportPath(profile: stored.name, from: "\(period.from)", through: "\(through)")
            }
            let pngPrefix =
                request.pagePreviews ? String(path.hasSuffix(".pdf") ? path.dropLast(4) : Substring(path)) : nil
            let written = try ReportWriter.write(data, to: path, pngPrefix: pngPrefix)
            let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            var made = Made(
                path: path,
                pages: written.pages,
                bytes: bytes,
                pngPaths: written.pngPaths,
                entry: ReportIndexEntry(
                    path: URL(fileURLWithPath: path).standardizedFileURL.path,
                    profile: stored.name,
                    from: "\(period.from)",
                    through: "\(through)",
                    pages: written.pages,
                    bytes: bytes,
                    createdAt: RFC3339.format(epochMilliseconds: now, utcOffsetSeconds: 0)
                )
            )
            onWritten(made)
            if let address = request.mailTo, let mailCommand {
                do {
                    try await send(path: made.entry.path, to: address, with: mailCommand, profile: stored.name)
                } catch {
                    // The report exists even when the mail program failed: keep it listed.
                    try folder.append(made.entry)
                    throw error
                }
                made.entry.mailedTo = [address]
            }
            try folder.append(made.entry)
            return made
        } catch let error as ReportError {
            throw Failure.report(error)
        }
    }

    /// The reports folder of the store at `storePath`, and the reports in it, oldest first; the store need not exist.
    public static func list(
        storeAt storePath: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(Failure) -> (folder: String, entries: [ReportIndexEntry]) {
        let folder = ReportsFolder.forStore(atPath: storePath, environment: environment)
        do { return (folder.path, try folder.entries()) } catch { throw .report(error) }
    }

    /// Whether `address` is a plain `name@host.domain`: letters, digits and `. _ % + -` before the `@` (not first
    /// `+`, `-` or `.`), letters, digits and `-` in each of at least two labels after it, at most 254 characters. The
    /// address is an argument of the configured mail program, which may read more than an address in it: a leading
    /// `-` as its own option, a comma as a second address, and in the mailx family a `|` as a command to run or a `/`
    /// or leading `+` as a file to write; a brace would be another placeholder of the command.
    static func isMailAddress(_ address: String) -> Bool {
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        guard address.utf8.count <= 254, parts.count == 2, let first = parts[0].utf8.first, !"+-.".utf8.contains(first)
        else { return false }
        func isAlphanumeric(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return parts[0].utf8.allSatisfy { isAlphanumeric($0) || "._%+-".utf8.contains($0) } && labels.count >= 2
            && labels.allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: "-") } }
    }

    /// Runs the mail command (argv, no shell) and waits for it without blocking a thread.
    private func send(path: String, to address: String, with command: MailCommand, profile: String) async throws {
        let program: String
        do { program = try command.resolvedProgram(searchPath: environment["PATH"] ?? "/usr/bin:/bin") } catch {
            throw Failure.mail("--mail: \(error); the report is kept at \(path)")
        }
        let argv = command.argv(file: path, address: address, subject: "KidneyHub report: \(profile)")
        let status: TerminationStatus
        do {
            status = try await Subprocess.run(
                .path(FilePath(program)),
                arguments: Arguments(Array(argv.dropFirst())),
                output: .discarded,
                error: .discarded
            ).terminationStatus
        } catch {
            throw Failure.mail("--mail: cannot start \(program): \(error); the report is kept at \(path)")
        }
        guard status.isSuccess else {
            let ending =
                switch status {
                case .exited(let code): "exited with status \(code)"
                case .signaled(let signal): "was ended by signal \(signal)"
                }
            throw Failure.mail("--mail: \(argv[0]) \(ending); the report is kept at \(path)")
        }
    }
}

extension HubApplication {
    /// Reports, with the mail command and reports folder configured by `environment`.
    public func reports(environment: [String: String] = ProcessInfo.processInfo.environment) -> ReportsService {
        ReportsService(app: self, environment: environment)
    }
}
