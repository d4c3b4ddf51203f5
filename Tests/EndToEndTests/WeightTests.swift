import Foundation
import HubCore
import HubStore
import TestSupport
import Testing

/// `kidneyhub weight|bp|devices assign`: dialysis-day weights from the simulator and by hand, on the real binary.
@Suite(.serialized) struct WeightTests {
    /// Runs a command that takes no adapters.
    private func run(_ workspace: Workspace, _ arguments: [String]) async throws -> CommandResult {
        try await workspace.kidneyhub(arguments, runsAdapters: false, timeout: .seconds(60))
    }

    private func json(_ result: CommandResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    /// The shipped dialysis-day scenario with the scale's readings stripped of their context, so that their phases
    /// have to be inferred from the schedule.
    private func scenarioWithoutScalePhases() throws -> String {
        let path = "\(Workspace.repositoryRoot)/Plugins/simulator/scenarios/dialysis-day.json"
        var scenario = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        )
        var devices = try #require(scenario["devices"] as? [[String: Any]])
        let scale = try #require(devices.firstIndex { $0["deviceId"] as? String == "sim-scale-1" })
        let readings = try #require(devices[scale]["readings"] as? [[String: Any]])
        devices[scale]["readings"] = readings.map { reading in reading.filter { $0.key != "context" } }
        scenario["devices"] = devices
        let data = try JSONSerialization.data(withJSONObject: scenario, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    @Test func aSimulatedDialysisDayYieldsPreAndPostWeightsAndTheGain() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        #expect(try await run(workspace, ["terms", "accept"]).status == 0)
        let profile = try await run(
            workspace,
            [
                "profile", "set", "--name", "Max", "--category", "hemodialysis", "--schedule",
                "tue,thu,sat 08:00-12:00", "--dry-weight", "80", "--time-zone", "Etc/GMT-1",
            ]
        )
        #expect(profile.status == 0, "\(profile.stderr)")
        try workspace.installSimulator(scenario: try scenarioWithoutScalePhases())

        let sync = try await workspace.kidneyhub(["devices", "sync", "sim-scale-1", "--adapter", "simulator"])
        #expect(sync.status == 0, "sync failed: \(sync.stderr)")
        // Not assigned yet: stored, but no profile's weights.
        let before = try json(try await run(workspace, ["weight", "list", "--json"]))
        #expect((before["weights"] as? [Any])?.isEmpty == true)
        #expect(try await workspace.openStore().measurementCount(kind: .bodyWeight) == 3)

        let assign = try await run(workspace, ["devices", "assign", "sim-scale-1", "--profile", "Max"])
        #expect(assign.status == 0, "\(assign.stderr)")
        #expect(assign.stdout.contains("3 stored weight(s) tagged"), "\(assign.stdout)")

        let listing = try json(try await run(workspace, ["weight", "list", "--json"]))
        let weights = try #require(listing["weights"] as? [[String: Any]])
        let byTime = Dictionary(uniqueKeysWithValues: weights.map { ($0["time"] as? String ?? "", $0) })
        let pre = try #require(byTime["2026-11-17T07:10:00+01:00"])
        #expect(pre["kilograms"] as? Double == 82.4 && pre["phase"] as? String == "pre")
        #expect(pre["source"] as? String == "inferred")
        let post = try #require(byTime["2026-11-17T12:40:00+01:00"])
        #expect(post["kilograms"] as? Double == 80.1 && post["phase"] as? String == "post")
        #expect(byTime["2026-11-14T12:35:00+01:00"]?["phase"] as? String == "post")

        let sessions = try #require(listing["sessions"] as? [[String: Any]])
        let tuesday = try #require(sessions.first { $0["date"] as? String == "2026-11-17" })
        #expect(tuesday["gainKilograms"] as? Double == 2.1, "\(tuesday)")
        #expect(tuesday["percentOfDryWeight"] as? Double == 2.625, "\(tuesday)")
        #expect(tuesday["previousSession"] as? String == "Sat 2026-11-14")
        let saturday = try #require(sessions.first { $0["date"] as? String == "2026-11-14" })
        #expect((saturday["gap"] as? String)?.contains("missing pre-dialysis weight") == true)

        // Thursday by hand: a pre weight with its phase, and one during the session that needs confirming.
        let manualPre = try await run(
            workspace,
            ["weight", "add", "82.9", "kg", "--phase", "pre", "--at", "2026-11-19T07:30"]
        )
        #expect(manualPre.status == 0, "\(manualPre.stderr)")
        #expect(manualPre.stdout.contains("phase pre (manual)"), "\(manualPre.stdout)")
        let during = try await run(workspace, ["weight", "add", "179", "lb", "--at", "2026-11-19T10:00"])
        #expect(during.status == 0, "\(during.stderr)")
        #expect(during.stdout.contains("phase to confirm"), "\(during.stdout)")

        let toConfirm = try await run(workspace, ["weight", "confirm"])
        #expect(toConfirm.stdout.contains("during the dialysis session Thu 08:00–12:00"), "\(toConfirm.stdout)")
        let listed = try json(try await run(workspace, ["weight", "list", "--json"]))
        let pending = try #require(
            (listed["weights"] as? [[String: Any]])?.first { $0["time"] as? String == "2026-11-19T10:00:00+01:00" }
        )
        #expect(pending["phase"] == nil || pending["phase"] is NSNull)
        #expect(abs((pending["kilograms"] as? Double ?? 0) - 81.193) < 0.001)  // 179 lb × 0.45359237
        let id = try #require(pending["id"] as? Int)
        let confirm = try await run(workspace, ["weight", "confirm", "\(id)", "--phase", "post"])
        #expect(confirm.status == 0, "\(confirm.stderr)")
        #expect(try await run(workspace, ["weight", "confirm"]).stdout.contains("No weight"))

        let after = try json(try await run(workspace, ["weight", "list", "--json"]))
        let confirmed = (after["weights"] as? [[String: Any]])?.first { ($0["id"] as? Int) == id }
        #expect(confirmed?["phase"] as? String == "post" && confirmed?["source"] as? String == "confirmed")
        let thursday = (after["sessions"] as? [[String: Any]])?.first { $0["date"] as? String == "2026-11-19" }
        #expect(thursday?["gainKilograms"] as? Double == 2.8, "\(String(describing: thursday))")  // 82.9 − 80.1
        #expect(thursday?["percentOfDryWeight"] as? Double == 3.5)
        #expect(thursday?["level"] as? String == "warning")

        let text = try await run(workspace, ["weight", "list"])
        #expect(text.stdout.contains("Tue 2026-11-17: 2.1 kg, 2.6 % of dry weight"), "\(text.stdout)")
        await expectNoLeftovers(workspace)
    }

    @Test func phaseTrendsAndInterdialyticGainUseTheProfilesTaggedWeights() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        #expect(try await run(workspace, ["terms", "accept"]).status == 0)
        let profile = try await run(
            workspace,
            [
                "profile", "set", "--name", "Max", "--category", "hemodialysis", "--schedule",
                "tue,thu,sat 08:00-12:00", "--dry-weight", "80", "--time-zone", "Etc/GMT-1",
            ]
        )
        #expect(profile.status == 0, "\(profile.stderr)")
        for (value, phase, at) in [
            ("80.3", "post", "2026-11-14T12:35"), ("82.4", "pre", "2026-11-17T07:10"),
            ("80.1", "post", "2026-11-17T12:40"), ("81.0", "none", "2026-11-18T09:00"),
            ("82.9", "pre", "2026-11-19T07:30"), ("80.4", "post", "2026-11-19T12:30"),
        ] {
            let added = try await run(workspace, ["weight", "add", value, "kg", "--phase", phase, "--at", at])
            #expect(added.status == 0, "\(added.stderr)")
        }
        // A second profile's weights stay out of Max's trends.
        #expect(
            try await run(workspace, ["profile", "set", "--create", "--profile", "Ann", "--time-zone", "UTC"]).status
                == 0
        )
        let ann = try await run(
            workspace,
            ["weight", "add", "60", "kg", "--phase", "pre", "--at", "2026-11-18T07:00", "--profile", "Ann"]
        )
        #expect(ann.status == 0, "\(ann.stderr)")

        func series(_ arguments: [String]) async throws -> (object: [String: Any], series: [String: Any]) {
            let result = try await run(
                workspace,
                ["trends"] + arguments + ["--days", "3650", "--json", "--profile", "Max"]
            )
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            let object = try json(result)
            return (object, try #require((object["series"] as? [[String: Any]])?.first, "\(object)"))
        }
        func values(_ series: [String: Any]) -> [Double] {
            (series["points"] as? [[String: Any]])?.compactMap { $0["value"] as? Double } ?? []
        }

        let pre = try await series(["weight", "--phase", "pre"])
        #expect(pre.object["kind"] as? String == "weight" && pre.object["phase"] as? String == "pre")
        #expect(pre.series["unit"] as? String == "kg")
        #expect(values(pre.series) == [82.4, 82.9], "\(pre.series)")
        #expect((pre.object["notes"] as? [String])?.isEmpty == true, "\(pre.object)")
        let post = try await series(["weight", "--phase", "POST"])
        #expect(values(post.series) == [80.3, 80.1, 80.4], "\(post.series)")

        let idwg = try await series(["idwg"])
        #expect(idwg.object["kind"] as? String == "idwg" && idwg.object["aggregation"] as? String == "readings")
        #expect(idwg.series["unit"] as? String == "kg")
        let gains = values(idwg.series)
        #expect(gains.count == 2, "\(idwg.series)")
        #expect(abs(gains[0] - 2.1) < 1e-9 && abs(gains[1] - 2.8) < 1e-9, "\(gains)")  // 82.4 − 80.3, 82.9 − 80.1
        let points = try #require(idwg.series["points"] as? [[String: Any]])
        #expect(points.map { ($0["time"] as? String)?.prefix(16) } == ["2026-11-17T07:10", "2026-11-19T07:30"])
        let percents = points.compactMap { $0["percentOfDryWeight"] as? Double }
        #expect(percents.count == 2 && abs(percents[0] - 2.625) < 1e-9 && abs(percents[1] - 3.5) < 1e-9)
        let share = try #require(idwg.series["percentOfDryWeight"] as? [String: Double])
        #expect(abs((share["mean"] ?? 0) - 3.0625) < 1e-9 && abs((share["maximum"] ?? 0) - 3.5) < 1e-9, "\(share)")

        let text = try await run(workspace, ["trends", "idwg", "--days", "3650", "--profile", "Max"])
        #expect(text.stdout.contains("Interdialytic weight gain in kg"), "\(text.stdout)")
        for expected in [
            "2.8 kg ┤", "2.1 kg ┤", "mean                  2.5 kg", "mean % of dry weight  3.1 %",
            "max % of dry weight   3.5 %",
        ] {
            #expect(text.stdout.contains(expected), "missing '\(expected)' in \(text.stdout)")
        }
        let preText = try await run(
            workspace,
            ["trends", "weight", "--phase", "pre", "--days", "3650", "--profile", "Max"]
        )
        #expect(preText.stdout.contains("Pre-dialysis weight in kg"), "\(preText.stdout)")
        #expect(!preText.stdout.contains("not yet assigned to profiles"), "\(preText.stdout)")

        // Ann's one pre weight, and no gain without a previous post weight.
        let annPre = try json(
            try await run(
                workspace,
                ["trends", "weight", "--phase", "pre", "--days", "3650", "--json", "--profile", "Ann"]
            )
        )
        #expect(values(try #require((annPre["series"] as? [[String: Any]])?.first)) == [60])
        let annGain = try await run(workspace, ["trends", "idwg", "--days", "3650", "--profile", "Ann"])
        #expect(annGain.stdout.contains("No idwg values"), "\(annGain.stdout)")
        #expect(annGain.stdout.contains("no dry weight is set"), "\(annGain.stdout)")

        for (arguments, expected) in [
            (["trends", "weight", "--phase", "intra"], "--phase: 'intra' is not accepted (accepted: pre, post)"),
            (["trends", "potassium", "--phase", "pre"], "--phase: only with weight"),
        ] {
            let refused = try await run(workspace, arguments + ["--profile", "Max"])
            #expect(refused.status != 0, "\(arguments)")
            #expect(refused.stderr.contains(expected), "\(arguments): \(refused.stderr)")
        }
    }

    @Test func weightListShowsTheProfilesDisplayUnit() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        #expect(try await run(workspace, ["terms", "accept"]).status == 0)
        let profile = try await run(
            workspace,
            [
                "profile", "set", "--name", "Max", "--category", "hemodialysis", "--schedule",
                "tue,thu,sat 08:00-12:00", "--dry-weight", "80", "--time-zone", "Etc/GMT-1", "--weight-unit", "lb",
            ]
        )
        #expect(profile.status == 0, "\(profile.stderr)")
        for (value, unit, phase, at) in [
            ("80.1", "kg", "post", "2026-11-17T12:40"), ("181", "lb", "pre", "2026-11-19T07:30"),
        ] {
            let added = try await run(workspace, ["weight", "add", value, unit, "--phase", phase, "--at", at])
            #expect(added.status == 0, "\(added.stderr)")
        }
        // formats.md §5: 1 lb = 0.45359237 kg.
        let pound = 0.45359237
        let listing = try json(try await run(workspace, ["weight", "list", "--json"]))
        #expect(listing["displayUnit"] as? String == "[lb_av]")
        #expect(abs((listing["dryWeightDisplayValue"] as? Double ?? 0) - 80 / pound) < 1e-9)
        let weights = try #require(listing["weights"] as? [[String: Any]])
        #expect(weights.count == 2)
        #expect(weights[0]["kilograms"] as? Double == 80.1)
        #expect(abs((weights[0]["displayValue"] as? Double ?? 0) - 80.1 / pound) < 1e-9)
        #expect(weights.allSatisfy { $0["displayUnit"] as? String == "[lb_av]" })
        #expect(abs((weights[1]["kilograms"] as? Double ?? 0) - 181 * pound) < 1e-9)
        #expect(abs((weights[1]["displayValue"] as? Double ?? 0) - 181) < 1e-9)
        let thursday = try #require(
            (listing["sessions"] as? [[String: Any]])?.first { $0["date"] as? String == "2026-11-19" }
        )
        let gainKilograms = 181 * pound - 80.1
        #expect(abs((thursday["gainKilograms"] as? Double ?? 0) - gainKilograms) < 0.001, "\(thursday)")
        #expect(abs((thursday["gainDisplayValue"] as? Double ?? 0) - gainKilograms / pound) < 0.001, "\(thursday)")

        let text = try await run(workspace, ["weight", "list"])
        #expect(text.status == 0, "\(text.stderr)")
        // 80.1 kg = 176.6 lb; 181 lb; dry weight 80 kg = 176.4 lb; gain 1.999 kg = 4.4 lb.
        for expected in ["176.6 lb", "181.0 lb", "dry weight 176.4 lb", "Thu 2026-11-19: 4.4 lb"] {
            #expect(text.stdout.contains(expected), "missing '\(expected)' in \(text.stdout)")
        }

        // Back to kg: the same weights in kg, unit beside each.
        #expect(try await run(workspace, ["profile", "set", "--weight-unit", "kg"]).status == 0)
        let kilograms = try await run(workspace, ["weight", "list"])
        #expect(
            kilograms.stdout.contains("80.1 kg") && kilograms.stdout.contains("dry weight 80.0 kg"),
            "\(kilograms.stdout)"
        )
        // 181 lb = 82.1002 kg.
        #expect(
            kilograms.stdout.contains("82.1 kg") && kilograms.stdout.contains("Thu 2026-11-19: 2.0 kg"),
            "\(kilograms.stdout)"
        )
    }

    @Test func bloodPressureEntriesAreMeasurementsWithTheirContext() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        #expect(try await run(workspace, ["terms", "accept"]).status == 0)
        #expect(
            try await run(workspace, ["profile", "set", "--name", "Eva", "--time-zone", "Europe/Berlin"]).status == 0
        )
        let added = try await run(
            workspace,
            [
                "bp", "add", "128/82", "--pulse", "72", "--position", "sitting", "--arm", "left", "--at",
                "2026-11-18T08:15",
            ]
        )
        #expect(added.status == 0, "\(added.stderr)")
        let kpa = try await run(workspace, ["bp", "add", "16/10.7", "--unit", "kPa", "--arm", "right"])
        #expect(kpa.status == 0, "\(kpa.stderr)")

        let listing = try await run(workspace, ["measurements", "list", "--kind", "blood_pressure", "--json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(listing.stdout.utf8)) as? [[String: Any]])
        #expect(rows.count == 2)
        let first = rows[0]
        #expect((first["components"] as? [String: Double]) == ["systolic": 128, "diastolic": 82])
        #expect(first["effectiveTime"] as? String == "2026-11-18T08:15:00+01:00")
        let context = first["context"] as? [String: Any]
        #expect(context?["bodyPosition"] as? String == "sitting" && context?["sampleSite"] as? String == "left arm")
        #expect((first["device"] as? [String: Any])?["adapterId"] as? String == "manual")
        #expect(abs(((rows[1]["components"] as? [String: Double])?["systolic"] ?? 0) - 120.01) < 0.01)
        let pulse = try await run(workspace, ["measurements", "list", "--kind", "heart_rate", "--json"])
        #expect(pulse.stdout.contains("72"), "\(pulse.stdout)")

        for (arguments, expected) in [
            (["bp", "add", "82/128"], "components.diastolic"),
            (["bp", "add", "128/82", "--unit", "mmol/L"], "mm[Hg], kPa"),
            (["bp", "add", "128/82", "--arm", "up"], "left, right"),
            // The plausible range of every reading (ReadingPlausibility) comes before the narrower range of a typed
            // entry (EntryPlausibility, 10–350 kg), which a typed 5 kg meets.
            (["weight", "add", "0", "kg"], "0.2–700 kg"),
            (["weight", "add", "5", "kg"], "10–350 kg"),
            (["weight", "add", "80", "kg", "--at", "2999-01-01T08:00"], "outside the years 1900–2199"),
            (["weight", "add", "80", "kg", "--phase", "later"], "pre, post, intra, none"),
        ] {
            let refused = try await run(workspace, arguments)
            #expect(refused.status != 0, "\(arguments)")
            #expect(refused.stderr.contains(expected), "\(arguments): \(refused.stderr)")
        }
        #expect(try await workspace.openStore().measurementCount() == 3)
    }

    @Test func entriesAreRefusedBeforeTheTermsAreAccepted() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        for arguments in [
            ["weight", "add", "82.4", "kg", "--phase", "pre"], ["bp", "add", "128/82"],
            ["weight", "confirm", "1", "--phase", "pre"], ["devices", "assign", "sim-scale-1", "--profile", "Max"],
        ] {
            let refused = try await run(workspace, arguments)
            #expect(refused.status != 0)
            #expect(refused.stderr.contains("kidneyhub terms accept"), "\(arguments): \(refused.stderr)")
        }
    }
}
