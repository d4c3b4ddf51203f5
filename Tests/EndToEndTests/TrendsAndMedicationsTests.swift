import Foundation
import TestSupport
import Testing

/// `kidneyhub trends` and `kidneyhub medications`: the real binary on a fresh store.
@Suite(.serialized) struct TrendsAndMedicationsTests {
    /// Runs a command that takes no adapters.
    private func run(_ workspace: Workspace, _ arguments: [String]) async throws -> CommandResult {
        try await workspace.kidneyhub(arguments, runsAdapters: false, timeout: .seconds(60))
    }

    /// A store with the terms accepted and a man's profile born 1966-01-01 in Europe/Berlin, plus extra options.
    private func preparedWorkspace(_ extra: [String] = []) async throws -> Workspace {
        let workspace = try Workspace()
        let accept = try await run(workspace, ["terms", "accept"])
        #expect(accept.status == 0, "\(accept.stderr)")
        let set = try await run(
            workspace,
            [
                "profile", "set", "--name", "Max", "--birth-date", "1966-01-01", "--sex", "male", "--time-zone",
                "Europe/Berlin",
            ] + extra
        )
        #expect(set.status == 0, "\(set.stderr)")
        return workspace
    }

    /// The local date `days` days before today in Europe/Berlin, `YYYY-MM-DD`.
    private func daysAgo(_ days: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        let day = calendar.date(byAdding: .day, value: -days, to: Date())!
        let parts = calendar.dateComponents([.year, .month, .day], from: day)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    private func jsonObject(_ result: CommandResult) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
            "not a JSON object: \(result.stdout) \(result.stderr)"
        )
    }

    private func firstSeries(_ object: [String: Any]) throws -> [String: Any] {
        try #require((object["series"] as? [[String: Any]])?.first)
    }

    @Test func potassiumTrendHasStatisticsChangeAndChart() async throws {
        let workspace = try await preparedWorkspace()
        defer { workspace.remove() }
        // One result in the previous 30 days, three in the last 30.
        for (value, days) in [("4.0", 45), ("5.0", 20), ("5.6", 10), ("4.4", 3)] {
            let added = try await run(
                workspace,
                ["labs", "add", "potassium", value, "mmol/L", "--date", daysAgo(days)]
            )
            #expect(added.status == 0, "\(added.stderr)")
        }

        let json = try await run(workspace, ["trends", "potassium", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let object = try jsonObject(json)
        #expect(object["kind"] as? String == "potassium")
        #expect(object["days"] as? Int == 30)
        #expect(object["aggregation"] as? String == "readings")
        let series = try firstSeries(object)
        #expect(series["unit"] as? String == "mmol/L")
        #expect(series["count"] as? Int == 3)
        #expect(series["minimum"] as? Double == 4.4)
        #expect(series["maximum"] as? Double == 5.6)
        #expect(abs(try #require(series["mean"] as? Double) - 5.0) < 1e-9)
        #expect(series["previousMean"] as? Double == 4.0)
        let change = try #require(series["change"] as? [String: Any])
        #expect(abs(try #require(change["absolute"] as? Double) - 1.0) < 1e-9)
        #expect(abs(try #require(change["percent"] as? Double) - 25.0) < 1e-9)
        let points = try #require(series["points"] as? [[String: Any]])
        #expect(points.map { $0["value"] as? Double } == [5.0, 5.6, 4.4])
        #expect(points.allSatisfy { $0["derived"] as? Bool == false })

        let text = try await run(workspace, ["trends", "potassium"])
        #expect(text.status == 0, "\(text.stderr)")
        let out = text.stdout
        #expect(out.contains("Potassium in mmol/L"), "\(out)")
        // The chart: y-axis labels with the unit, bars, the x-axis, the first and last dates.
        #expect(out.contains("5.6 mmol/L ┤") && out.contains("4.4 mmol/L ┤"), "\(out)")
        #expect(out.contains("└" + String(repeating: "─", count: 10)) && out.contains("█"), "\(out)")
        #expect(out.contains(daysAgo(20)) && out.contains(daysAgo(3)), "\(out)")
        let chartLines = out.split(separator: "\n").filter { $0.contains("┤") || $0.contains("│") }
        #expect(chartLines.count == 10, "\(out)")
        #expect(chartLines.allSatisfy { $0.count <= 72 }, "\(out)")
        for expected in ["count          3", "5.0 mmol/L", "4.0 mmol/L", "+1.0 mmol/L (+25.0 %)"] {
            #expect(out.contains(expected), "missing '\(expected)' in \(out)")
        }

        // A 7-day window holds 4.4; the 7 days before it hold 5.6: a fall.
        let week = try await run(workspace, ["trends", "potassium", "--days", "7"])
        #expect(week.stdout.contains("-1.2 mmol/L (-21.4 %)"), "\(week.stdout)")
        let weekSeries = try firstSeries(
            try jsonObject(try await run(workspace, ["trends", "potassium", "--days", "7", "--json"]))
        )
        #expect(weekSeries["count"] as? Int == 1)
        #expect(weekSeries["previousMean"] as? Double == 5.6)
        // With 2 days there is nothing in the 2 days before: no change.
        let short = try firstSeries(
            try jsonObject(try await run(workspace, ["trends", "potassium", "--days", "2", "--json"]))
        )
        #expect(short["count"] as? Int == 0 && short["change"] == nil && short["previousMean"] as? Double == 4.4)
    }

    @Test func egfrTrendDerivesPointsFromCreatinine() async throws {
        let workspace = try await preparedWorkspace()
        defer { workspace.remove() }
        // A 60-year-old man with creatinine 1.5 mg/dL: 52.97 mL/min/1.73 m² (nutrition.md).
        let creatinine = try await run(workspace, ["labs", "add", "creatinine", "1.5", "mg/dL", "--date", daysAgo(5)])
        #expect(creatinine.status == 0, "\(creatinine.stderr)")
        let reported = try await run(
            workspace,
            ["labs", "add", "egfr", "55", "mL/min/1.73m2", "--date", daysAgo(2)]
        )
        #expect(reported.status == 0, "\(reported.stderr)")

        let json = try await run(workspace, ["trends", "egfr", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let series = try firstSeries(try jsonObject(json))
        #expect(series["unit"] as? String == "mL/min/{1.73_m2}")
        #expect(series["count"] as? Int == 2)
        let points = try #require(series["points"] as? [[String: Any]])
        #expect(points.count == 2)
        #expect(points.first?["derived"] as? Bool == true)
        #expect(points.first?["derivedFrom"] as? String == "creatinine")
        #expect(abs(try #require(points.first?["value"] as? Double) - 52.97) < 0.005)
        #expect(points.last?["derived"] as? Bool == false)
        #expect(points.last?["value"] as? Double == 55)

        let text = try await run(workspace, ["trends", "egfr"])
        #expect(text.stdout.contains("1 of 2 from creatinine (CKD-EPI 2021)"), "\(text.stdout)")
        // The display name, not the UCUM code `mL/min/{1.73_m2}` (issue 17, item 8).
        #expect(text.stdout.contains("mL/min/1.73 m² ┤") && !text.stdout.contains("{1.73_m2}"), "\(text.stdout)")

        // Without the sex at birth nothing is derived, and the note says why.
        #expect(
            try await run(workspace, ["profile", "set", "--create", "--profile", "Ann", "--time-zone", "UTC"]).status
                == 0
        )
        #expect(
            try await run(
                workspace,
                ["labs", "add", "creatinine", "1.5", "mg/dL", "--date", daysAgo(5), "--profile", "Ann"]
            ).status == 0
        )
        let ann = try await run(workspace, ["trends", "egfr", "--profile", "ann"])
        #expect(ann.status == 0, "\(ann.stderr)")
        #expect(ann.stdout.contains("No egfr values"), "\(ann.stdout)")
        #expect(ann.stdout.contains("CKD-EPI 2021 needs the sex at birth"), "\(ann.stdout)")
    }

    @Test func egfrSlopeFlagsASteepDeclineAndNotAStableSeries() async throws {
        let workspace = try await preparedWorkspace()
        defer { workspace.remove() }
        // Steep: creatinine 1.0 mg/dL (about 86), a reported eGFR of 60, creatinine 1.8 mg/dL (about 43) over a year.
        for arguments in [
            ["creatinine", "1.0", "mg/dL", "--date", daysAgo(360)],
            ["egfr", "60", "mL/min/1.73m2", "--date", daysAgo(180)],
            ["creatinine", "1.8", "mg/dL", "--date", daysAgo(5)],
        ] {
            let added = try await run(workspace, ["labs", "add"] + arguments)
            #expect(added.status == 0, "\(added.stderr)")
        }
        let json = try jsonObject(try await run(workspace, ["trends", "egfr", "--json"]))
        let slope = try #require(json["egfrSlope"] as? [String: Any], "\(json)")
        #expect(slope["rapidProgression"] as? Bool == true)
        #expect(slope["readingCount"] as? Int == 3)
        #expect(try #require(slope["perYear"] as? Double) < -30, "\(slope)")
        let flag = "falling faster than 5 mL/min/1.73 m² a year (KDIGO 2012 Rec 2.1.3): tell your care team"
        #expect((slope["message"] as? String)?.hasSuffix(flag) == true, "\(slope)")
        let text = try await run(workspace, ["trends", "egfr"])
        #expect(text.stdout.contains("eGFR slope (all values): -") && text.stdout.contains(flag), "\(text.stdout)")
        for analyte in ["egfr", "creatinine"] {
            let list = try await run(workspace, ["labs", "list", "--analyte", analyte])
            #expect(list.status == 0, "\(list.stderr)")
            #expect(list.stdout.contains("eGFR slope (all values): -") && list.stdout.contains(flag), "\(list.stdout)")
        }
        let potassium = try await run(workspace, ["labs", "list", "--analyte", "potassium"])
        #expect(!potassium.stdout.contains("eGFR slope"), "\(potassium.stdout)")

        // Stable: reported eGFR 55, 54, 55 over a year; not flagged.
        #expect(
            try await run(workspace, ["profile", "set", "--create", "--profile", "Ann", "--time-zone", "UTC"]).status
                == 0
        )
        for (value, days) in [("55", 360), ("54", 180), ("55", 5)] {
            let added = try await run(
                workspace,
                ["labs", "add", "egfr", value, "mL/min/1.73m2", "--date", daysAgo(days), "--profile", "Ann"]
            )
            #expect(added.status == 0, "\(added.stderr)")
        }
        let stable = try #require(
            try jsonObject(try await run(workspace, ["trends", "egfr", "--profile", "Ann", "--json"]))["egfrSlope"]
                as? [String: Any]
        )
        #expect(stable["rapidProgression"] as? Bool == false, "\(stable)")
        #expect(abs(try #require(stable["perYear"] as? Double)) < 2, "\(stable)")
        let stableList = try await run(workspace, ["labs", "list", "--analyte", "egfr", "--profile", "Ann"])
        #expect(
            stableList.stdout.contains("not faster than KDIGO's rapid-progression threshold"),
            "\(stableList.stdout)"
        )
        #expect(!stableList.stdout.contains("tell your care team"), "\(stableList.stdout)")

        // One value is not enough.
        #expect(
            try await run(workspace, ["profile", "set", "--create", "--profile", "Eve", "--time-zone", "UTC"]).status
                == 0
        )
        #expect(
            try await run(workspace, ["labs", "add", "egfr", "40", "mL/min/1.73m2", "--profile", "Eve"]).status == 0
        )
        let single = try await run(workspace, ["trends", "egfr", "--profile", "Eve"])
        #expect(single.stdout.contains("not enough data (needs 2 values over at least 90 days)"), "\(single.stdout)")
    }

    @Test func unknownKindListsTheAcceptedKinds() async throws {
        let workspace = try await preparedWorkspace()
        defer { workspace.remove() }
        let unknown = try await run(workspace, ["trends", "cholesterol"])
        #expect(unknown.status != 0)
        for kind in ["unknown kind 'cholesterol'", "potassium", "egfr", "weight", "blood_pressure", "heart_rate"] {
            #expect(unknown.stderr.contains(kind), "missing \(kind): \(unknown.stderr)")
        }
        let badDays = try await run(workspace, ["trends", "potassium", "--days", "0"])
        #expect(badDays.status != 0 && badDays.stderr.contains("--days"), "\(badDays.stderr)")
    }

    @Test func emptyWindowSaysSo() async throws {
        let workspace = try await preparedWorkspace()
        defer { workspace.remove() }
        let empty = try await run(workspace, ["trends", "potassium", "--days", "7"])
        #expect(empty.status == 0, "\(empty.stderr)")
        #expect(empty.stdout.contains("No potassium values in the last 7 days"), "\(empty.stdout)")
        #expect(empty.stdout.contains("kidneyhub labs add potassium"), "\(empty.stdout)")
        let json = try await run(workspace, ["trends", "weight", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let series = try firstSeries(try jsonObject(json))
        #expect(series["count"] as? Int == 0)
        #expect((series["points"] as? [Any])?.isEmpty == true)
        let pressure = try await run(workspace, ["trends", "blood_pressure"])
        #expect(pressure.status == 0 && pressure.stdout.contains("No blood_pressure values"), "\(pressure.stdout)")
    }

    @Test func weightTrendIsShownInThePatientsUnit() async throws {
        let workspace = try await preparedWorkspace(["--weight-unit", "lb"])
        defer { workspace.remove() }
        let scenario = try String(
            contentsOfFile: "\(Workspace.repositoryRoot)/Plugins/simulator/scenarios/dialysis-day.json",
            encoding: .utf8
        )
        try workspace.installSimulator(scenario: scenario)
        try await workspace.acceptTerms()
        let demo = try await workspace.kidneyhub(["demo"])
        #expect(demo.status == 0, "demo failed: \(demo.stderr)")
        // Only the readings of the profile's devices count: before the scale is assigned, none do.
        let unassigned = try jsonObject(try await run(workspace, ["trends", "weight", "--days", "3650", "--json"]))
        #expect(try firstSeries(unassigned)["count"] as? Int == 0)
        for device in ["sim-scale-1", "sim-cuff-1"] {
            let assigned = try await run(workspace, ["devices", "assign", device, "--profile", "Max"])
            #expect(assigned.status == 0, "\(assigned.stderr)")
        }

        // The scenario's day is 2026-11-17; a long window keeps the test independent of today's date.
        let json = try await run(workspace, ["trends", "weight", "--days", "3650", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let object = try jsonObject(json)
        #expect(object["aggregation"] as? String == "daily_mean")
        let series = try firstSeries(object)
        #expect(series["unit"] as? String == "[lb_av]")
        let points = try #require(series["points"] as? [[String: Any]])
        // Daily means: 80.3 kg on Saturday; (82.4 + 80.1) / 2 kg on Tuesday; 1 lb = 0.45359237 kg.
        let values = points.compactMap { $0["value"] as? Double }
        #expect(values.count == 2)
        #expect(abs(values[0] - 80.3 / 0.45359237) < 1e-9)
        #expect(abs(values[1] - 81.25 / 0.45359237) < 1e-9)
        #expect(points.map { ($0["time"] as? String)?.prefix(10) } == ["2026-11-14", "2026-11-17"])

        let text = try await run(workspace, ["trends", "weight", "--days", "3650"])
        // Text names the unit as people write it; `--json` above keeps the UCUM code (issue 17, item 8).
        #expect(text.stdout.contains("Weight in lb,"), "\(text.stdout)")
        #expect(text.stdout.contains("179.1 lb ┤") && text.stdout.contains("177.0 lb ┤"), "\(text.stdout)")
        #expect(!text.stdout.contains("[lb_av]"), "\(text.stdout)")

        // Blood pressure: a systolic and a diastolic series of daily means.
        let pressure = try jsonObject(
            try await run(workspace, ["trends", "blood_pressure", "--days", "3650", "--json"])
        )
        let both = try #require(pressure["series"] as? [[String: Any]])
        #expect(both.map { $0["name"] as? String } == ["systolic", "diastolic"])
        #expect(both.map { $0["mean"] as? Double } == [133, 78])
        #expect(both.allSatisfy { $0["unit"] as? String == "mm[Hg]" })
        await expectNoLeftovers(workspace)
    }

    @Test func medicationsAreRefusedBeforeTheTerms() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        for arguments in [["medications", "add", "sevelamer"], ["medications", "stop", "sevelamer"]] {
            let refused = try await run(workspace, arguments)
            #expect(refused.status != 0)
            #expect(refused.stderr.contains("kidneyhub terms accept"), "\(arguments): \(refused.stderr)")
        }
    }

    @Test func medicationOrdersDosesAndAdherenceFromTheCommandLine() async throws {
        let workspace = try await preparedWorkspace()
        defer { workspace.remove() }
        let added = try await run(
            workspace,
            [
                "medications", "add", "Sevelamer carbonate", "--dose", "2", "--unit", "tablet", "--route", "oral",
                "--when", "C", "--reason", "high phosphate",
            ]
        )
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("2 tablets by mouth with meals"), "\(added.stdout)")
        let calcitriol = try await run(
            workspace,
            ["medications", "add", "Calcitriol", "--dose", "0.25", "--unit", "ug", "--when", "ACM", "--offset", "30"]
        )
        #expect(calcitriol.status == 0, "\(calcitriol.stderr)")

        let duplicate = try await run(workspace, ["medications", "add", "sevelamer CARBONATE"])
        #expect(
            duplicate.status != 0 && duplicate.stderr.contains("active order of 'Sevelamer carbonate'"),
            "\(duplicate.stderr)"
        )
        for (arguments, expected) in [
            (["medications", "add", "x", "--frequency", "2", "--period", "1"], "dosage[0].timing.periodUnit"),
            (["medications", "add", "x", "--dose=-1", "--unit", "tablet"], "dosage[0].dose: -1 is not a dose"),
            (["medications", "add", "x", "--when", "BREAKFAST"], "--when: unknown event code 'BREAKFAST'"),
            (
                ["medications", "add", "x", "--period", "1", "--period-unit", "day"],
                "--period-unit: unknown unit of time 'day'"
            ),
        ] {
            let refused = try await run(workspace, arguments)
            #expect(refused.status != 0 && refused.stderr.contains(expected), "\(arguments): \(refused.stderr)")
        }

        let list = try await run(workspace, ["medications", "list"])
        #expect(list.stdout.contains("0.25 µg 30 minutes before breakfast"), "\(list.stdout)")
        #expect(list.stdout.split(separator: "\n").allSatisfy { $0.count <= 100 })
        let json = try await run(workspace, ["medications", "list", "--json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(
            rows.map { $0["instructions"] as? String } == [
                "2 tablets by mouth with meals", "0.25 µg 30 minutes before breakfast",
            ]
        )

        let due = try await run(workspace, ["doses", "due"])
        #expect(due.status == 0 && due.stdout.contains("slot ACM"), "\(due.stdout) \(due.stderr)")
        let taken = try await run(workspace, ["doses", "take", "calcitriol", "--slot", "ACM"])
        #expect(taken.status == 0, "\(taken.stderr)")
        let skipped = try await run(
            workspace,
            ["doses", "skip", "sevelamer carbonate", "--slot", "C@lunch", "--reason", "no lunch"]
        )
        #expect(skipped.status == 0, "\(skipped.stderr)")
        let log = try await run(workspace, ["doses", "list"])
        #expect(log.stdout.contains("completed") && log.stdout.contains("not-done"), "\(log.stdout)")
        let adherence = try await run(workspace, ["adherence", "--by", "day", "--json"])
        #expect(adherence.status == 0, "\(adherence.stderr)")

        let stopped = try await run(workspace, ["medications", "stop", "calcitriol"])
        #expect(stopped.status == 0, "\(stopped.stderr)")
        let late = try await run(workspace, ["doses", "take", "calcitriol"])
        #expect(late.status != 0 && late.stderr.contains("is stopped"), "\(late.stderr)")

        let exported = try await run(workspace, ["medications", "export", "--out", "\(workspace.path)/meds.json"])
        #expect(exported.status == 0, "\(exported.stderr)")
        let other = try await preparedWorkspace()
        defer { other.remove() }
        let imported = try await run(other, ["medications", "import", "\(workspace.path)/meds.json", "--json"])
        #expect(imported.status == 0, "\(imported.stderr)")
        let again = try #require(try JSONSerialization.jsonObject(with: Data(imported.stdout.utf8)) as? [[String: Any]])
        #expect(
            again.map { $0["instructions"] as? String } == [
                "2 tablets by mouth with meals", "0.25 µg 30 minutes before breakfast",
            ]
        )
    }
}
