import Foundation
import HubRecords
import HubStore
import TestSupport
import Testing

/// `kidneyhub foods|recipes|log|intake|photos`: the real binary on a fresh store, the shipped food database imported
/// on first use.
@Suite(.serialized) struct NutritionTests {
    private func run(_ workspace: Workspace, _ arguments: [String]) async throws -> CommandResult {
        try await workspace.kidneyhub(arguments, runsAdapters: false, timeout: .seconds(120))
    }

    /// A workspace with the terms accepted and a hemodialysis patient of 70 kg dry weight in Berlin.
    private func patient() async throws -> Workspace {
        let workspace = try Workspace()
        try await workspace.acceptTerms()
        let created = try await run(
            workspace,
            [
                "profile", "set", "--name", "Ana", "--time-zone", "Europe/Berlin", "--category", "hemodialysis",
                "--dry-weight", "70",
            ]
        )
        guard created.status == 0 else { throw CommandFailedInTest(result: created) }
        return workspace
    }

    private func json(_ result: CommandResult) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }

    private func close(_ actual: Any?, _ expected: Double) -> Bool {
        guard let value = actual as? Double else { return false }
        return abs(value - expected) <= 1e-9 * max(abs(expected), 1)
    }

    @Test func searchPrintsTheKidneyNutrientsPerServing() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let search = try await run(workspace, ["foods", "search", "ban"])
        #expect(search.status == 0, "\(search.stderr)")
        let lines = search.stdout.split(separator: "\n")
        #expect(lines.first?.contains("POTASSIUM") == true && lines.first?.contains("PHOSPHORUS") == true)
        // 1 medium banana = 118 g: potassium 358 × 1.18 = 422.4 mg, phosphorus 22 × 1.18 = 26 mg.
        #expect(lines.dropFirst().first?.contains("Bananas, raw") == true, "\(search.stdout)")
        #expect(lines.dropFirst().first?.contains("422.4 mg") == true, "\(search.stdout)")
        let show = try await run(workspace, ["foods", "show", "banana, raw", "--json"])
        let food = try json(show) as? [String: Any]
        #expect((food?["per100Grams"] as? [String: Any])?["potassium"] as? Double == 358)
        #expect(food?["ndb"] as? String == "09040")
        // A value USDA lacks is shown as unknown: NDB 02075 (taco seasoning mix) has no phosphorus value.
        let seasoningId = try await workspace.openStore().food(ndb: "02075").id
        let seasoning = try await run(workspace, ["foods", "show", "#\(seasoningId)"])
        #expect(seasoning.stdout.contains("Phosphorus    unknown    unknown"), "\(seasoning.stdout)")
        let seasoningJSON =
            try json(try await run(workspace, ["foods", "show", "#\(seasoningId)", "--json"])) as? [String: Any]
        #expect((seasoningJSON?["per100Grams"] as? [String: Any])?["phosphorus"] is NSNull)
    }

    @Test func theKandaiPaneerRecipeWorksEndToEnd() async throws {
        let workspace = try await patient()
        defer { workspace.remove() }
        let paneer = try await run(
            workspace,
            [
                "foods", "add", "Paneer", "--per", "100g", "--energy", "321", "--protein", "25", "--potassium", "100",
                "--phosphorus", "190", "--sodium", "20", "--water", "50",
            ]
        )
        #expect(paneer.status == 0, "\(paneer.stderr)")
        let added = try await run(
            workspace,
            [
                "recipes", "add", "Kandai Paneer", "--servings", "2", "--ingredient", "Paneer=100 g",
                "--ingredient", "Tomatoes, red, ripe, raw, year round average=50 g",
                "--ingredient", "Spices, chili powder=2 g", "--json",
            ]
        )
        #expect(added.status == 0, "\(added.stderr)")
        let recipe = try json(added) as? [String: Any]
        let total = recipe?["total"] as? [String: Any]
        let perServing = recipe?["perServing"] as? [String: Any]
        // By hand from USDA SR28 per 100 g (tomato 11529: K 237, P 24, Na 5; chili powder 02009: K 1950, P 300,
        // Na 2867) and the paneer typed above:
        // K 100 + 118.5 + 39 = 257.5 mg; P 190 + 12 + 6 = 208 mg; Na 20 + 2.5 + 57.34 = 79.84 mg; 152 g.
        #expect(close(total?["potassium"], 257.5), "\(added.stdout)")
        #expect(close(total?["phosphorus"], 208))
        #expect(close(total?["sodium"], 79.84))
        #expect(close(perServing?["potassium"], 128.75))
        #expect(close(recipe?["servingGrams"], 76))
        let list = try await run(workspace, ["recipes", "list"])
        #expect(list.stdout.contains("Kandai Paneer") && list.stdout.contains("128.8 mg"), "\(list.stdout)")

        let logged = try await run(
            workspace,
            [
                "log", "food", "Kandai Paneer", "--amount", "1", "--unit", "serving", "--meal", "dinner", "--at",
                "2026-11-20T19:30",
            ]
        )
        #expect(logged.status == 0, "\(logged.stderr)")
        // Four servings from now on: later logs use the new values, the logged dinner keeps its own.
        let edited = try await run(workspace, ["recipes", "edit", "Kandai Paneer", "--servings", "4"])
        #expect(edited.status == 0, "\(edited.stderr)")
        #expect(try await run(workspace, ["recipes", "show", "kandai paneer"]).stdout.contains("4 servings of 38 g"))
        _ = try await run(
            workspace,
            [
                "log", "food", "Kandai Paneer", "--amount", "1", "--unit", "serving", "--meal", "snack", "--at",
                "2026-11-20T21:00",
            ]
        )
        let intake = try await run(workspace, ["intake", "2026-11-20", "--json"])
        #expect(intake.status == 0, "\(intake.stderr)")
        let report = try json(intake) as? [String: Any]
        let nutrients = report?["nutrients"] as? [[String: Any]] ?? []
        let potassium = nutrients.first { $0["nutrient"] as? String == "potassium" }
        #expect(close(potassium?["total"], 128.75 + 64.375), "\(intake.stdout)")
        let entries = report?["entries"] as? [[String: Any]] ?? []
        #expect(entries.count == 2)
        let text = try await run(workspace, ["intake", "2026-11-20"])
        #expect(text.stdout.contains("KDOQI 2020") && text.stdout.contains("Potassium   193.1 mg"), "\(text.stdout)")
    }

    @Test func iceCreamAddsItsWaterToTheFluidTotal() async throws {
        let workspace = try await patient()
        defer { workspace.remove() }
        let iceCream = try await run(
            workspace,
            [
                "log", "food", "ice cream vanilla", "--amount", "1", "--unit", "serving", "--meal", "snack", "--at",
                "2026-11-20T15:00",
            ]
        )
        #expect(iceCream.status == 0, "\(iceCream.stderr)")
        #expect(
            iceCream.stdout.contains("Ice creams, vanilla") && iceCream.stdout.contains("fluid 40.3 mL"),
            "\(iceCream.stdout)"
        )
        #expect(
            try await run(workspace, ["log", "fluid", "250", "mL", "--what", "water", "--at", "2026-11-20T16:00"])
                .status == 0
        )
        #expect(
            try await run(workspace, ["log", "fluid", "8", "fl oz", "--what", "tea", "--at", "2026-11-20T17:00"]).status
                == 0
        )
        var report = try json(try await run(workspace, ["intake", "2026-11-20", "--json"])) as? [String: Any]
        // 66 g × 61 g water / 100 g = 40.26 mL; 8 US fl oz = 236.5882365 mL.
        #expect(close(report?["fluidMilliliters"], 40.26 + 250 + 236.5882365), "\(String(describing: report))")
        var fluid = (report?["limits"] as? [[String: Any]])?.first { $0["subject"] as? String == "fluid" }
        #expect(fluid?["maximum"] as? Double == 1000 && fluid?["status"] as? String == "within")
        #expect((report?["over"] as? [String]) == [])
        #expect(try await run(workspace, ["log", "fluid", "600", "mL", "--at", "2026-11-20T18:00"]).status == 0)
        report = try json(try await run(workspace, ["intake", "2026-11-20", "--json"])) as? [String: Any]
        fluid = (report?["limits"] as? [[String: Any]])?.first { $0["subject"] as? String == "fluid" }
        #expect(fluid?["status"] as? String == "over")
        #expect((report?["over"] as? [String]) == ["fluid"])
        // The care team raises the limit for a patient who still passes 500 mL of urine a day.
        #expect(try await run(workspace, ["intake", "urine-output", "500"]).status == 0)
        report = try json(try await run(workspace, ["intake", "2026-11-20", "--json"])) as? [String: Any]
        fluid = (report?["limits"] as? [[String: Any]])?.first { $0["subject"] as? String == "fluid" }
        #expect(fluid?["maximum"] as? Double == 1500 && fluid?["status"] as? String == "within")
        #expect(
            try await run(workspace, ["intake", "limit", "fluid", "--max", "1100", "--note", "Dr Chen"]).status == 0
        )
        let text = try await run(workspace, ["intake", "2026-11-20"])
        #expect(text.stdout.contains("care team: Dr Chen") && text.stdout.contains("OVER"), "\(text.stdout)")
    }

    @Test func aCustomFoodGivenPerServingIsKeptPer100Grams() async throws {
        let workspace = try await patient()
        defer { workspace.remove() }
        let missingGrams = try await run(
            workspace,
            ["foods", "add", "Protein bar", "--per", "serving", "--protein", "10"]
        )
        #expect(missingGrams.status != 0 && missingGrams.stderr.contains("--per serving needs --serving-grams"))
        let negative = try await run(
            workspace,
            ["foods", "add", "Protein bar", "--per", "serving", "--serving-grams", "40", "--potassium=-5"]
        )
        #expect(
            negative.status != 0 && negative.stderr.contains("--potassium -5.0 must be a number ≥ 0"),
            "\(negative.stderr)"
        )
        let added = try await run(
            workspace,
            [
                "foods", "add", "Protein bar", "--per", "serving", "--serving-grams", "40", "--protein", "10",
                "--potassium", "200",
            ]
        )
        #expect(added.status == 0, "\(added.stderr)")
        let show = try json(try await run(workspace, ["foods", "show", "protein bar", "--json"])) as? [String: Any]
        let per100 = show?["per100Grams"] as? [String: Any]
        #expect(close(per100?["protein"], 25) && close(per100?["potassium"], 500))  // 10 g and 200 mg in 40 g
        #expect(per100?["phosphorus"] is NSNull)  // not given: unknown
        #expect(show?["units"] as? [String] == ["g", "oz", "serving"])
        let logged = try await run(
            workspace,
            ["log", "food", "Protein bar", "--amount", "2", "--unit", "serving", "--meal", "snack"]
        )
        #expect(logged.stdout.contains("(80 g):\n  potassium 400 mg, phosphorus unknown"), "\(logged.stdout)")
        let duplicate = try await run(workspace, ["foods", "add", "protein BAR", "--protein", "1"])
        #expect(duplicate.status != 0 && duplicate.stderr.contains("already named"), "\(duplicate.stderr)")
    }

    @Test func logEntriesAreEditedAndDeleted() async throws {
        let workspace = try await patient()
        defer { workspace.remove() }
        #expect(
            try await run(
                workspace,
                [
                    "log", "food", "banana, raw", "--amount", "1", "--unit", "medium", "--meal", "breakfast", "--at",
                    "2026-11-20T08:00",
                ]
            ).status == 0
        )
        #expect(
            try await run(workspace, ["log", "fluid", "1", "cup", "--what", "milk tea", "--at", "2026-11-20T08:05"])
                .status == 0
        )
        let entries =
            try json(try await run(workspace, ["log", "list", "--date", "2026-11-20", "--json"])) as? [[String: Any]]
        let bananaId = try #require(entries?.first?["id"] as? Int)
        let teaId = try #require(entries?.last?["id"] as? Int)
        // Two large bananas: 2 × 136 g; potassium 358 × 2.72 = 973.76 mg; moved to lunch.
        let edited = try await run(
            workspace,
            ["log", "edit", "\(bananaId)", "--amount", "2", "--unit", "large", "--meal", "lunch"]
        )
        #expect(edited.status == 0, "\(edited.stderr)")
        #expect(
            edited.stdout.contains("lunch: 2 large Bananas, raw (272 g):\n  potassium 973.8 mg"),
            "\(edited.stdout)"
        )
        let refused = try await run(workspace, ["log", "edit", "\(bananaId)", "--unit", "slab"])
        #expect(refused.status != 0 && refused.stderr.contains("its units are"), "\(refused.stderr)")
        #expect(try await run(workspace, ["log", "delete", "\(teaId)"]).status == 0)
        let report = try json(try await run(workspace, ["intake", "2026-11-20", "--json"])) as? [String: Any]
        let potassium = (report?["nutrients"] as? [[String: Any]])?.first { $0["nutrient"] as? String == "potassium" }
        #expect(close(potassium?["total"], 358 * 2.72))
        #expect(report?["fluidMilliliters"] as? Double == 0)
        let gone = try await run(workspace, ["log", "delete", "\(teaId)"])
        #expect(gone.status != 0 && gone.stderr.contains("no log entry of this profile #\(teaId)"), "\(gone.stderr)")
    }

    /// Everyday words (issue 17, item 1): milk logs fluid whole milk; a word with no clear food fails listing the
    /// candidates with their #ID when not on a terminal, and logs nothing; `foods check` without an amount checks
    /// one usual household measure.
    @Test func everydayWordsLogTheUsualFoodOrListTheCandidates() async throws {
        let workspace = try await patient()
        defer { workspace.remove() }
        let milk = try await run(
            workspace,
            ["log", "food", "milk", "--amount", "1", "--unit", "cup", "--meal", "breakfast"]
        )
        #expect(milk.status == 0 && milk.stdout.contains("Milk, whole, 3.25% milkfat"), "\(milk.stdout)\(milk.stderr)")
        let potato = try await run(workspace, ["log", "food", "potato", "--meal", "dinner"])
        #expect(potato.status != 0, "\(potato.stdout)")
        #expect(potato.stderr.contains("'potato' matches several foods"), "\(potato.stderr)")
        #expect(potato.stderr.contains("#") && potato.stderr.contains("Potatoes, "), "\(potato.stderr)")
        let listed = try json(try await run(workspace, ["log", "list", "--json"])) as? [[String: Any]]
        #expect(listed?.count == 1)
        let banana = try await run(workspace, ["foods", "check", "banana"])
        #expect(banana.status == 0 && banana.stdout.hasPrefix("1 medium"), "\(banana.stdout)\(banana.stderr)")
        #expect(banana.stdout.contains("(118 g)"), "\(banana.stdout)")
        // Text for people: every line fits 100 columns (issue 17, item 8).
        for line in banana.stdout.split(separator: "\n") { #expect(line.count <= 100, "\(line)") }
    }

    @Test func badInputIsRefusedClearlyAndStoresNothing() async throws {
        let workspace = try await patient()
        defer { workspace.remove() }
        let unknown = try await run(workspace, ["log", "food", "xyzzy", "--amount", "1", "--meal", "lunch"])
        #expect(unknown.status != 0 && unknown.stderr.contains("no food matches 'xyzzy'"), "\(unknown.stderr)")
        let unit = try await run(
            workspace,
            ["log", "food", "banana, raw", "--amount", "1", "--unit", "slab", "--meal", "lunch"]
        )
        #expect(unit.status != 0, "\(unit.stdout)")
        #expect(
            unit.stderr.contains("has no unit 'slab'; its units are: g, oz, cup, extra small, small, medium"),
            "\(unit.stderr)"
        )
        let negative = try await run(workspace, ["log", "food", "banana, raw", "--amount=-1", "--meal", "lunch"])
        #expect(negative.status != 0 && negative.stderr.contains("not a positive number"), "\(negative.stderr)")
        let absurd = try await run(
            workspace,
            ["log", "food", "banana, raw", "--amount", "50", "--unit", "large", "--meal", "lunch"]
        )
        #expect(absurd.status != 0 && absurd.stderr.contains("more than the 5000 g"), "\(absurd.stderr)")
        let flood = try await run(workspace, ["log", "fluid", "90", "L"])
        #expect(flood.status != 0 && flood.stderr.contains("more than the 5000 mL"), "\(flood.stderr)")
        let badMeal = try await run(workspace, ["log", "food", "banana, raw", "--amount", "1", "--meal", "brunch"])
        #expect(badMeal.status != 0 && badMeal.stderr.contains("unknown meal 'brunch'"), "\(badMeal.stderr)")
        let notes = try workspace.write("not a picture\n", to: "notes.jpg")
        let photos = "\(workspace.path)/photos"
        let image = try await run(workspace, ["photos", "add", notes, "--meal", "lunch", "--photos-dir", photos])
        #expect(image.status != 0 && image.stderr.contains("not an image libvips can decode"), "\(image.stderr)")
        let missing = try await run(workspace, ["photos", "add", "\(workspace.path)/nope.jpg", "--meal", "lunch"])
        #expect(missing.status != 0 && missing.stderr.contains("cannot be read"), "\(missing.stderr)")
        // Nothing stored: no log entry, no photo record, no copied file.
        let log = try await run(workspace, ["log", "list", "--json"])
        #expect((try json(log) as? [Any])?.isEmpty == true, "\(log.stdout)")
        let list = try await run(workspace, ["photos", "list", "--json"])
        #expect((try json(list) as? [Any])?.isEmpty == true, "\(list.stdout)")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: photos)) ?? []).isEmpty)
    }

    @Test func aMealPhotoKeepsItsThumbnailWhenTheImageIsGone() async throws {
        let workspace = try await patient()
        defer { workspace.remove() }
        let file = "\(workspace.path)/lunch.png"
        try Data(greyscalePNG(width: 640, height: 480)).write(to: URL(fileURLWithPath: file))
        let photos = "\(workspace.path)/photos"
        let added = try await run(
            workspace,
            ["photos", "add", file, "--meal", "lunch", "--date", "2026-11-20", "--photos-dir", photos]
        )
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("320×240 thumbnail"), "\(added.stdout)")
        var list =
            try json(try await run(workspace, ["photos", "list", "--date", "2026-11-20", "--json"])) as? [[String: Any]]
        #expect(list?.count == 1 && list?.first?["meal"] as? String == "lunch")
        let stored = try #require(list?.first?["fullImage"] as? String)
        #expect(stored.hasPrefix(photos) && FileManager.default.contentsEqual(atPath: stored, andPath: file))
        #expect(list?.first?["fullImagePresent"] as? Bool == true)
        #expect(
            (try json(try await run(workspace, ["photos", "list", "--date", "2026-11-21", "--json"])) as? [Any])?
                .isEmpty == true
        )

        try FileManager.default.removeItem(atPath: stored)
        list = try json(try await run(workspace, ["photos", "list", "--json"])) as? [[String: Any]]
        #expect(list?.first?["fullImagePresent"] as? Bool == false)
        let text = try await run(workspace, ["photos", "list"])
        #expect(text.stdout.contains("missing (thumbnail kept)"), "\(text.stdout)")
        let out = "\(workspace.path)/thumb.png"
        let id = try #require(list?.first?["id"] as? Int)
        let thumbnail = try await run(workspace, ["photos", "thumbnail", "\(id)", "--out", out])
        #expect(thumbnail.status == 0, "\(thumbnail.stderr)")
        let png = try [UInt8](Data(contentsOf: URL(fileURLWithPath: out)))
        #expect(Array(png.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
    }

    /// `Tests/fixtures/meal-96x64.heic` is a real HEVC-coded HEIF (96×64 gradient) written by libvips 8.14's
    /// heifsave (libheif 1.15 with x265) with `compression hevc, Q 60`.
    @Test func aHEICPhotoIsDecoded() async throws {
        let workspace = try await patient()
        defer { workspace.remove() }
        let heic = "\(Workspace.repositoryRoot)/Tests/fixtures/meal-96x64.heic"
        let added = try await run(
            workspace,
            ["photos", "add", heic, "--meal", "breakfast", "--photos-dir", "\(workspace.path)/photos"]
        )
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("96×64 thumbnail"), "\(added.stdout)")  // never enlarged
        let list = try json(try await run(workspace, ["photos", "list", "--json"])) as? [[String: Any]]
        #expect(list?.first?["file"] as? String == "meal-96x64.heic")
        #expect((list?.first?["fullImage"] as? String)?.hasSuffix(".heic") == true)
    }

    @Test func theShippedFoodDatabaseIsWhatTheScriptGenerates() async throws {
        let root = Workspace.repositoryRoot
        let workspace = try Workspace()
        defer { workspace.remove() }
        let output = "\(workspace.path)/usda-sr28.tsv.gz"
        // The SR28 files are in the repository (data/usda/SOURCE.md): a clone needs nothing beside it.
        let sr28 = "\(root)/data/usda/sr28"
        let generated = try await CommandResult.run(
            "/usr/bin/env",
            ["python3", "\(root)/scripts/build-food-database.py", "--sr28", sr28, "--output", output],
            timeout: .seconds(300)
        )
        #expect(generated.status == 0, "\(generated.stderr)")
        let committed = try Data(
            contentsOf: URL(fileURLWithPath: "\(root)/Sources/FoodData/Resources/usda-sr28.tsv.gz")
        )
        let fresh = try Data(contentsOf: URL(fileURLWithPath: output))
        #expect(fresh == committed, "regenerate with scripts/build-food-database.py and commit the result")
    }
}
