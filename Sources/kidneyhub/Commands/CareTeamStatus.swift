import ArgumentParser
import HubCore
import HubServices

/// `kidneyhub care-team status`.
struct CareTeamStatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Whether a profile is connected, and what is still to be sent."
    )
    @OptionGroup var store: StoreOptions
    @Option(help: "The profile (needed when the store holds several).") var profile: String?

    func run() async throws {
        do {
            let status = try await store.openForReading().careTeam.status(profile: profile)
            guard let server = status.serverURL else {
                return print("Profile '\(status.profile)' is not connected to a care team.")
            }
            print("Profile '\(status.profile)' is connected to \(server) as \(status.patientReference ?? "?").")
            print(
                "Still to send: \(status.pendingReadings) readings, \(status.pendingLabs) lab results, "
                    + "\(status.pendingDoses) doses (intake totals go whenever they change)."
            )
            if let at = status.lastPushAtMs {
                print("Last sent: \(RFC3339.format(epochMilliseconds: at, utcOffsetSeconds: 0)).")
            }
            if let error = status.lastError { print("Last attempt failed: \(error)") }
        } catch let error as CareTeamError {
            throw CommandFailure("\(error)")
        }
    }
}
