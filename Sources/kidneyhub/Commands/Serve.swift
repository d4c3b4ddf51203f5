import ArgumentParser
import Foundation
import HubDaemon
import HubServices
import Logging
import ServiceLifecycle
import UnixSignals

/// `kidneyhub serve`: the hub daemon.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the hub: keep adapters supervised and sync known devices until SIGINT or SIGTERM."
    )
    @OptionGroup var store: StoreOptions
    @OptionGroup var search: AdapterOptions
    @Option(help: "Seconds between syncs of the known devices (1 to 86400).") var syncInterval: Double = 300
    @Option(
        help: "Where plugged-in USB devices are heard of: libusb, off, or script:PATH (a file of events, for tests)."
    )
    var hotplug: HotplugChoice = .libusb

    func validate() throws {
        guard (1...86_400).contains(syncInterval) else {
            throw ValidationError("--sync-interval must be 1 to 86400 seconds")
        }
    }
    @Flag(help: "Log debug detail.") var verbose = false

    func run() async throws {
        bootstrapLogging(verbose: verbose)
        let logger = Logger(label: "kidneyhub.serve")
        let daemon = HubDaemon(
            app: try store.openForWriting(),
            configuration: HubDaemon.Configuration(
                adapters: search.setup(),
                syncInterval: .milliseconds(Int64(syncInterval * 1000)),
                hotplug: hotplug.source(logger: logger),
                // Unbuffered, so whoever watches `serve` sees it at once.
                announce: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) }
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
