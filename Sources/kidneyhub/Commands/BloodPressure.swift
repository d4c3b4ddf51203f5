import ArgumentParser
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices

/// `kidneyhub bp add|list|confirm`.
struct BloodPressure: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bp",
        abstract: "Blood pressure entries and their dialysis phase (cuffs' readings arrive by `devices sync`).",
        subcommands: [Add.self, List.self, Confirm.self, Edit.self, Delete.self]
    )

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Record a blood pressure, for example `kidneyhub bp add 128/82 --pulse 72 --arm left`.",
            discussion: """
                Stored as a blood_pressure measurement (and a heart_rate one with --pulse) of the profile's manual \
                device. Without --phase the phase is inferred from the dialysis schedule, as for a weight; when it \
                cannot be, the reading waits for `kidneyhub bp confirm`. A pair outside the usual ranges (systolic \
                60-279, diastolic 40-200 mmHg) is refused as a likely typing error unless --confirm-unusual. The \
                terms must be accepted first (`kidneyhub terms accept`).
                """
        )
        @OptionGroup var store: StoreOptions
        @Argument(help: ArgumentHelp("Systolic/diastolic.", valueName: "SYS/DIA")) var pressure: String
        @Option(help: ArgumentHelp("The unit.", valueName: "mmHg|kPa")) var unit = "mmHg"
        @Option(help: ArgumentHelp("The pulse, beats per minute.", valueName: "BPM")) var pulse: Double?
        @Option(help: ArgumentHelp("Body position.", valueName: "sitting|standing|lying")) var position: String?
        @Option(help: ArgumentHelp("The arm the cuff was on.", valueName: "left|right")) var arm: String?
        @Option(help: ArgumentHelp("The dialysis phase.", valueName: "pre|post|intra|interdialytic")) var phase: String?
        @Flag(name: .customLong("confirm-unusual"), help: "Store a pair outside the usual ranges: it is right.")
        var confirmUnusual = false
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
            let stated = try phase.map(parseDialysisPhase)
            let added: BloodPressureService.Added
            do {
                added = try await store.openForWriting().bloodPressure.add(
                    systolic: parts[0],
                    diastolic: parts[1],
                    unit: UnitDisplayName.code(unit),
                    pulse: pulse,
                    position: position.flatMap(BodyPosition.init(rawValue:)),
                    arm: arm,
                    phase: stated,
                    confirmUnusual: confirmUnusual,
                    at: at,
                    profile: profile
                )
            } catch let error as EntryRefused {
                throw CommandFailure("not stored: \(error)")
            }
            let stored = added.profile
            let zone = (try? stored.profile.timeZone()) ?? .gmt
            for row in added.measurements {
                let isPressure = row.measurement.kind == .bloodPressure
                let phaseText =
                    !isPressure
                    ? ""
                    : added.phase?.phase.map { ", phase \(phaseWord($0)) (\(added.phase?.source.rawValue ?? ""))" }
                        ?? ", phase to confirm: `kidneyhub bp confirm \(row.id) --phase ...`"
                let what = isPressure ? "blood pressure" : "pulse"
                print(
                    "Stored \(what) #\(row.id) \(MeasurementListing.valueText(row.measurement)) "
                        + "\(UnitDisplayName.text(row.measurement.unit)) taken "
                        + "\(LocalMinute.text(row.measurement.startMs, in: zone)) for '\(stored.name)'\(phaseText)."
                )
            }
            AlertLines.print(added.alerts)
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List blood pressures with their dialysis phase, oldest first."
        )
        @OptionGroup var store: StoreOptions
        @Option(help: "Only the last N days.") var days: Int?
        @Option(help: "The profile (needed when the store holds several).") var profile: String?

        func run() async throws {
            let listing = try await store.openForReading().bloodPressure.list(days: days, profile: profile)
            guard !listing.readings.isEmpty else {
                print("No blood pressure for '\(listing.profile.name)'.")
                return
            }
            printTable(
                ["ID", "TIME", "mmHg", "PHASE", "SOURCE"],
                listing.readings.map {
                    [
                        "\($0.measurementId)", LocalMinute.text($0.startMs, in: listing.timeZone),
                        "\(Int($0.systolic.rounded()))/\(Int($0.diastolic.rounded()))",
                        $0.phase.phase.map(phaseWord) ?? "to confirm", $0.phase.source.rawValue,
                    ]
                }
            )
        }
    }

    struct Confirm: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set the dialysis phase of a blood pressure: `kidneyhub bp confirm ID --phase pre`."
        )
        @OptionGroup var store: StoreOptions
        @Argument(help: "The blood pressure's id (see `kidneyhub bp list`).") var id: Int64
        @Option(help: ArgumentHelp("The phase.", valueName: "pre|post|intra|interdialytic")) var phase: String
        @Option(help: "The profile (needed when the store holds several).") var profile: String?

        func run() async throws {
            let chosen = try parseDialysisPhase(phase)
            let (stored, _) = try await store.openForWriting().bloodPressure.confirm(
                measurementId: id,
                phase: chosen,
                profile: profile
            )
            print("Blood pressure #\(id) of '\(stored.name)' is now \(phaseWord(chosen)) (confirmed).")
        }
    }
}

/// `kidneyhub bp edit|delete`: corrections of blood pressures typed by hand (each recorded with the old value).
extension BloodPressure {
    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Correct a blood pressure typed by hand: `kidneyhub bp edit ID 128/82` (time and phase stay)."
        )
        @OptionGroup var store: StoreOptions
        @Argument(help: "The reading's id (see `kidneyhub bp list`).") var id: Int64
        @Argument(help: ArgumentHelp("Systolic/diastolic.", valueName: "SYS/DIA")) var pressure: String
        @Option(help: ArgumentHelp("The unit.", valueName: "mmHg|kPa")) var unit = "mmHg"
        @Flag(name: .customLong("confirm-unusual"), help: "Store a pair outside the usual ranges: it is right.")
        var confirmUnusual = false
        @Option(help: "The profile (needed when the store holds several).") var profile: String?

        func validate() throws {
            let parts = pressure.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, Double(parts[0]) != nil, Double(parts[1]) != nil else {
                throw ValidationError("'\(pressure)' is not SYSTOLIC/DIASTOLIC (e.g. 128/82)")
            }
        }

        func run() async throws {
            let parts = pressure.split(separator: "/").compactMap { Double($0) }
            let old: StoredMeasurement
            do {
                old = try await store.openForWriting().bloodPressure.edit(
                    measurementId: id,
                    systolic: parts[0],
                    diastolic: parts[1],
                    unit: UnitDisplayName.code(unit),
                    confirmUnusual: confirmUnusual,
                    profile: profile
                )
            } catch let error as EntryRefused {
                throw CommandFailure("not changed: \(error)")
            }
            print("Blood pressure #\(id) is now \(pressure) (was \(MeasurementListing.valueText(old.measurement))).")
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a blood pressure typed by hand (recorded).")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The reading's id (see `kidneyhub bp list`).") var id: Int64
        @Option(help: "The profile (needed when the store holds several).") var profile: String?

        func run() async throws {
            let old = try await store.openForWriting().bloodPressure.delete(measurementId: id, profile: profile)
            print("Deleted blood pressure #\(id) (\(MeasurementListing.valueText(old.measurement)) mmHg).")
        }
    }
}
