import CareEngine
import Clinical
import Foundation
import HubRecords
import HubServices
import HubStore
import Reports
import TestSupport
import Testing

/// Reports through the application layer: a PDF for a period is written, kept in the folder's index, and a mail
/// command that fails leaves it there.
struct ReportsTests {
    @Test func aPDFIsWrittenAndListedAndStaysListedWhenTheMailCommandFails() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let storePath = directory.file("store.sqlite")
        let app = try HubApplication.open(atPath: storePath, durability: .normal)
        _ = try await app.terms.acceptCurrent()
        // Set-up through the store: the profile belongs to another area's service.
        _ = try await HubDatabase.open(atPath: storePath, durability: .normal)
            .saveProfile(try PatientFixtures.hemodialysisProfile(), id: nil, atMs: app.now())
        let failing = try directory.write("#!/bin/sh\nexit 3\n", to: "failing-mail")
        chmod(failing, 0o755)
        let environment = [
            "KIDNEYHUB_REPORTS": directory.file("reports"),
            "KIDNEYHUB_MAIL_COMMAND": "[\"\(failing)\", \"{file}\", \"{address}\"]",
            "PATH": "/usr/bin:/bin",
        ]
        let reports = app.reports(environment: environment)

        let made = try await reports.makePDF(
            ReportsService.Request(
                from: try CalendarDate(parsing: "2026-10-01"),
                through: try CalendarDate(parsing: "2026-11-17")
            )
        )
        #expect(made.pages > 0 && made.bytes > 0)
        #expect(made.path.hasPrefix(directory.file("reports")))
        #expect(made.entry.from == "2026-10-01" && made.entry.through == "2026-11-17")

        var heard: [String] = []
        await #expect(throws: ReportsService.Failure.self) {
            _ = try await reports.makePDF(
                ReportsService.Request(out: directory.file("mailed.pdf"), mailTo: "care@clinic.example")
            ) { heard.append($0.path) }
        }
        #expect(heard == [directory.file("mailed.pdf")], "the file was announced before it was mailed")
        let listed = try ReportsService.list(storeAt: storePath, environment: environment)
        #expect(listed.entries.count == 2, "a report whose mailing failed stays listed")
        #expect(listed.entries.allSatisfy { $0.mailedTo.isEmpty })
    }

    /// The address is an argument of the configured mail program: one it would read as an option (`-oQ…`), as two
    /// addresses, or not as an address at all is refused before anything is made; a plain one reaches the program
    /// as one argument.
    @Test func anAddressTheMailProgramWouldMisreadIsRefusedAndAPlainOneIsHandedOver() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let storePath = directory.file("store.sqlite")
        let app = try HubApplication.open(atPath: storePath, durability: .normal)
        _ = try await app.terms.acceptCurrent()
        _ = try await HubDatabase.open(atPath: storePath, durability: .normal)
            .saveProfile(try PatientFixtures.hemodialysisProfile(), id: nil, atMs: app.now())
        let recording = try directory.write(
            "#!/bin/sh\nprintf '%s\\n' \"$@\" > \"\(directory.file("mailed.txt"))\"\n",
            to: "recording-mail"
        )
        chmod(recording, 0o755)
        let environment = [
            "KIDNEYHUB_REPORTS": directory.file("reports"),
            "KIDNEYHUB_MAIL_COMMAND": "[\"\(recording)\", \"{file}\", \"{address}\"]",
            "PATH": "/usr/bin:/bin",
        ]
        let reports = app.reports(environment: environment)
        let misread = [
            "-oQ/tmp/x@example.org", "a@b", "care@clinic.example,other@example.org", "care @clinic.example",
            "care@clinic.example\n-oQ", "<care@clinic.example>", "@clinic.example", "care@.example", "care",
            // What the mailx family reads as a command to run, a file to write, or this command's placeholder.
            "|id>/tmp/p@clinic.example", "/home/u/.profile@clinic.example", "+file@clinic.example",
            "x{subject}@clinic.example",
        ]
        for address in misread {
            let error = await #expect(throws: ReportsService.Failure.self, "\(address)") {
                _ = try await reports.makePDF(ReportsService.Request(mailTo: address))
            }
            guard case .mailAddress(address)? = error else {
                Issue.record("\(address): \(String(describing: error))")
                continue
            }
        }
        #expect(try ReportsService.list(storeAt: storePath, environment: environment).entries.isEmpty)
        let made = try await reports.makePDF(ReportsService.Request(mailTo: "care.team+renal@clinic.example"))
        #expect(made.entry.mailedTo == ["care.team+renal@clinic.example"])
        let arguments = try String(contentsOfFile: directory.file("mailed.txt"), encoding: .utf8)
        #expect(arguments == "\(made.path)\ncare.team+renal@clinic.example\n")
    }

    @Test func withoutAStartTheReportPeriodFitsTheDataUpToNinetyDays() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let storePath = directory.file("store.sqlite")
        // 2026-11-26T12:00Z.
        let app = try HubApplication.open(
            atPath: storePath,
            durability: .normal,
            clock: ManualClock(start: 1_795_694_400_000)
        )
        _ = try await app.terms.acceptCurrent()
        _ = try await HubDatabase.open(atPath: storePath, durability: .normal)
            .saveProfile(try PatientFixtures.hemodialysisProfile(), id: nil, atMs: app.now())
        let reports = app.reports(environment: ["KIDNEYHUB_REPORTS": directory.file("reports")])

        // No data at all: the default 90 days.
        let empty = try await reports.makePDF(ReportsService.Request())
        #expect(empty.entry.from == "2026-08-29" && empty.entry.through == "2026-11-26")

        // A week of records: the period starts at the first of them, not 90 days back.
        for (day, value) in [("2026-11-10", "5.1"), ("2026-11-20", "5.8")] {
            _ = try await app.labs.add(analyte: "potassium", value: value, unit: "mmol/L", date: day, profile: nil)
        }
        let fitted = try await reports.makePDF(ReportsService.Request())
        #expect(fitted.entry.from == "2026-11-10" && fitted.entry.through == "2026-11-26")

        // A single recent record still gets a readable two weeks.
        let recent = try HubApplication.open(
            atPath: directory.file("recent.sqlite"),
            durability: .normal,
            clock: ManualClock(start: 1_795_694_400_000)
        )
        _ = try await recent.terms.acceptCurrent()
        _ = try await HubDatabase.open(atPath: directory.file("recent.sqlite"), durability: .normal)
            .saveProfile(try PatientFixtures.hemodialysisProfile(), id: nil, atMs: recent.now())
        _ = try await recent.labs.add(
            analyte: "potassium",
            value: "5.1",
            unit: "mmol/L",
            date: "2026-11-25",
            profile: nil
        )
        let short = try await recent.reports(environment: ["KIDNEYHUB_REPORTS": directory.file("reports")])
            .makePDF(ReportsService.Request())
        #expect(short.entry.from == "2026-11-13")
    }
}
