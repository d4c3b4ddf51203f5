import Foundation
import TestSupport
import Testing

/// The commands of issue 17's alerts, phases and corrections as a person types them: a dangerous potassium prints
/// its alert, an implausible blood pressure is refused with the field, a typo is corrected by id, every line fits 100
/// columns.
@Suite(.serialized) struct SafeEntryCommandTests {
    private func run(_ workspace: Workspace, _ arguments: [String]) async throws -> CommandResult {
        try await workspace.kidneyhub(arguments, runsAdapters: false, timeout: .seconds(120))
    }

    @Test func potassiumSevenPrintsItsAlertAndATypoIsCorrectedById() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.acceptTerms()
        let set = try await run(
            workspace,
            [
                "profile", "set", "--name", "Max", "--time-zone", "Europe/Berlin", "--category", "hemodialysis",
                "--schedule", "tue,thu,sat 08:00-12:30", "--dry-weight", "80",
            ]
        )
        #expect(set.status == 0, "\(set.stderr)")
        var output: [String] = []

        let added = try await run(workspace, ["labs", "add", "potassium", "7.0", "mmol/L"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("ALERT: Potassium 7.0 mmol/L: dangerously high"), "\(added.stdout)")
        #expect(added.stdout.contains("UK Kidney Association"), "\(added.stdout)")
        output.append(added.stdout)

        let refused = try await run(workspace, ["bp", "add", "300/200", "--phase", "pre"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("components.systolic") && refused.stderr.contains("--confirm-unusual"))
        let stored = try await run(workspace, ["bp", "add", "186/96", "--phase", "pre"])
        #expect(stored.status == 0, "\(stored.stderr)")
        #expect(stored.stdout.contains("phase pre (manual)"), "\(stored.stdout)")
        #expect(stored.stdout.contains("ALERT: Systolic blood pressure 186 mmHg: too high"), "\(stored.stdout)")
        output.append(stored.stdout)
        let id = try #require(
            stored.stdout.split(separator: "#").dropFirst().first?.prefix { $0.isNumber }.description
        )
        let edited = try await run(workspace, ["bp", "edit", id, "168/96"])
        #expect(edited.status == 0, "\(edited.stderr)")
        let missing = try await run(workspace, ["bp", "delete", "99999"])
        #expect(missing.status != 0 && missing.stderr.contains("id:"), "\(missing.stderr)")
        let list = try await run(workspace, ["bp", "list"])
        #expect(list.stdout.contains("168/96") && !list.stdout.contains("186/96"), "\(list.stdout)")
        output.append(list.stdout)
        let corrections = try await run(workspace, ["corrections"])
        #expect(corrections.stdout.contains("edit blood_pressure #\(id)"), "\(corrections.stdout)")
        output.append(corrections.stdout)

        let feed = try await run(workspace, ["notifications", "list"])
        #expect(feed.stdout.contains("Times in Europe/Berlin"), "\(feed.stdout)")
        output.append(feed.stdout)
        let show = try await run(workspace, ["notifications", "show", "1"])
        #expect(show.status == 0 && show.stdout.contains("(Europe/Berlin)"), "\(show.stderr)")
        output.append(show.stdout)

        let wide = output.joined(separator: "\n").split(separator: "\n").filter { $0.count > 100 }
        #expect(wide.isEmpty, "lines over 100 columns: \(wide)")
    }

    @Test func anAppleHealthImportRaisesTheAlertOfACrisisReadingInTheFeed() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.installImporters()
        try await workspace.acceptTerms()
        let set = try await run(workspace, ["profile", "set", "--name", "Max", "--time-zone", "Europe/Berlin"])
        #expect(set.status == 0, "\(set.stderr)")
        // An hour ago, in UTC, as Apple Health writes it.
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        let hourAgo = formatter.string(from: Date().addingTimeInterval(-3600)) + " +0000"
        let export = """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
             <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Cuff" startDate="\(hourAgo)" endDate="\(hourAgo)">
              <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Cuff" unit="mmHg" startDate="\(hourAgo)" endDate="\(hourAgo)" value="190"/>
              <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Cuff" unit="mmHg" startDate="\(hourAgo)" endDate="\(hourAgo)" value="100"/>
             </Correlation>
            </HealthData>

            """
        let path = try workspace.write(export, to: "export.xml")
        let imported = try await workspace.kidneyhub(["import", path])
        #expect(imported.status == 0, "\(imported.stderr)")
        // Nobody owns the cuff yet: the alert is in the hub-wide feed every profile sees.
        let feed = try await run(workspace, ["notifications", "list"])
        #expect(feed.stdout.contains("Systolic blood pressure 190 mmHg: too high"), "\(feed.stdout) \(feed.stderr)")
    }
}
