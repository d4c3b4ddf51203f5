import ArgumentParser

/// `kidneyhub-server`: the care-team server (`serve`) and its one-off setup (`first-admin`).
@main
struct KidneyHubServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kidneyhub-server",
        abstract: "KidneyHub's care-team server: clinicians, patients and caregivers on PostgreSQL.",
        subcommands: [Serve.self, FirstAdministratorCommand.self],
        defaultSubcommand: Serve.self
    )
}
