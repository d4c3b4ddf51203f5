import Clinical
import Foundation
import HubCore
import HubStore
import SampleData
import TestSupport
import Testing

/// `kidneyhub report pdf`, `reports list`, `export`, `import-backup`: the real binary on a generated patient.
@Suite(.serialized) struct ReportsAndExportTests {
    private static let lastDay = "2026-10-31"

    /// A workspace whose store holds 30 days of a generated hemodialysis patient named Ana.
    private func preparedWorkspace() async throws -> Workspace {
        let workspace = try Workspace()
        let store = try workspace.openStore()
        _ = try await SamplePatientHistory.write(
            into: store,
            name: "Ana",
            days: 30,
            lastDay: try CalendarDate(parsing: Self.lastDay)
        )
        return workspace
    }

    private func run(_ workspace: Workspace, _ arguments: [String], environment: [String] = []) async throws
        -> CommandResult
    {
        try await CommandResult.run(
            "/usr/bin/env",
            environment + [Workspace.kidneyhub] + arguments + ["--store", workspace.storePath],
            timeout: .seconds(120)
        )
    }

    @Test func aReportIsKeptInTheReportsFolderAndListed() async throws {
        let workspace = try await preparedWorkspace()
        defer { workspace.remove() }
        let made = try await run(
            workspace,
            ["report", "pdf", "--from", "2026-10-02", "--to", Self.lastDay, "--png"],
            environment: ["KIDNEYHUB_REPORTS=\(workspace.path)/reports"]
        )
        #expect(made.status == 0, "\(made.stderr)")
        let pdf = "\(workspace.path)/reports/Ana-2026-10-02-\(Self.lastDay).pdf"
        #expect(made.stdout.contains(pdf))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: pdf))
        #expect(bytes.starts(with: Array("%PDF-".utf8)))
        #expect(
            FileManager.default.fileExists(atPath: "\(workspace.path)/reports/Ana-2026-10-02-\(Self.lastDay)-1.png")
        )
        let listed = try await run(
            workspace,
            ["reports", "list"],
            environment: ["KIDNEYHUB_REPORTS=\(workspace.path)/reports"]
        )
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("Ana  2026-10-02 to \(Self.lastDay)"))
        #expect(listed.stdout.contains(pdf))
        // A second report of the same period gets a file of its own; both are listed.
        _ = try await run(
            workspace,
            ["report", "pdf", "--from", "2026-10-02", "--to", Self.lastDay],
            environment: ["KIDNEYHUB_REPORTS=\(workspace.path)/reports"]
        )
        let again = try await run(
            workspace,
            ["reports", "list", "--json"],
            environment: ["KIDNEYHUB_REPORTS=\(workspace.path)/reports"]
        )
        let entries = try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [[String: Any]]
        #expect(entries?.count == 2)
        #expect(Set(entries?.compactMap { $0["path"] as? String } ?? []).count == 2)
    }

    @Test func mailHandsTheFileToTheConfiguredCommandAsArguments() async throws {
        let workspace = try await preparedWorkspace()
        defer { workspace.remove() }
        // A stand-in mail program that records its arguments, one per line; a subject with spaces stays one argument.
        let log = "\(workspace.path)/mail-args.txt"
        let program = try workspace.write(
            "#!/bin/sh\nfor a in \"$@\"; do echo \"$a\"; done > '\(log)'\n",
            to: "fake-mail"
        )
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program)
        let command = #"["\#(program)", "-s", "{subject}", "-a", "{file}", "--", "{address}"]"#
        let mailed = try await run(
            workspace,
            ["report", "pdf", "--to", Self.lastDay, "--mail", "care@clinic.example"],
            environment: ["KIDNEYHUB_REPORTS=\(workspace.path)/reports", "KIDNEYHUB_MAIL_COMMAND=\(command)"]
        )
        #expect(mailed.status == 0, "\(mailed.stderr)")
        let arguments = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
        try #require(arguments.count == 6, "\(arguments)")
        #expect(arguments[1] == "KidneyHub report: Ana")
        #expect(arguments[3].hasSuffix(".pdf") && FileManager.default.fileExists(atPath: arguments[3]))
        #expect(arguments[5] == "care@clinic.example")

        // A mail program that fails: the error says so, and the report stays in the folder and its index.
        let failing = try workspace.write("#!/bin/sh\nexit 3\n", to: "failing-mail")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: failing)
        let failed = try await run(
            workspace,
            ["report", "pdf", "--to", Self.lastDay, "--mail", "care@clinic.example"],
            environment: [
                "KIDNEYHUB_REPORTS=\(workspace.path)/failing-reports",
                #"KIDNEYHUB_MAIL_COMMAND=["\#(failing)", "{file}"]"#,
            ]
        )
        #expect(failed.status != 0)
        #expect(failed.stderr.contains("exited with status 3"), "\(failed.stderr)")
        let kept = try await run(
            workspace,
            ["reports", "list"],
            environment: ["KIDNEYHUB_REPORTS=\(workspace.path)/failing-reports"]
        )
        #expect(kept.stdout.contains(".pdf") && !kept.stdout.contains("file missing"), "\(kept.stdout)")

        let unconfigured = try await run(
            workspace,
            ["report", "pdf", "--to", Self.lastDay, "--mail", "care@clinic.example"],
            environment: ["KIDNEYHUB_REPORTS=\(workspace.path)/other-reports", "KIDNEYHUB_MAIL_COMMAND="]
        )
        #expect(unconfigured.status != 0)
        #expect(unconfigured.stderr.contains("no mail command is configured"), "\(unconfigured.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "\(workspace.path)/other-reports"))
    }

    @Test func exportImportExportThroughTheCommandsIsIdenticalAndASecondImportAddsNothing() async throws {
        let workspace = try await preparedWorkspace()
        defer { workspace.remove() }
        let first = try await run(workspace, ["export", "--format", "json", "--out", "\(workspace.path)/first"])
        #expect(first.status == 0, "\(first.stderr)")
        let restoredStore = "\(workspace.path)/restored.sqlite"
        let imported = try await CommandResult.run(
            Workspace.kidneyhub,
            ["import-backup", "\(workspace.path)/first", "--store", restoredStore],
            timeout: .seconds(120)
        )
        #expect(imported.status == 0, "\(imported.stderr)")
        let second = try await CommandResult.run(
            Workspace.kidneyhub,
            ["export", "--format", "json", "--out", "\(workspace.path)/second", "--store", restoredStore],
            timeout: .seconds(120)
        )
        #expect(second.status == 0, "\(second.stderr)")
        let a = try Data(contentsOf: URL(fileURLWithPath: "\(workspace.path)/first/kidneyhub-backup.json"))
        let b = try Data(contentsOf: URL(fileURLWithPath: "\(workspace.path)/second/kidneyhub-backup.json"))
        #expect(a == b)
        let twice = try await CommandResult.run(
            Workspace.kidneyhub,
            ["import-backup", "\(workspace.path)/first", "--store", restoredStore],
            timeout: .seconds(120)
        )
        #expect(twice.status == 0, "\(twice.stderr)")
        #expect(twice.stdout.contains("imported 0 rows"), "\(twice.stdout)")

        let csv = try await run(workspace, ["export", "--format", "csv", "--out", "\(workspace.path)/csv"])
        #expect(csv.status == 0, "\(csv.stderr)")
        let labs = try String(contentsOfFile: "\(workspace.path)/csv/labResult.csv", encoding: .utf8)
        #expect(labs.hasPrefix("id,profileId,analyte,value,unit"))
        #expect(labs.contains("\"potassium\",5.4,\"mmol/L\""))

        let fhir = try await run(workspace, ["export", "--format", "fhir", "--out", "\(workspace.path)/fhir"])
        #expect(fhir.status == 0, "\(fhir.stderr)")
        let bundle = try String(contentsOfFile: "\(workspace.path)/fhir/Ana-fhir.json", encoding: .utf8)
        #expect(bundle.hasPrefix("{\"resourceType\":\"Bundle\""))
    }

    @Test func aBackupThatIsNotOneIsRefusedAndNothingIsWritten() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let file = try workspace.write(
            "{\"format\": \"something-else\", \"formatVersion\": 1, \"tables\": []}",
            to: "x.json"
        )
        let refused = try await run(workspace, ["import-backup", file])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("not a KidneyHub backup"), "\(refused.stderr)")
        // Refused before the store is opened: no store was created.
        #expect(!FileManager.default.fileExists(atPath: workspace.storePath))
    }
}
