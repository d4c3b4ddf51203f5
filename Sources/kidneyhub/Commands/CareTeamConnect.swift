import ArgumentParser
import HubServices

/// `kidneyhub care-team connect URL --code CODE`.
struct CareTeamConnect: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "connect",
        abstract: "Connect a profile to the care-team server with the one-time code from your clinic."
    )
    @OptionGroup var store: StoreOptions
    @Argument(help: "The server's address, https://HOST[:PORT].") var url: String
    @Option(help: "The one-time enrollment code your clinician gave you.") var code: String
    @Option(help: "The profile (needed when the store holds several).") var profile: String?

    func run() async throws {
        do {
            let status = try await store.openForWriting().careTeam.connect(serverURL: url, code: code, profile: profile)
            print("Profile '\(status.profile)' is connected to \(status.serverURL ?? url).")
            print("\(status.pendingReadings) readings will be sent by `kidneyhub care-team sync`.")
        } catch let error as CareTeamError {
            throw CommandFailure("\(error)")
        }
    }
}
