import Foundation
import TestSupport
import Testing

/// Text output names units as people write them and rounds per quantity; `--json` keeps UCUM codes and full values
/// (issue 17, item 8). The real binary on a fresh store with a patient's usual entries.
@Suite(.serialized) struct UnitDisplayTests {
    private func run(_ workspace: Workspace, _ arguments: [String]) async throws -> CommandResult {
        try await workspace.kidneyhub(arguments, runsAdapters: false, timeout: .seconds(120))
    }

    /// UCUM spellings people do not write: `mm[Hg]`, `[lb_av]`, `[cup_us]`, `{beats}/min`, `{1.73_m2}`.
    private static func ucumCodes(in text: String) throws -> [String] {
        let pattern = try Regex(#"mm\[Hg\]|\[[a-z]+_[a-z0-9]+\]|\[deg[CF]\]|\{[A-Za-z0-9_.]+\}"#)
        return text.matches(of: pattern).map { String(text[$0.range]) }
    }

    /// The local date `days` days before today in Europe/Berlin, `YYYY-MM-DD`.
    private func daysAgo(_ days: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        let day = calendar.date(byAdding: .day, value: -days, to: Date())!
        let parts = calendar.dateComponents([.year, .month, .day], from: day)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    @Test func textShowsDisplayNamesAndRoundedValuesWhileJSONKeepsCodes() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        for arguments in [
            ["terms", "accept"],
            [
                "profile", "set", "--name", "Ana", "--category", "hemodialysis", "--dry-weight", "70",
                "--time-zone", "Europe/Berlin", "--weight-unit", "lb",
            ],
            ["labs", "add", "potassium", "5.6", "mmol/L", "--date", daysAgo(1)],
            ["labs", "add", "albumin", "3.8", "g/dL", "--date", daysAgo(1)],
            ["bp", "add", "143.6/83.4", "--phase", "pre"],
            ["bp", "add", "131/79", "--unit", "mmHg", "--phase", "post"],
            ["weight", "add", "165.27", "lb", "--phase", "pre"],
            ["goals", "add", "--kind", "blood-pressure", "--systolic", "140", "--diastolic", "90"],
            ["log", "food", "banana, raw", "--amount", "1", "--unit", "medium", "--meal", "breakfast"],
        ] {
            let result = try await run(workspace, arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }

        var texts: [String: String] = [:]
        for arguments in [
            ["measurements", "list"], ["weight", "list"], ["labs", "list"], ["trends", "blood_pressure"],
            ["trends", "weight"], ["trends", "potassium"], ["goals", "list"], ["advice"], ["notifications", "list"],
            ["intake", "today"], ["reportcard"],
        ] {
            let result = try await run(workspace, arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            let name = arguments.joined(separator: " ")
            texts[name] = result.stdout
            let codes = try Self.ucumCodes(in: result.stdout)
            #expect(codes.isEmpty, "\(name) shows UCUM codes \(codes):\n\(result.stdout)")
        }
        let measurements = try #require(texts["measurements list"])
        // Whole mmHg, pounds to 0.1, times to the minute (no seconds, no offset).
        #expect(measurements.contains("144/83") && measurements.contains("mmHg"), "\(measurements)")
        #expect(!measurements.contains("143.6"), "\(measurements)")
        #expect(!measurements.contains(try Regex(#"\d\d:\d\d:\d\d"#)), "\(measurements)")
        #expect(try #require(texts["weight list"]).contains("165.3 lb"), "\(texts["weight list"] ?? "")")
        #expect(
            try #require(texts["trends blood_pressure"]).contains("in mmHg"),
            "\(texts["trends blood_pressure"] ?? "")"
        )

        // JSON keeps the UCUM codes and the values as stored.
        let json = try await run(workspace, ["measurements", "list", "--json"])
        #expect(json.stdout.contains("\"mm[Hg]\""), "\(json.stdout)")
        #expect(json.stdout.contains("143.6"), "\(json.stdout)")
        let trends = try await run(workspace, ["trends", "weight", "--json"])
        #expect(trends.stdout.contains("[lb_av]"), "\(trends.stdout)")
    }
}
