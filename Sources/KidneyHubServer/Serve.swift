import ArgumentParser
import CarePortal
import CareServer
import Hummingbird
import Logging

/// Runs the server until SIGTERM or SIGINT.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run the server (migrations are applied at start).")

    @OptionGroup var options: ServerOptions

    func run() async throws {
        let configuration = try options.configuration()
        var logger = Logger(label: "kidneyhub-server")
        logger.logLevel = .info
        let server = CareServer(configuration: configuration, logger: logger)
        let scheme = configuration.tls == nil ? "http" : "https"
        let app = try server.makeApplication(adding: ClinicianPortal.register) { port in
            print("kidneyhub-server listening on \(scheme)://\(configuration.host):\(port)")
            print("clinician portal: \(scheme)://\(configuration.host):\(port)/portal/")
        }
        try await app.runService()
    }
}
