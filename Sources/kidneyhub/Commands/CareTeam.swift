import ArgumentParser

/// `kidneyhub care-team connect|sync|status`: the clinic's care-team server.
struct CareTeam: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "care-team",
        abstract: "Share your readings with your clinic's care-team server.",
        subcommands: [CareTeamConnect.self, CareTeamSync.self, CareTeamStatusCommand.self],
        defaultSubcommand: CareTeamStatusCommand.self
    )
}
