import ArgumentParser
import Foundation
import HubCore
import HubRecords
import HubServices

/// `kidneyhub bp add`.
struct BloodPressure: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bp",
        abstract: "Blood pressure entries (readings from cuffs arrive through `kidneyhub devices sync`).",
        subcommands: [Add.self]
    )

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Record a blood pressure, for example `kidneyhub bp add 128/82 --pulse 72 --arm left`.",
            discussion: "Stored as a blood_pressure measurement (and a heart_rate one with --pulse) of the profile's "
                + "manual device. The terms must be accepted first (`kidneyhub terms accept`)."
        )
        @OptionGroup var store: StoreOptions
        @Argument(help: ArgumentHelp("Systolic/diastolic.", valueName: "SYS/DIA")) var pressure: String
        @Option(help: ArgumentHelp("The unit.", valueName: "mm[Hg]|kPa")) var unit = "mm[Hg]"
        @Option(help: ArgumentHelp("The pulse, beats per minute.", valueName: "BPM")) var pulse: Double?
        @Option(help: ArgumentHelp("Body position.", valueName: "sitting|standing|lying")) var position: String?
        @Option(help: ArgumentHelp("The arm the cuff was on.", valueName: "left|right")) var arm: String?
        @Option(
            help: ArgumentHelp(
                "When it was taken (default: now): RFC 3339, or a local time in the profile's time zone.",
                valueName: "YYYY-MM-DDTHH:MM"
            )
        )
        var at: String?
        @Option(help: "The profile (needed when the store holds several).") var profile: String?

        func validate() throws {
            if let arm, !["left", "right"].contains(arm) {
                throw ValidationError("--arm: unknown arm '\(arm)' (accepted: left, right)")
            }
            if let position, BodyPosition(rawValue: position) == nil {
                throw ValidationError(
                    "--position: unknown position '\(position)' (accepted: "
                        + "\(BodyPosition.allCases.map(\.rawValue).joined(separator: ", ")))"
                )
            }
            let parts = pressure.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, Double(parts[0]) != nil, Double(parts[1]) != nil else {
                throw ValidationError("'\(pressure)' is not SYSTOLIC/DIASTOLIC (e.g. 128/82)")
            }
        }

        func run() async throws {
            let parts = pressure.split(separator: "/").compactMap { Double($0) }
            let added: BloodPressureService.Added
            do {
                added = try await store.openForWriting().bloodPressure.add(
                    systolic: parts[0],
                    diastolic: parts[1],
                    unit: unit,
                    pulse: pulse,
                    position: position.flatMap(BodyPosition.init(rawValue:)),
                    arm: arm,
                    at: at,
                    profile: profile
                )
            } catch let error as EntryRefused {
                throw CommandFailure("not stored: \(error)")
            }
            let (stored, time) = (added.profile, added.time)
            for row in added.measurements {
                print(
                    "Stored \(row.measurement.kind.rawValue) #\(row.id) \(MeasurementListing.valueText(row.measurement)) "
                        + "\(row.measurement.unit) taken at \(time) for '\(stored.name)'."
                )
            }
        }
    }
}
