import ArgumentParser
import Clinical
import Foundation
import HubCore
import HubServices

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
            let start = try claimStart()
            let outcome: DeviceAssignmentService.Outcome
            do {
                outcome = try await store.openForWriting().deviceAssignments.assign(
                    deviceId: id,
                    adapterId: adapter,
                    profile: profile,
                    userIndex: userIndex,
                    from: start
                )
            } catch DeviceAssignmentService.Failure.claimStartUnknown {
                throw fromProblem()
            }
            let slot = userIndex.map { "user \($0)" } ?? "every user"
            print(
                "Assigned \(id) (\(slot)) to '\(outcome.profileName)'; \(outcome.tagged) stored weight(s) tagged"
                    + (outcome.needConfirmation > 0
                        ? ", \(outcome.needConfirmation) need their phase confirmed (`kidneyhub weight confirm`)."
                        : ".")
            )
        }

        /// `--from` read: an RFC 3339 instant, or a local date (midnight) or date and time on the profile's clock.
        private func claimStart() throws -> DeviceAssignmentService.ClaimStart {
            guard let from else { return .always }
            let text = from.trimmingCharacters(in: .whitespaces)
            if let instant = try? RFC3339.parse(text) { return .instant(instant.epochMilliseconds) }
            let local = text.count == 10 ? text + "T00:00" : text
            let parts = local.split(whereSeparator: { $0 == "T" || $0 == " " })
            guard parts.count == 2, let day = try? CalendarDate(parsing: String(parts[0])),
                let time = try? LocalTime(parsing: String(parts[1]))
            else { throw fromProblem() }
            return .local(day, time)
        }

        private func fromProblem() -> CommandFailure {
            CommandFailure("--from: '\(from ?? "")' is not YYYY-MM-DD, YYYY-MM-DDTHH:MM or an RFC 3339 time")
        }
    }
}
