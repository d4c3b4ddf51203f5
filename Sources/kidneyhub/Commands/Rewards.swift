import ArgumentParser
import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices

/// `kidneyhub rewards list`: points and badges earned.
struct Rewards: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Rewards earned: points, badges and streaks, each issued once per goal, period and achievement.",
        subcommands: [List.self],
        defaultSubcommand: List.self
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List rewards, newest first, with the total.")
        @OptionGroup var store: StoreOptions
        @Option(help: "The profile (needed when the store holds several).") var profile: String?
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let list = try await store.openForReading().rewards.list(profile: profile)
            let stored = list.profile
            let rewards = list.rewards
            if json {
                try printJSON(rewards)
                return
            }
            guard !rewards.isEmpty else {
                print("No rewards yet for '\(stored.name)'.")
                return
            }
            let offset = (try? stored.profile.timeZone()).map { zone in
                { (ms: Int64) in zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(ms) / 1000)) }
            }
            printTable(
                ["EARNED", "GOAL", "PERIOD", "ACHIEVEMENT", "BADGE", "POINTS"],
                rewards.map {
                    [
                        RFC3339.format(epochMilliseconds: $0.earnedAtMs, utcOffsetSeconds: offset?($0.earnedAtMs) ?? 0),
                        "#\($0.goalId)", $0.periodKey, $0.achievement, $0.badge, "\($0.points)",
                    ]
                }
            )
            print("Total: \(list.totalPoints) points")
        }
    }
}
