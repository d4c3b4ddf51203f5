import Foundation
import TestSupport
import Testing

/// One eGFR derivation, one local-day rule: a creatinine drawn late in another zone is on the profile's day in
/// `labs list`, `trends egfr` and the PDF report alike (issue 16).
@Suite(.serialized) struct EGFRLocalDayTests {
    private func run(_ workspace: Workspace, _ arguments: [String]) async throws -> CommandResult {
        try await workspace.kidneyhub(arguments, runsAdapters: false, timeout: .seconds(120))
    }

    private func jsonValue(_ result: CommandResult) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }

    @Test func aCreatinineDrawnAt2330AtMinusFiveIsOnTheBerlinDayEverywhere() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.acceptTerms()
        // Born 11 March: 65 on the laboratory's day (10 March at UTC−05:00), 66 on the patient's (11 March in Berlin).
        let set = try await run(
            workspace,
            [
                "profile", "set", "--name", "Max", "--birth-date", "1960-03-11", "--sex", "male", "--time-zone",
                "Europe/Berlin",
            ]
        )
        #expect(set.status == 0, "\(set.stderr)")
        let added = try await run(
            workspace,
            ["labs", "add", "creatinine", "1.5", "mg/dL", "--date", "2026-03-10T23:30:00-05:00"]
        )
        #expect(added.status == 0, "\(added.stderr)")
        // CKD-EPI 2021, man, 1.5 mg/dL: 142 × (1.5/0.9)^−1.200 × 0.9938^66.
        let expected = 142 * pow(1.5 / 0.9, -1.2) * pow(0.9938, 66.0)

        let list = try await run(workspace, ["labs", "list", "--analyte", "creatinine", "--json"])
        #expect(list.status == 0, "\(list.stderr)")
        let rows = try #require(try jsonValue(list) as? [[String: Any]])
        let row = try #require(rows.first)
        #expect(row["egfrDate"] as? String == "2026-03-11", "\(list.stdout)")
        let listed = try #require(row["egfr"] as? Double)
        #expect(abs(listed - expected) < 1e-9)

        let trend = try await run(workspace, ["trends", "egfr", "--days", "3650", "--json"])
        #expect(trend.status == 0, "\(trend.stderr)")
        let object = try #require(try jsonValue(trend) as? [String: Any])
        let series = try #require((object["series"] as? [[String: Any]])?.first)
        let point = try #require((series["points"] as? [[String: Any]])?.first)
        #expect(point["time"] as? String == "2026-03-11T05:30:00+01:00")
        #expect(point["value"] as? Double == listed)

        let pdf = "\(workspace.path)/report.pdf"
        let report = try await run(
            workspace,
            ["report", "pdf", "--from", "2026-03-01", "--to", "2026-03-31", "--out", pdf]
        )
        #expect(report.status == 0, "\(report.stderr)")
        let text = try await CommandResult.run("/usr/bin/pdftotext", [pdf, "-"], timeout: .seconds(60)).stdout
        let flat = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flat.contains("eGFR \(Int(expected.rounded())) mL/min/1.73 m² on 2026-03-11"), "\(flat)")
    }
}
