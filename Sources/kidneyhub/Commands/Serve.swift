import AdapterHost
import ArgumentParser
import Care
import CareEngine
import Dispatch
import Foundation
import HubStore
import Logging
import Synchronization

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
        let stop = ShutdownSignal()
        try await withHub(store: store, search: search) { hub in
            let control = try ControlServer(path: ControlServer.socketPath(forStore: store.resolvedPath), hub: hub)
            defer { control.stop() }
            let adapters = hub.catalog.adapters.map(\.id).joined(separator: ", ")
            logger.notice("serving \(store.resolvedPath) with adapters: \(adapters); control socket \(control.path)")
            // The syncs run in their own task so that a signal is acted on at once, even in the
            // middle of a long or stuck sync: the hub then stops every adapter, which ends it.
            let syncs = Task {
                while !Task.isCancelled {
                    for device in (try? await hub.store.devices()) ?? [] where !Task.isCancelled {
                        do {
                            let report = try await hub.sync(
                                deviceId: device.identity.deviceId,
                                adapterId: device.identity.adapterId
                            )
                            if report.stored > 0 {
                                logger.notice("\(device.identity.deviceId): \(report.stored) new readings")
                            }
                        } catch  where !Task.isCancelled {
                            logger.warning("sync of \(device.identity.deviceId) failed: \(error)")
                        } catch {}
                    }
                    try? await Task.sleep(for: .seconds(syncInterval))
                }
            }
            let usb = ServeHotplug(hotplug, hub: hub, logger: logger)
            // Goals, rewards and reminders on time: each end of day, week and month in each profile's time zone,
            // catching up once on what passed while the hub was off.
            let scheduler = Task {
                await GoalScheduler(
                    engine: GoalEngine(store: hub.store),
                    dispatcher: notificationDispatcher(hub.store),
                    clock: SystemClock(),
                    afterEvaluation: { [store = hub.store] now in
                        await ReportCardService(store: store).closedMonths(at: now)
                    }
                ).run()
            }
            await stop.wait(upTo: .seconds(Double(Int32.max)))
            syncs.cancel()
            scheduler.cancel()
            await usb.stop()
            logger.notice("stopping: \(stop.signalName ?? "signal")")
        }
    }
}

/// SIGINT and SIGTERM, turned from process-killing signals into a flag the hub checks, so it
/// can stop its adapters and release the store before exiting.
final class ShutdownSignal {
    private let sources: [any DispatchSourceSignal]
    private let state = LockedState()

    init() {
        let state = state
        sources = [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")].map { number, name in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { state.fire(name) }
            source.resume()
            return source
        }
    }

    var received: Bool { state.signalName != nil }
    var signalName: String? { state.signalName }

    /// Returns when a signal arrives or `limit` passes.
    func wait(upTo limit: Duration) async {
        let deadline = ContinuousClock.now + limit
        while !received, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(100))
        }
    }
}

private final class LockedState: Sendable {
    private let name = Mutex<String?>(nil)
    var signalName: String? { name.withLock { $0 } }
    func fire(_ signal: String) { name.withLock { $0 = $0 ?? signal } }
}
