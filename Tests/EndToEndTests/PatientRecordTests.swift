import Clinical
import Foundation
import HubRecords
import HubStore
import TestSupport
import Testing

/// `kidneyhub terms|profile|labs`: the real binary on a fresh store.
@Suite(.serialized) struct PatientRecordTests {
    /// Runs a command that takes no adapters.
    private func run(_ workspace: Workspace, _ arguments: [String]) async throws -> CommandResult {
        try await workspace.kidneyhub(arguments, runsAdapters: false, timeout: .seconds(60))
    }

    /// A store with the terms accepted and a 60-year-old man's profile (born 1966-01-01, Europe/Berlin).
    private func preparedWorkspace() async throws -> Workspace {
        let workspace = try Workspace()
        let accept = try await run(workspace, ["terms", "accept"])
        #expect(accept.status == 0, "\(accept.stderr)")
        let set = try await run(
            workspace,
            [
                "profile", "set", "--name", "Max", "--birth-date", "1966-01-01", "--sex", "male", "--time-zone",
                "Europe/Berlin",
            ]
        )
        #expect(set.status == 0, "\(set.stderr)")
        return workspace
    }

    @Test func aCorrectedValueAtTheSameTimeIsAConflictNotADuplicate() async throws {
        let workspace = try await preparedWorkspace()
        defer { workspace.remove() }
        let first = try workspace.write("analyte,value,unit,date\npotassium,5.6,mmol/L,2026-01-05\n", to: "a.csv")
        let corrected = try workspace.write(
            "analyte,value,unit,date\npotassium,5.6,mmol/L,2026-01-05\npotassium,6.5,mmol/L,2026-01-05\n",
            to: "b.csv"
        )
        #expect(try await run(workspace, ["labs", "import", first]).status == 0)
        let refused = try await run(workspace, ["labs", "import", corrected])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("already stored as 5.6 mmol/L"), "\(refused.stderr)")
        #expect(refused.stderr.contains("6.5"), "\(refused.stderr)")
        #expect(try await workspace.openStore().labResultCount() == 1)
    }

    @Test func diabeticDietGoalsAndTheAlbuminuriaStage() async throws {
        let workspace = try await preparedWorkspace()
        defer { workspace.remove() }
        let goals = try await run(
            workspace,
            [
                "profile", "set", "--diabetes", "type_2", "--diet-goals", "no sweet drinks", "--carbs-per-meal", "45",
                "--hba1c-target", "7",
            ]
        )
        #expect(goals.status == 0, "\(goals.stderr)")
        let show = try await run(workspace, ["profile", "show"])
        #expect(show.stdout.contains("no sweet drinks; 45 g carbohydrate a meal; HbA1c ≤ 7 %"), "\(show.stdout)")
        let absurd = try await run(workspace, ["profile", "set", "--carbs-per-meal", "900"])
        #expect(absurd.status != 0)
        #expect(
            absurd.stderr.contains("--carbs-per-meal: 900 g is out of range (accepted: 1–500 g)"),
            "\(absurd.stderr)"
        )

        // KDIGO A stages from the urine albumin-to-creatinine ratio: < 30 A1, 30–300 A2, > 300 A3 mg/g.
        for (value, date) in [("12", "2026-01-05"), ("45", "2026-02-05"), ("350", "2026-03-05")] {
            let added = try await run(workspace, ["labs", "add", "uacr", value, "mg/g", "--date", date])
            #expect(added.status == 0, "\(added.stderr)")
        }
        let listed = try await run(workspace, ["labs", "list", "--analyte", "uacr", "--json"])
        let rows = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(rows.compactMap { $0["stage"] as? String } == ["A1", "A2", "A3"], "\(listed.stdout)")
    }

    @Test func writesAreRefusedBeforeTheTermsAreAccepted() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.write("analyte,value,unit,date\npotassium,5.6,mmol/L,2026-01-05\n", to: "labs.csv")
        for arguments in [
            ["profile", "set", "--name", "Max"], ["labs", "add", "potassium", "5.6", "mmol/L"],
            ["labs", "import", "\(workspace.path)/labs.csv"],
        ] {
            let refused = try await run(workspace, arguments)
            #expect(refused.status != 0)
            #expect(refused.stderr.contains("kidneyhub terms show"), "\(arguments): \(refused.stderr)")
            #expect(refused.stderr.contains("kidneyhub terms accept"), "\(arguments): \(refused.stderr)")
        }
        let show = try await run(workspace, ["terms", "show"])
        #expect(show.status == 0 && show.stdout.contains("2026-11-01") && show.stdout.contains("Not accepted yet"))
        #expect(show.stdout.contains("not medical advice") || show.stdout.contains("Not medical advice"))
        let accept = try await run(workspace, ["terms", "accept", "--terms-version", "2026-11-01"])
        #expect(accept.status == 0, "\(accept.stderr)")
        // The program's `--version` is listed once in the help, not twice (issue 21).
        let help = try await run(workspace, ["terms", "accept", "--help"])
        #expect(help.stdout.components(separatedBy: "--version").count == 2, "\(help.stdout)")
        #expect(try await run(workspace, ["terms", "show"]).stdout.contains("Accepted on"))
        let set = try await run(workspace, ["profile", "set", "--name", "Max"])
        #expect(set.status == 0, "\(set.stderr)")
    }

    @Test func profileSetThenShow() async throws {
        let workspace = try await preparedWorkspace()
        defer { workspace.remove() }
        let update = try await run(
            workspace,
            [
                "profile", "set", "--category", "hemodialysis", "--schedule", "tue,thu,sat 08:00-12:00",
                "--dry-weight", "78.5", "--diabetes", "type_2", "--fluid-unit", "fl_oz",
            ]
        )
        #expect(update.status == 0, "\(update.stderr)")
        let show = try await run(workspace, ["profile", "show"])
        #expect(show.stdout.contains("Max") && show.stdout.contains("age "))
        #expect(show.stdout.contains("Tue 08:00–12:00") && show.stdout.contains("78.5 kg"))
        let json = try await run(workspace, ["profile", "show", "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let profile = object?["profile"] as? [String: Any]
        #expect(profile?["sexAtBirth"] as? String == "male")
        #expect(profile?["diabetes"] as? String == "type_2")
        #expect((object?["age"] as? Int ?? 0) >= 60)

        let bad = try await run(workspace, ["profile", "set", "--height", "300", "--sex", "other"])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("--height") && bad.stderr.contains("50–250 cm"), "\(bad.stderr)")
        #expect(bad.stderr.contains("--sex") && bad.stderr.contains("female, male"), "\(bad.stderr)")

        // With two profiles, a command must say which.
        let typo = try await run(workspace, ["profile", "set", "--profile", "Evaa", "--sex", "female"])
        #expect(typo.status != 0)
        #expect(typo.stderr.contains("no profile named 'Evaa'") && typo.stderr.contains("--create"), "\(typo.stderr)")
        #expect(
            try await run(workspace, ["profile", "set", "--create", "--profile", "Eva", "--sex", "female"]).status == 0
        )
        let ambiguous = try await run(workspace, ["profile", "show"])
        #expect(ambiguous.status != 0 && ambiguous.stderr.contains("Eva") && ambiguous.stderr.contains("Max"))
        #expect(try await run(workspace, ["profile", "show", "--profile", "eva"]).stdout.contains("female"))
    }

    @Test func labsAreValidatedStoredAndListedWithEGFR() async throws {
        let workspace = try await preparedWorkspace()
        defer { workspace.remove() }
        let added = try await run(workspace, ["labs", "add", "potassium", "5.6", "mmol/L", "--date", "2026-01-05"])
        #expect(added.status == 0, "\(added.stderr)")

        let implausible = try await run(workspace, ["labs", "add", "potassium", "56", "mmol/L"])
        #expect(implausible.status != 0)
        #expect(implausible.stderr.contains("1.0–10.0 mmol/L"), "\(implausible.stderr)")
        let wrongUnit = try await run(workspace, ["labs", "add", "creatinine", "1.5", "mmol/L"])
        #expect(wrongUnit.status != 0)
        #expect(wrongUnit.stderr.contains("mg/dL, umol/L"), "\(wrongUnit.stderr)")
        let future = try await run(workspace, ["labs", "add", "potassium", "4.5", "mmol/L", "--date", "2999-01-01"])
        #expect(future.status != 0)
        #expect(future.stderr.contains("date") && future.stderr.contains("future"), "\(future.stderr)")

        // A 60-year-old man (born 1966-01-01) with creatinine 1.5 mg/dL on 2026-01-05: 52.97 (nutrition.md).
        let creatinine = try await run(
            workspace,
            ["labs", "add", "creatinine", "1.5", "mg/dL", "--date", "2026-01-05"]
        )
        #expect(creatinine.status == 0, "\(creatinine.stderr)")
        let list = try await run(workspace, ["labs", "list"])
        #expect(list.stdout.contains("5.6 mmol/L") && list.stdout.contains("2823-3"), "\(list.stdout)")
        #expect(list.stdout.contains("1.50 mg/dL") && list.stdout.contains("2160-0"), "\(list.stdout)")
        #expect(list.stdout.contains("52.97") && list.stdout.contains("G3a"), "\(list.stdout)")

        let json = try await run(workspace, ["labs", "list", "--analyte", "creatinine", "--json"])
        let rows = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
        #expect(rows?.count == 1)
        let egfr = try #require(rows?.first?["egfr"] as? Double)
        #expect(abs(egfr - 52.97) < 0.005)
        #expect(rows?.first?["stage"] as? String == "G3a")

        let store = try workspace.openStore()
        let max = try await store.selectProfile(named: "Max")
        let potassium = try await store.labResults(profileId: max.id, analyte: "potassium")
        #expect(potassium.map(\.value.value) == [5.6])
    }

    @Test func eGFRNeedsSexAndBirthDate() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        #expect(try await run(workspace, ["terms", "accept"]).status == 0)
        #expect(try await run(workspace, ["profile", "set", "--name", "Ann"]).status == 0)
        #expect(
            try await run(workspace, ["labs", "add", "creatinine", "1.5", "mg/dL", "--date", "2026-01-05"]).status == 0
        )
        let list = try await run(workspace, ["labs", "list"])
        #expect(list.stdout.contains("eGFR -: CKD-EPI 2021 needs the sex at birth"), "\(list.stdout)")
    }

    @Test func aCSVWithABadRowImportsNothingUnlessSkipped() async throws {
        let workspace = try await preparedWorkspace()
        defer { workspace.remove() }
        let csv = try workspace.write(
            """
            analyte,value,unit,date
            potassium,5.6,mmol/L,2026-01-05
            creatinine,1.5,mg/dL,2026-01-05T08:30:00+01:00

            potassium,56,mmol/L,2026-01-12
            hba1c,6.9,%,2026-01-05
            """,
            to: "labs.csv"
        )
        let refused = try await run(workspace, ["labs", "import", csv])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("nothing imported"), "\(refused.stderr)")
        #expect(refused.stderr.contains("row 5, value:"), "\(refused.stderr)")
        let store = try workspace.openStore()
        #expect(try await store.labResultCount() == 0)

        let skipped = try await run(workspace, ["labs", "import", csv, "--skip-invalid"])
        #expect(skipped.status == 0, "\(skipped.stderr)")
        #expect(skipped.stdout.contains("Imported 3 new"), "\(skipped.stdout)")
        #expect(skipped.stderr.contains("row 5"), "\(skipped.stderr)")
        #expect(try await store.labResultCount() == 3)

        let again = try await run(workspace, ["labs", "import", csv, "--skip-invalid"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("Imported 0 new") && again.stdout.contains("3 already stored"), "\(again.stdout)")
        #expect(try await store.labResultCount() == 3)
    }
}

extension PatientRecordTests {
    /// Issue 21: a `--store` in a folder that does not exist (a typo) is refused with the path and makes nothing, so no
    /// second, split record starts; accepting the terms, or `--create-folder`, makes the folder on purpose.
    @Test func aStoreInAMissingFolderIsRefusedUnlessCreatedOnPurpose() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let folder = "\(workspace.path)/typo"
        let store = "\(folder)/kidneyhub.sqlite"
        let refused = try await CommandResult.run(
            Workspace.kidneyhub,
            ["profile", "set", "--name", "Max", "--store", store],
            timeout: .seconds(60)
        )
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("no folder \(folder) for the store \(store)"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder), "the refused command made the folder")

        let created = try await CommandResult.run(
            Workspace.kidneyhub,
            ["terms", "accept", "--store", store],
            timeout: .seconds(60)
        )
        #expect(created.status == 0, "\(created.stderr)")
        #expect(FileManager.default.fileExists(atPath: store))

        let other = "\(workspace.path)/other/kidneyhub.sqlite"
        let explicit = try await CommandResult.run(
            Workspace.kidneyhub,
            ["labs", "list", "--store", other],
            timeout: .seconds(60)
        )
        #expect(explicit.status != 0, "a read of a missing store stays an error")
        let withCreate = try await CommandResult.run(
            Workspace.kidneyhub,
            ["profile", "set", "--name", "Max", "--store", other, "--create-folder"],
            timeout: .seconds(60)
        )
        #expect(FileManager.default.fileExists(atPath: "\(workspace.path)/other"), "\(withCreate.stderr)")
    }
}

extension PatientRecordTests {
    /// Issue 21: with no `--store` and no `$KIDNEYHUB_STORE`, the store is in `$XDG_DATA_HOME/kidneyhub` when that is set.
    @Test func theDefaultStoreFollowsXDGDataHome() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let data = "\(workspace.path)/xdg-data"
        let accepted = try await CommandResult.run(
            Workspace.kidneyhub,
            ["terms", "accept"],
            timeout: .seconds(60),
            environment: ["XDG_DATA_HOME": data, "KIDNEYHUB_STORE": "", "HOME": "\(workspace.path)/home"]
        )
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(FileManager.default.fileExists(atPath: "\(data)/kidneyhub/kidneyhub.sqlite"))
        #expect(!FileManager.default.fileExists(atPath: "\(workspace.path)/home/.local/share/kidneyhub"))
    }
}
