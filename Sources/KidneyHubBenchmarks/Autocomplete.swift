import ArgumentParser
import Care
import Clinical
import FoodData
import Foundation
import HubCore
import HubRecords
import HubStore

/// Food search as the user types (issue 8's goal: p99 ≤ 2 ms per query for 1–10 character prefixes over the whole
/// database): every prefix of a keystroke trace is one `searchFoods` call (FTS5 tiers, the profile's own foods,
/// and the 10 results' rows and measures), timed from call to results.
struct Autocomplete: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "autocomplete")
    @Option(help: "How many times the whole trace is replayed (after one untimed warm-up pass).") var passes = 3
    @Option(help: "Random USDA names typed in addition to the common searches (fixed seed).") var randomNames = 200

    /// Searches people commonly type (staples of a kidney diet diary), typed as written.
    static let commonSearches = [
        "banana", "apple", "chicken breast", "rice", "milk", "egg", "bread", "potato", "tomato", "cheese",
        "orange juice", "coffee", "yogurt", "pasta", "beef", "salmon", "ice cream", "soup", "lettuce", "carrot",
        "broccoli", "beans", "peanut butter", "butter", "oatmeal", "cereal", "pizza", "hamburger", "french fries",
        "cola", "tea", "beer", "wine", "strawberries", "grapes", "watermelon", "cucumber", "onion", "garlic",
        "spinach", "corn", "peas", "tofu", "shrimp", "tuna", "turkey", "ham", "bacon", "sausage", "pork chop",
        "crackers", "cookies", "cake", "chocolate", "popcorn", "chips", "pretzels", "almonds", "avocado", "mango",
        "pineapple", "pear", "peach", "lemon", "mushrooms", "pepper", "zucchini", "sweet potato", "noodles",
        "bagel", "muffin", "pancakes", "honey", "sugar", "salt", "ketchup", "mustard", "mayonnaise", "gravy",
        "broth", "crème", "raw banana", "cottage cheese", "cranberry juice", "gelatin", "sherbet",
    ]

    /// Every 1–10 character prefix of each phrase, as the keystrokes produce them (a trailing space is not a query).
    static func keystrokes(of phrases: [String]) -> [String] {
        phrases.flatMap { phrase in
            (1...min(10, phrase.count)).map { String(phrase.prefix($0)) }.filter { !$0.hasSuffix(" ") }
        }
    }

    func run() async throws {
        let directory = try BenchmarkEnvironment.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try HubDatabase.open(atPath: "\(directory)/hub.sqlite")
        let foods = try ShippedFoodDatabase.load()
        let importStart = ContinuousClock.now
        try await store.importFoodDatabase(foods, atMs: 0)
        let importSeconds = seconds(ContinuousClock.now - importStart)
        try await BenchmarkEnvironment.acceptTerms(in: store)
        let profile = try await store.saveProfile(
            PatientProfile(name: "Bench", timeZoneIdentifier: "UTC"),
            id: nil,
            atMs: 0
        )
        // A month of history (3 foods a day from 40 favourites-by-habit), so the profile's own foods are ranked.
        var generator = SplitMix64(seed: 8)
        let habitual = (0..<40).map { _ in foods.foods[Int(generator.next() % UInt64(foods.foods.count))].ndb }
        for day in 0..<30 {
            for meal in 0..<3 {
                let ndb = habitual[Int(generator.next() % UInt64(habitual.count))]
                let taken = RFC3339Timestamp(
                    epochMilliseconds: 1_790_000_000_000 + Int64(day * 86_400_000 + meal * 14_400_000),
                    utcOffsetSeconds: 0
                )
                let food = try await store.food(ndb: ndb)
                _ = try await store.logFood(
                    "#\(food.id)",
                    amount: 100,
                    unit: "g",
                    meal: .lunch,
                    takenAt: taken,
                    profile: profile,
                    atMs: 0
                )
            }
        }
        var phrases = Self.commonSearches
        for _ in 0..<randomNames {
            let name = foods.foods[Int(generator.next() % UInt64(foods.foods.count))].name
            phrases.append(FoodSearchQuery.fold(name).prefix(2).joined(separator: " "))
        }
        let trace = Self.keystrokes(of: phrases)
        for query in trace { _ = try await store.searchFoods(query, profileId: profile.id) }  // warm-up
        var times: [Double] = []
        var slowest = ("", 0.0)
        for _ in 0..<passes {
            for query in trace {
                let started = ContinuousClock.now
                let hits = try await store.searchFoods(query, profileId: profile.id, limit: 10)
                let milliseconds = seconds(ContinuousClock.now - started) * 1000
                times.append(milliseconds)
                if milliseconds > slowest.1 { slowest = (query, milliseconds) }
                if hits.isEmpty && query.count <= 3 { print("  no result for '\(query)'") }
            }
        }
        times.sort()
        print(
            "autocomplete: \(foods.foods.count) USDA foods (imported in \(String(format: "%.2f", importSeconds)) s), "
                + "\(trace.count) keystrokes (\(phrases.count) phrases, 1–10 characters) × \(passes) passes"
        )
        print(
            String(
                format: "  p50 %.3f ms, p90 %.3f ms, p99 %.3f ms, max %.3f ms ('%@')",
                percentile(times, 50),
                percentile(times, 90),
                percentile(times, 99),
                times.last ?? .nan,
                slowest.0
            )
        )
    }
}

/// A small fixed-seed generator (SplitMix64, Steele et al. 2014) so the trace is the same on every run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
