import ArgumentParser
import CareEngine
import Foundation
import HubCore
import HubRecords
import HubStore

extension Devices {
    /// `kidneyhub devices assign DEVICE --profile NAME [--user-index N]`.
    struct Assign: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Give a device's readings (or one user slot's, on a shared scale or cuff) to a profile.",
            discussion: """
                Readings already stored from the device that no profile owns yet are assigned too (only those \
                taken from --from on, when given: on a shared device older readings may be someone else's), and \
                their weights get their dialysis phase. Readings a profile already owns stay with it. Without \
                --user-index, the assignment covers every slot that has none of its own. The terms must be \
                accepted first (`kidneyhub terms accept`).
                """
        )
        @OptionGroup var store: StoreOptions
        @Argument(help: "The device id, as `devices list` shows it.") var id: String
        @Option(help: "The profile the readings belong to.") var profile: String
        @Option(help: ArgumentHelp("The user slot on a shared device.", valueName: "0-255")) var userIndex: Int?
        @Option(help: "The adapter, when several have a device with this id.") var adapter: String?
        @Option(
            help: ArgumentHelp(
                "Claim only readings taken from then on (YYYY-MM-DD or YYYY-MM-DDTHH:MM on the profile's clock, or RFC 3339).",
                valueName: "TIME"
            )
        )
        var from: String?

        func validate() throws {
            if let userIndex, !(0...255).contains(userIndex) {
                throw ValidationError("--user-index: \(userIndex) is out of range (accepted: 0–255)")
            }
        }

        func run() async throws {
            let database = try openStoreForWriting(store)
            try await database.requireCurrentTerms()
            let stored = try await database.selectProfile(named: profile)
            let device = try await database.device(id: id, adapterId: adapter)
            let now = currentEpochMilliseconds()
            var claimsFromMs: Int64 = 0
            if let from {
                let local = from.count == 10 ? from + "T00:00" : from
                do {
                    claimsFromMs = try RFC3339.parse(EntryTime.rfc3339(local, profile: stored.profile, now: now))
                        .epochMilliseconds
                } catch {
                    throw CommandFailure("--from: '\(from)' is not YYYY-MM-DD, YYYY-MM-DDTHH:MM or an RFC 3339 time")
                }
            }
            try await database.assign(
                DeviceAssignment(
                    deviceRowId: device.rowId,
                    userIndex: userIndex ?? DeviceAssignment.anyUser,
                    profileId: stored.id,
                    assignedAtMs: now,
                    claimsFromMs: claimsFromMs
                )
            )
            let tagged = try await WeightPhaseTagger(store: database).tagPending()
            let pending = tagged.filter { $0.phase == nil }.count
            let slot = userIndex.map { "user \($0)" } ?? "every user"
            print(
                "Assigned \(id) (\(slot)) to '\(stored.name)'; \(tagged.count) stored weight(s) tagged"
                    + (pending > 0 ? ", \(pending) need their phase confirmed (`kidneyhub weight confirm`)." : ".")
            )
        }
    }
}
