import AdapterHost
import ArgumentParser
import Foundation
import HubDaemon
import HubServices
import HubWeb
import Logging
import ServiceLifecycle
import UnixSignals

/// `kidneyhub serve`: the hub daemon.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the hub: keep adapters supervised, sync known devices and push to the care team until SIGINT "
            + "or SIGTERM."
    )
    @OptionGroup var store: StoreOptions
    @OptionGroup var search: AdapterOptions
    @Option(help: "Seconds between syncs of the known devices (1 to 86400).") var syncInterval: Double = 300
    @Option(help: "Seconds between pushes to the care-team server, when connected (1 to 86400).")
    var careTeamInterval: Double = 300
    @Option(
        help: "Where plugged-in USB devices are heard of: libusb, off, or script:PATH (a file of events, for tests)."
    )
    var hotplug: HotplugChoice = .libusb

    @Option(
        help: ArgumentHelp(
            "Where the web app listens (beyond loopback only with --tls-cert and --tls-key and a passphrase set).",
            valueName: "ADDRESS:PORT"
        )
    )
    var http = WebAddress.standard.description
    @Flag(help: "Do not serve the web app.") var noHttp = false
    @Option(help: ArgumentHelp("The web app's TLS certificate chain (PEM): serve HTTPS.", valueName: "FILE"))
    var tlsCert: String?
    @Option(help: ArgumentHelp("The private key of --tls-cert (PEM).", valueName: "FILE")) var tlsKey: String?

    /// The certificate and key, when both are given.
    private var tls: WebTLS? {
        guard let tlsCert, let tlsKey else { return nil }
        return WebTLS(certificatePath: tlsCert, keyPath: tlsKey)
    }

    func validate() throws {
        guard (1...86_400).contains(syncInterval) else {
            throw ValidationError("--sync-interval must be 1 to 86400 seconds")
        }
        guard (1...86_400).contains(careTeamInterval) else {
            throw ValidationError("--care-team-interval must be 1 to 86400 seconds")
        }
        if !noHttp {
            guard let address = WebAddress(parsing: http) else {
                throw ValidationError(WebServerError.badAddress(http).description)
            }
            do throws(WebServerError) {
                guard (tlsCert == nil) == (tlsKey == nil) else { throw WebServerError.incompleteTLS }
                try WebServer.check(address, tls: tls)
            } catch {
                throw ValidationError(error.description)
            }
        }
    }
    @Flag(help: "Log debug detail.") var verbose = false

    func run() async throws {
        bootstrapLogging(verbose: verbose)
        let logger = Logger(label: "kidneyhub.serve")
        let app = try store.openForWriting()
        // Unbuffered, so whoever watches `serve` sees it at once.
        let say: @Sendable (String) -> Void = { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) }
        let warn: @Sendable (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
        // The web app shows the daemon's adapters' progress live; its device and import actions reach the daemon's
        // hub through the control socket, so they run these same adapters.
        let progress = DeviceProgressFeed()
        let adapters = search.setup(onActivity: { progress.hear($0, $1) })
        var companions: [(name: String, service: any Service)] = []
        if !noHttp, let address = WebAddress(parsing: http) {
            try await WebServer.checkPassphrase(address, app: app)
            let web = try WebServer(
                app: app,
                address: address,
                tls: tls,
                adapters: adapters,
                progress: progress,
                announce: say,
                warn: warn
            )
            companions.append((name: "web app", service: web))
        }
        let daemon = HubDaemon(
            app: app,
            configuration: HubDaemon.Configuration(
                adapters: adapters,
                syncInterval: .milliseconds(Int64(syncInterval * 1000)),
                hotplug: hotplug.source(logger: logger),
                announce: say,
                companions: companions,
                careTeamPush: HubDaemon.CareTeamPush(interval: .milliseconds(Int64(careTeamInterval * 1000)))
            )
        )
        // SIGINT and SIGTERM shut the daemon down gracefully: its services stop, then its adapters, then the store
        // is released, and the command exits 0.
        try await ServiceGroup(
            services: [daemon],
            gracefulShutdownSignals: [.sigterm, .sigint],
            logger: logger
        ).run()
    }
}
