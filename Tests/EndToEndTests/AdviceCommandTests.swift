import Foundation
import TestSupport
import Testing

/// `kidneyhub foods check`, `advice`, `reportcard` and `druglabels`: the real binary on a fresh store.
@Suite(.serialized) struct AdviceCommandTests {
    private func run(_ workspace: Workspace, _ arguments: [String]) async throws -> CommandResult {
        try await workspace.kidneyhub(arguments, runsAdapters: false, timeout: .seconds(120))
    }

    /// The local date `days` days before today in Europe/Berlin, `YYYY-MM-DD`.
    private func daysAgo(_ days: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        let day = calendar.date(byAdding: .day, value: -days, to: Date())!
        let parts = calendar.dateComponents([.year, .month, .day], from: day)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    /// A hemodialysis patient in Berlin, dry weight 70 kg, serum potassium 5.6 yesterday, on Prograf and on a drug
    /// the rules do not know.
    private func preparedWorkspace() async throws -> Workspace {
        let workspace = try Workspace()
        for arguments in [
            ["terms", "accept"],
            [
                "profile", "set", "--name", "Ana", "--category", "hemodialysis", "--dry-weight", "70", "--time-zone",
                "Europe/Berlin",
            ],
            ["labs", "add", "potassium", "5.6", "mmol/L", "--date", daysAgo(1)],
            ["medications", "add", "Prograf", "--dose", "1", "--unit", "mg"],
            ["medications", "add", "Xyzzamab"],
        ] {
            let result = try await run(workspace, arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        return workspace
    }

    @Test func foodsCheckSaysWhetherItFitsAndWhyWithTheLastLab() async throws {
        let workspace = try await preparedWorkspace()
        defer { workspace.remove() }
        let check = try await run(workspace, ["foods", "check", "orange juice", "--amount", "1", "--unit", "cup"])
        #expect(check.status == 0, "\(check.stderr)")
        // Lines are wrapped at 100 columns (continuations indented by two spaces): read them as one text.
        let text = check.stdout.replacingOccurrences(of: "\n  ", with: " ")
        #expect(check.stdout.split(separator: "\n").allSatisfy { $0.count <= 100 }, "\(check.stdout)")
        #expect(text.contains("Orange juice, raw"), "\(check.stdout)")
        #expect(text.contains("potassium 496 mg, 16.5 % of the 3000 mg left today"), "\(check.stdout)")
        #expect(text.contains("your last potassium was 5.6 mmol/L, high, on \(daysAgo(1))"), "\(check.stdout)")
        #expect(check.stdout.contains("Xyzzamab: no interaction data"), "\(check.stdout)")

        let grapefruit = try await run(
            workspace,
            // "grapefruit juice" alone asks between white and pink (issue 17: never a silent pick).
            ["foods", "check", "grapefruit juice, white", "--amount", "1", "--unit", "cup"]
        )
        #expect(grapefruit.status == 0, "\(grapefruit.stderr)")
        #expect(grapefruit.stdout.contains("AVOID"), "\(grapefruit.stdout)")
        #expect(grapefruit.stdout.contains("[critical]"), "\(grapefruit.stdout)")
        #expect(grapefruit.stdout.contains("tacrolimus"), "\(grapefruit.stdout)")

        let badUnit = try await run(workspace, ["foods", "check", "orange juice", "--amount", "1", "--unit", "bucket"])
        #expect(badUnit.status != 0)
        #expect(badUnit.stderr.contains("has no unit 'bucket'"), "\(badUnit.stderr)")

        let history = try await run(workspace, ["advice", "--history"])
        #expect(history.status == 0, "\(history.stderr)")
        #expect(history.stdout.contains("fdi-08-tacrolimus-grapefruit v1 [critical]"), "\(history.stdout)")
        #expect(history.stdout.contains("facts:"), "\(history.stdout)")
    }

    @Test func adviceShowsTheMatrixAndUnknownMedicationsAsNoInteractionData() async throws {
        let workspace = try await preparedWorkspace()
        defer { workspace.remove() }
        let logged = try await run(
            workspace,
            ["log", "food", "orange juice", "--amount", "7", "--unit", "cup", "--meal", "lunch"]
        )
        #expect(logged.status == 0, "\(logged.stderr)")
        #expect(
            logged.stdout.contains("[warning] Today's total is now over your limit: potassium 3472 mg"),
            "\(logged.stdout)"
        )

        let text = try await run(workspace, ["advice"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("Xyzzamab: no interaction data"), "\(text.stdout)")
        #expect(text.stdout.contains("Prograf: tacrolimus (calcineurin inhibitor) by brand name"), "\(text.stdout)")
        #expect(text.stdout.contains("High potassium (hyperkalemia)"), "\(text.stdout)")

        let json = try await run(workspace, ["advice", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let rows = try #require(object["rows"] as? [[String: Any]])
        let potassium = try #require(rows.first { $0["subject"] as? String == "potassium" })
        #expect(potassium["today"] as? Double == 3472)
        #expect((potassium["limit"] as? [String: Any])?["maximum"] as? Double == 3000)

        let feed = try await run(workspace, ["notifications", "list"])
        // What (the nutrient), which value against which limit, and when (issue 17, item 7).
        #expect(
            feed.stdout.contains("WARNING: Potassium 3472 mg, over your limit of 3000 mg today"),
            "\(feed.stdout) \(feed.stderr)"
        )
    }

    @Test func reportcardAndDrugLabelsRefuseBadInputClearly() async throws {
        let workspace = try await preparedWorkspace()
        defer { workspace.remove() }
        let badMonth = try await run(workspace, ["reportcard", "--month", "2026-13"])
        #expect(badMonth.status != 0)
        #expect(badMonth.stderr.contains("'2026-13' is not a month: use YYYY-MM"), "\(badMonth.stderr)")
        let card = try await run(workspace, ["reportcard", "--month", "2026-11"])
        #expect(card.status == 0, "\(card.stderr)")
        #expect(card.stdout.contains("Report card for 2026-11"), "\(card.stdout)")

        let bad = try workspace.write(#"{"results": [{"drug_interactions": "grapefruit"}]}"#, to: "bad.json")
        let refused = try await run(workspace, ["druglabels", "import", bad])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("results[0].drug_interactions"), "\(refused.stderr)")
        #expect(refused.stderr.contains("nothing imported"), "\(refused.stderr)")
        let good = try workspace.write(
            #"{"meta": {}, "results": [{"set_id": "s-1", "version": "3", "effective_time": "20250101", "openfda": {"generic_name": ["TACROLIMUS"]}, "drug_interactions": ["7 DRUG INTERACTIONS Avoid grapefruit juice. Other text."]}]}"#,
            to: "good.json"
        )
        let imported = try await run(workspace, ["druglabels", "import", good])
        #expect(
            imported.stdout.contains("1 label(s), 1 food-related sentence(s), 1 new"),
            "\(imported.stdout) \(imported.stderr)"
        )
        let again = try await run(workspace, ["druglabels", "import", good])
        #expect(again.stdout.contains("0 new"), "\(again.stdout)")
        let list = try await run(workspace, ["druglabels", "list", "--drug", "tacrolimus"])
        #expect(list.stdout.contains("'grapefruit': 7 DRUG INTERACTIONS Avoid grapefruit juice."), "\(list.stdout)")
    }
}
