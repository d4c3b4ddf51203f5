import ArgumentParser
import CareServer
import CareServerStore
import Logging

/// Creates the clinic and its first administrator if needed, and prints a one-time sign-in link for her.
struct FirstAdministratorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "first-admin",
        abstract: "Print a one-time sign-in link for the clinic's first administrator."
    )

    @OptionGroup var options: ServerOptions

    @Option(help: "The clinic's name.")
    var clinic: String = "KidneyHub clinic"

    @Option(help: "The server's address as clients reach it, e.g. http://127.0.0.1:8402.")
    var baseURL: String

    func run() async throws {
        let server = CareServer(configuration: try options.configuration(), logger: Logger(label: "kidneyhub-server"))
        let link = try await server.store.withRunningClient {
            try await server.firstAdministratorLink(clinicName: clinic, baseURL: baseURL)
        }
        print(link)
    }
}
