import ArgumentParser
import Foundation
import Hub
import HubStore

extension Devices {
    /// `kidneyhub devices assign DEVICE --profile NAME [--user-index N]`.
    struct Assign: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Give a device's readings (or one user slot's, on a shared scale or cuff) to a profile.",
            discussion: """
                Readings already stored from the device are assigned too, and their weights get their dialysis \
                phase. Without --user-index, the assignment covers every slot that has none of its own. The terms \
                must be accepted first (`kidneyhub terms accept`).
                """
        )
        @OptionGroup var store: StoreOptions
        @Argument(help: "The device id, as `devices list` shows it.") var id: String
        @Option(help: "The profile the readings belong to.") var profile: String
        @Option(help: ArgumentHelp("The user slot on a shared device.", valueName: "0-255")) var userIndex: Int?
        @Option(help: "The adapter, when several have a device with this id.") var adapter: String?

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
            try await database.assign(
                DeviceAssignment(
                    deviceRowId: device.rowId,
                    userIndex: userIndex ?? DeviceAssignment.anyUser,
                    profileId: stored.id,
                    assignedAtMs: currentEpochMilliseconds()
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
