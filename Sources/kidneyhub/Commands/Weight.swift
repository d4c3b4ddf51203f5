import ArgumentParser
import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices

/// `kidneyhub weight add|list|confirm`.
struct Weight: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Body weight: entries, dialysis phases and interdialytic weight gain.",
        subcommands: [Add.self, List.self, Confirm.self, Edit.self, Delete.self]
    )

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Record a weight, for example `kidneyhub weight add 82.4 kg --phase pre`.",
            discussion: """
                Without --phase the phase is inferred from the profile's dialysis schedule, as for a scale's reading; \
                when the schedule cannot decide, the weight waits for `kidneyhub weight confirm`. The terms must be \
                accepted first (`kidneyhub terms accept`).
                """
        )
        @OptionGroup var store: StoreOptions
        // Read as words, not as a Double: ArgumentParser takes "-5" for an option and then reports the unit as
        // an invalid <value>; a negative weight must instead be refused naming the weight and the accepted form.
        @Argument(
            parsing: .allUnrecognized,
            help: ArgumentHelp(
                "The weight and its unit: kg, lb ([lb_av]) or g, e.g. 82.4 kg.",
                valueName: "weight unit"
            )
        )
        var words: [String] = []
        @Option(help: ArgumentHelp("The dialysis phase.", valueName: "pre|post|intra|none")) var phase: String?
        @Option(
            help: ArgumentHelp(
                "When it was taken (default: now): RFC 3339, or a local time in the profile's time zone.",
                valueName: "YYYY-MM-DDTHH:MM"
            )
        )
        var at: String?
        @Option(help: "The profile (needed when the store holds several).") var profile: String?

        /// The weight and its unit, or the error that names what is wrong with them.
        static func weightAndUnit(_ words: [String]) throws -> (value: Double, unit: String) {
            let form = "a positive number and its unit, e.g. `kidneyhub weight add 82.4 kg` (units: kg, lb, g)"
            guard words.count == 2 else {
                let given = words.isEmpty ? "nothing" : "'\(words.joined(separator: " "))'"
                throw ValidationError("weight: got \(given);\nexpected \(form)")
            }
            guard let value = Double(words[0]), value.isFinite else {
                throw ValidationError("weight: '\(words[0])' is not a number;\nexpected \(form)")
            }
            // Zero goes on to the entry's plausible range (10–350 kg), which names the range.
            guard value >= 0 else {
                throw ValidationError("weight: \(words[0]) is not a weight (it must be above 0);\nexpected \(form)")
            }
            return (value, words[1])
        }

        func validate() throws {
            _ = try Self.weightAndUnit(words)
        }

        func run() async throws {
            let (value, unit) = try Self.weightAndUnit(words)
            let sentPhase = try phase.map(parseDialysisPhase)
            let added: WeightService.Added
            do {
                added = try await store.openForWriting().weight.add(
                    value: value,
                    unit: unit,
                    phase: sentPhase,
                    at: at,
                    profile: profile
                )
            } catch let error as EntryRefused {
                throw CommandFailure("not stored: \(error)")
            }
            let stored = added.profile
            for entry in added.entries {
                let row = entry.measurement
                let tag = entry.phase
                let phaseText =
                    tag?.phase.map { "phase \($0.rawValue) (\(tag?.source.rawValue ?? ""))" }
                    ?? "phase to confirm: \(tag?.ambiguity ?? "-"); run `kidneyhub weight confirm \(row.id) --phase ...`"
                let zone = (try? stored.profile.timeZone()) ?? .gmt
                print(
                    "Stored weight #\(row.id) \(WeightListing.kilograms(row.measurement.value ?? 0)) kg taken "
                        + "\(LocalMinute.text(row.measurement.startMs, in: zone)) for '\(stored.name)', \(phaseText)."
                )
            }
            AlertLines.print(added.alerts)
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List weights with their phase, and the interdialytic weight gain of each dialysis session.",
            discussion: """
                The gain of a session is its pre-dialysis weight minus the previous session's post-dialysis weight, \
                in kg and in % of the dry weight (shown to 0.1); a session without one names what is missing. \
                Weights from devices not assigned to the profile are not listed (`kidneyhub devices assign`).
                """
        )
        @OptionGroup var store: StoreOptions
        @Option(help: "Only the last N days (default: all).") var days: Int?
        @Option(help: "The profile (needed when the store holds several).") var profile: String?
        @Flag(help: "Print JSON.") var json = false

        func validate() throws {
            if let days, !(1...36_500).contains(days) { throw ValidationError("--days must be 1 to 36500") }
        }

        func run() async throws {
            let listed = try await store.openForReading().weight.list(days: days, profile: profile)
            let listing: WeightListing
            do {
                listing = try WeightListing(listed)
            } catch {
                throw CommandFailure(
                    "cannot show weights in \(listed.profile.profile.displayUnits.weight.ucum): \(error)"
                )
            }
            let unit = listing.displayUnit
            if json {
                try printJSON(listing)
                return
            }
            printTable(
                ["ID", "TIME", "WEIGHT", "AS ENTERED", "PHASE", "SOURCE", "DEVICE"],
                listing.weights.map {
                    [
                        "\($0.id)", (try? RFC3339.parse($0.time)).map(LocalMinute.text) ?? $0.time,
                        WeightListing.text($0.displayValue, unit: unit), $0.asEntered,
                        $0.phase ?? "confirm", $0.source, $0.device,
                    ]
                }
            )
            if !listing.sessions.isEmpty {
                print(
                    "\nInterdialytic weight gain (dry weight \(listing.dryWeightDisplayValue.map { WeightListing.text($0, unit: unit) } ?? "not set")):"
                )
                for session in listing.sessions {
                    if let gain = session.gainDisplayValue {
                        let percent =
                            session.percentOfDryWeight.map { ", \(LabEntry.fixed($0, decimals: 1)) % of dry weight" }
                            ?? ""
                        print(
                            "  \(session.session): \(WeightListing.text(gain, unit: unit))\(percent) "
                                + "(since \(session.previousSession ?? "-"))"
                        )
                    } else {
                        print("  \(session.gap ?? session.session)")
                    }
                }
            }
            let pending = listing.weights.filter { $0.phase == nil }.count
            if pending > 0 { print("\n\(pending) weight(s) need their phase confirmed: `kidneyhub weight confirm`") }
        }
    }

    struct Confirm: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the weights whose dialysis phase needs confirming, or set one's phase.",
            discussion: "`kidneyhub weight confirm` lists them; `kidneyhub weight confirm ID --phase post` sets one "
                + "(any of the profile's weights may be corrected this way)."
        )
        @OptionGroup var store: StoreOptions
        @Argument(help: "The weight's id, as listed.") var id: Int64?
        @Option(help: ArgumentHelp("The phase to set.", valueName: "pre|post|intra|none")) var phase: String?
        @Option(help: "The profile (needed when the store holds several).") var profile: String?

        func validate() throws {
            if (id == nil) != (phase == nil) {
                throw ValidationError("give both a weight id and --phase to confirm one, or neither to list them")
            }
        }

        func run() async throws {
            guard let id, let phase else {
                let (stored, pending) = try await store.openForReading().weight.pendingConfirmation(profile: profile)
                guard !pending.isEmpty else {
                    print("No weight of '\(stored.name)' needs its phase confirmed.")
                    return
                }
                printTable(
                    ["ID", "TIME", "WEIGHT", "WHY"],
                    pending.map {
                        [
                            "\($0.measurementId)",
                            RFC3339.format(epochMilliseconds: $0.startMs, utcOffsetSeconds: $0.utcOffsetSeconds),
                            "\(WeightListing.kilograms($0.kilograms)) kg", $0.phase.ambiguity ?? "",
                        ]
                    }
                )
                print("\nConfirm each with `kidneyhub weight confirm ID --phase pre|post|intra|none`.")
                return
            }
            let chosen = try parseDialysisPhase(phase)
            let (stored, _) = try await store.openForWriting().weight.confirm(
                measurementId: id,
                phase: chosen,
                profile: profile
            )
            print("Weight #\(id) of '\(stored.name)' is now \(chosen.rawValue) (confirmed).")
        }
    }
}

/// `kidneyhub weight edit|delete`: corrections of weights typed by hand (each recorded with the old value).
extension Weight {
    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Correct a weight typed by hand: `kidneyhub weight edit ID 81.2 kg` (time and phase stay).",
            discussion: "Goals, gains and reports use the corrected value; rewards already earned stay. "
                + "`kidneyhub corrections` lists every change with the old value."
        )
        @OptionGroup var store: StoreOptions
        @Argument(help: "The weight's id (see `kidneyhub weight list`).") var id: Int64
        @Argument(help: "The corrected weight.") var value: Double
        @Argument(help: "The unit: kg, lb or g.") var unit: String
        @Option(help: "The profile (needed when the store holds several).") var profile: String?

        func run() async throws {
            let old: StoredMeasurement
            do {
                old = try await store.openForWriting().weight.edit(
                    measurementId: id,
                    value: value,
                    unit: unit,
                    profile: profile
                )
            } catch let error as EntryRefused {
                throw CommandFailure("not changed: \(error)")
            }
            print(
                "Weight #\(id) is now \(CorrectionText.number(value)) "
                    + "\(UnitDisplayName.text(UnitDisplayName.code(unit))) "
                    + "(was \(WeightListing.kilograms(old.measurement.value ?? 0)) kg)."
            )
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a weight typed by hand (recorded).")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The weight's id (see `kidneyhub weight list`).") var id: Int64
        @Option(help: "The profile (needed when the store holds several).") var profile: String?

        func run() async throws {
            let old = try await store.openForWriting().weight.delete(measurementId: id, profile: profile)
            print("Deleted weight #\(id) (\(WeightListing.kilograms(old.measurement.value ?? 0)) kg).")
        }
    }
}

/// Numbers in correction messages: as typed, without a trailing ".0".
enum CorrectionText {
    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int64(value)) : String(value)
    }
}

/// What `weight list` shows: the weights and, per dialysis session, the interdialytic gain or what is missing.
struct WeightListing: Encodable {
    struct Entry: Encodable {
        var id: Int64
        var time: String
        var kilograms: Double
        /// The weight in the profile's display unit (`displayUnit`), converted through the unit table.
        var displayValue: Double
        var displayUnit: String
        var asEntered: String
        var phase: String?
        var source: String
        var ambiguity: String?
        var device: String
    }

    struct Session: Encodable {
        var session: String
        var date: String
        var gainKilograms: Double?
        /// The gain in the profile's display unit.
        var gainDisplayValue: Double?
        var percentOfDryWeight: Double?
        var level: String?
        var previousSession: String?
        var preWeightTime: String?
        var previousPostWeightTime: String?
        var days: Int?
        var gap: String?
    }

    var profile: String
    /// The profile's weight display unit (UCUM: kg or [lb_av]).
    var displayUnit: String
    var dryWeightKilograms: Double?
    var dryWeightDisplayValue: Double?
    var weights: [Entry]
    var sessions: [Session]

    /// Throws when the unit table cannot convert kg to the profile's display unit.
    init(_ listed: WeightService.Listing, table: UnitTable = .standard) throws(UnitConversionError) {
        let profile = listed.profile.profile
        self.profile = profile.name
        let unit = profile.displayUnits.weight.ucum
        let converter = try table.converter(from: "kg", to: unit)
        let display = { (kilograms: Double) in converter.isIdentity ? kilograms : converter.apply(kilograms) }
        displayUnit = unit
        dryWeightKilograms = profile.dryWeightKilograms
        dryWeightDisplayValue = profile.dryWeightKilograms.map(display)
        self.weights = listed.weights.map { weight in
            Entry(
                id: weight.measurementId,
                time: RFC3339.format(epochMilliseconds: weight.startMs, utcOffsetSeconds: weight.utcOffsetSeconds),
                kilograms: weight.kilograms,
                displayValue: display(weight.kilograms),
                displayUnit: unit,
                asEntered:
                    "\(weight.originalValue.map(Self.kilograms) ?? "-") \(UnitDisplayName.text(weight.originalUnit))",
                phase: weight.phase.phase?.rawValue,
                source: weight.phase.source.rawValue,
                ambiguity: weight.phase.ambiguity,
                device: weight.device.deviceId
            )
        }
        let zone = listed.timeZone
        let offset = { (ms: Int64) in zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(ms) / 1000)) }
        sessions = listed.sessions.map { session in
            switch session.result {
            case .gain(let gain):
                let pre = gain.preWeight.epochMilliseconds
                let post = gain.previousPostWeight.epochMilliseconds
                return Session(
                    session: gain.session.description,
                    date: gain.session.date.description,
                    gainKilograms: Self.rounded(gain.kilograms),
                    gainDisplayValue: Self.rounded(display(gain.kilograms)),
                    percentOfDryWeight: gain.percentOfDryWeight.map(Self.rounded),
                    level: session.level?.rawValue,
                    previousSession: gain.previousSession.description,
                    preWeightTime: RFC3339.format(epochMilliseconds: pre, utcOffsetSeconds: offset(pre)),
                    previousPostWeightTime: RFC3339.format(epochMilliseconds: post, utcOffsetSeconds: offset(post)),
                    days: gain.days
                )
            case .gap(let gap):
                return Session(
                    session: gap.session.description,
                    date: gap.session.date.description,
                    gap: gap.description
                )
            }
        }
    }

    /// Rounded to 0.001, so that 82.4 − 80.3 reads 2.1.
    static func rounded(_ value: Double) -> Double {
        (value * 1000).rounded() / 1000
    }

    /// A weight in `unit` to 0.1 with the unit's display name beside it ("82.4 kg", "181.0 lb").
    static func text(_ value: Double, unit: String) -> String {
        "\(LabEntry.fixed(value, decimals: 1)) \(UnitDisplayName.text(unit))"
    }

    /// A weight in kg to 0.1 (a scale's precision; JSON keeps the stored value).
    static func kilograms(_ value: Double) -> String {
        LabEntry.fixed(value, decimals: 1)
    }
}
