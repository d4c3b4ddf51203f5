import AdapterHost
import HubRecords
import HubServices
import Logging
import ServiceLifecycle

/// The hub daemon (`kidneyhub serve`) as a service: it holds the store's lock for its whole life and runs, as one
/// service group, the device syncs, the care schedule and, when given a source, USB hotplug; its control socket lets
/// commands reach its hub instead of starting a second one; a profile connected to a care team is pushed to it
/// periodically. Run it in a `ServiceGroup`: graceful shutdown (SIGTERM or
/// SIGINT there, or `triggerGracefulShutdown()` in a test) stops the services, then every adapter, then releases the
/// store.
public struct HubDaemon: Service {
    /// What the daemon runs.
    public struct Configuration: Sendable {
        /// The adapters it supervises and how.
        public var adapters: AdapterSetup
        /// Time between two passes over the known devices.
        public var syncInterval: Duration
        /// Where USB arrivals come from (none: no hotplug). Taken as a parameter so this module need not link libusb.
        public var hotplug: (any HotplugSource)?
        /// Hears each line the user should see at once (what a plugged-in device brought); the command prints it.
        public var announce: @Sendable (String) -> Void
        /// Hears the report of each sync the daemon's loop completes (tests wait on it).
        public var onSynced: @Sendable (HubService.SyncReport) -> Void
        /// Further services run in the daemon's group, inside the hub's life (the web app): one that fails stops the
        /// daemon, as the others do.
        public var companions: [(name: String, service: any Service)]
        /// The periodic push to the care-team server (it sends nothing while no profile is connected).
        public var careTeamPush: CareTeamPush

        /// A configuration; by default no hotplug, nothing announced.
        public init(
            adapters: AdapterSetup,
            syncInterval: Duration = .seconds(300),
            hotplug: (any HotplugSource)? = nil,
            announce: @escaping @Sendable (String) -> Void = { _ in },
            onSynced: @escaping @Sendable (HubService.SyncReport) -> Void = { _ in },
            companions: [(name: String, service: any Service)] = [],
            careTeamPush: CareTeamPush = CareTeamPush()
        ) {
            self.careTeamPush = careTeamPush
            self.adapters = adapters
            self.syncInterval = syncInterval
            self.hotplug = hotplug
            self.announce = announce
            self.onSynced = onSynced
            self.companions = companions
        }
    }

    private let app: HubApplication
    private let configuration: Configuration
    private let logger = Logger(label: "kidneyhub.serve")

    /// The daemon of `app`'s store.
    public init(app: HubApplication, configuration: Configuration) {
        self.app = app
        self.configuration = configuration
    }

    /// Runs until graceful shutdown or cancellation; throws when the store is held by another hub or the control
    /// socket cannot be opened.
    public func run() async throws {
        let app = app
        let configuration = configuration
        let logger = logger
        // A one-shot command on the same store (a sync, an import) is waited for rather than refused: `serve` is
        // often started by hand right after one, or by a login script while one runs.
        try await app.withInProcessHub(configuration.adapters, waitingForLock: .seconds(30)) { hub in
            let control = try ControlServer(path: ControlServer.socketPath(forStore: app.storePath), hub: hub)
            defer { control.stop() }
            let adapters = hub.catalog.adapters.map(\.id).joined(separator: ", ")
            logger.notice("serving \(app.storePath) with adapters: \(adapters); control socket \(control.path)")
            var services: [ServiceGroupConfiguration.ServiceConfiguration] = [
                .init(
                    service: DeviceSyncService(
                        hub: hub,
                        interval: configuration.syncInterval,
                        onSynced: configuration.onSynced
                    ),
                    serviceName: "device syncs"
                ),
                // A scheduler that returns (it never does but on cancellation) must not stop the hub.
                .init(
                    service: CareScheduleService(app: app),
                    successTerminationBehavior: .ignore,
                    serviceName: "care schedule"
                ),
            ]
            services.append(
                .init(
                    service: CareTeamPushService(app: app, schedule: configuration.careTeamPush),
                    successTerminationBehavior: .ignore,
                    serviceName: "care-team push"
                )
            )
            if let source = configuration.hotplug {
                services.append(
                    .init(
                        service: HotplugService(app: app, hub: hub, source: source, announce: configuration.announce),
                        successTerminationBehavior: .ignore,
                        serviceName: "USB hotplug"
                    )
                )
            }
            for companion in configuration.companions {
                services.append(.init(service: companion.service, serviceName: companion.name))
            }
            // A group of its own inside the hub's life: the parent's graceful shutdown reaches it, and the hub stops
            // its adapters only once every one of these services has returned.
            try await ServiceGroup(configuration: ServiceGroupConfiguration(services: services, logger: logger)).run()
            logger.notice("stopping")
        }
    }
}

/// Syncs every known device, then waits the interval, until graceful shutdown.
struct DeviceSyncService: Service {
    let hub: HubService
    let interval: Duration
    let onSynced: @Sendable (HubService.SyncReport) -> Void
    private let logger = Logger(label: "kidneyhub.serve")

    init(hub: HubService, interval: Duration, onSynced: @escaping @Sendable (HubService.SyncReport) -> Void) {
        self.hub = hub
        self.interval = interval
        self.onSynced = onSynced
    }

    func run() async throws {
        let hub = hub
        let interval = interval
        let onSynced = onSynced
        let logger = logger
        // Unstructured on purpose: a sync stuck on an adapter that never answers must not hold back the shutdown. The
        // hub stops every adapter right after this service returns, which ends such a sync.
        let loop = Task {
            while !Task.isCancelled {
                for device in (try? await hub.knownDevices()) ?? [] where !Task.isCancelled {
                    do {
                        let report = try await hub.sync(
                            deviceId: device.identity.deviceId,
                            adapterId: device.identity.adapterId
                        )
                        if report.stored > 0 {
                            logger.notice("\(device.identity.deviceId): \(report.stored) new readings")
                        }
                        onSynced(report)
                    } catch  where !Task.isCancelled {
                        logger.warning("sync of \(device.identity.deviceId) failed: \(error)")
                    } catch {}
                }
                try? await Task.sleep(for: interval)
            }
        }
        defer { loop.cancel() }
        try? await gracefulShutdown()
    }
}

/// Goals, rewards, reminders and report cards on time, until graceful shutdown.
struct CareScheduleService: Service {
    let app: HubApplication

    func run() async throws {
        await cancelWhenGracefulShutdown { await app.runSchedule() }
    }
}

/// Turns USB arrivals into adapter sessions; what each device brought goes to the feed and to `announce`.
struct HotplugService: Service {
    let app: HubApplication
    let hub: HubService
    let source: any HotplugSource
    let announce: @Sendable (String) -> Void
    private let logger = Logger(label: "kidneyhub.hotplug")

    init(
        app: HubApplication,
        hub: HubService,
        source: any HotplugSource,
        announce: @escaping @Sendable (String) -> Void
    ) {
        self.app = app
        self.hub = hub
        self.source = source
        self.announce = announce
    }

    func run() async throws {
        let app = app
        let announce = announce
        let logger = logger
        let coordinator = HotplugCoordinator(hub: hub) { notice in
            // Kept in the feed first, then shown at once to whoever watches the daemon.
            do {
                try await app.postHotplugNotice(notice)
            } catch {
                logger.error("could not post the notification \"\(notice.message)\": \(error)")
            }
            announce(notice.message)
        }
        let source = source
        // Stopping the source ends its events; the coordinator then ends the sessions still running and returns.
        await withGracefulShutdownHandler {
            await coordinator.run(source)
        } onGracefulShutdown: {
            source.stop()
        }
    }
}
