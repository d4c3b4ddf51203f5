import AdapterProtocol
import Foundation
import HubCore
import HubRecords
import HubStore
import Logging

/// The hub: the store, the adapters on the search path and their supervisors, and the device
/// operations built on them (scan, pair, sync).
public actor HubService {
    public nonisolated let store: HubDatabase
    public nonisolated let catalog: AdapterCatalog
    private let settings: AdapterSupervisor.Settings
    private let adapterConfigs: [String: JSONValue]
    let sink: CountingSink
    private let events: EventRecorder
    private let onActivity: @Sendable (String, AdapterActivity) -> Void
    private var supervisors: [String: Task<AdapterSupervisor, any Error>] = [:]
    private let logger = Logger(label: "kidneyhub.hub")

    /// A device one adapter found during a scan.
    public struct FoundDevice: Sendable, Hashable, Codable {
        public var adapterId: String
        public var device: DeviceDescriptor
    }

    /// What one sync did.
    public struct SyncReport: Sendable, Hashable, Codable {
        /// One request of the sync: the first, or a resumption after the adapter crashed or hung.
        public struct Attempt: Sendable, Hashable, Codable {
            /// 1 for the first request, 2 for the first resumption, …
            public var attempt: Int
            /// "completed", "adapter connection closed" or "adapter hung".
            public var outcome: String
            /// Records the adapter said it submitted in this attempt; nil when it never answered.
            public var submitted: Int?
            /// Records this attempt's batches stored.
            public var stored: Int
            /// Records this attempt's batches found already stored.
            public var duplicates: Int
        }

        public var adapterId: String
        public var deviceId: String
        /// Records the adapter said it submitted in its final, successful attempt (each attempt answers for
        /// itself only, adapter-protocol.md §6).
        public var lastAttemptSubmitted: Int
        /// Records newly stored, in total over all attempts.
        public var stored: Int
        /// Records that were already stored, in total over all attempts.
        public var duplicates: Int
        /// How many times the adapter crashed or hung and the sync was resumed from the cursor.
        public var resumptions: Int
        /// Every attempt, in order, with its own counts.
        public var attempts: [Attempt]
    }

    public init(
        store: HubDatabase,
        catalog: AdapterCatalog,
        settings: AdapterSupervisor.Settings = AdapterSupervisor.Settings(),
        adapterConfigs: [String: JSONValue] = [:],
        hook: any PostCommitHook = NoPostCommitWork(),
        onActivity: @escaping @Sendable (String, AdapterActivity) -> Void = { _, _ in }
    ) {
        self.store = store
        self.catalog = catalog
        self.settings = settings
        self.adapterConfigs = adapterConfigs
        self.sink = CountingSink(IngestPipeline(store: store, hook: hook))
        self.events = EventRecorder(store: store)
        self.onActivity = onActivity
    }

    /// The supervisor of an installed adapter, created on first use.
    public func supervisor(for adapterId: String) async throws -> AdapterSupervisor {
        // The entry goes in before the first suspension, so concurrent callers share one
        // supervisor (and one adapter process) instead of racing to create two.
        if let existing = supervisors[adapterId] { return try await existing.value }
        let creation = Task { try await makeSupervisor(for: adapterId) }
        supervisors[adapterId] = creation
        do {
            return try await creation.value
        } catch {
            supervisors[adapterId] = nil
            throw error
        }
    }

    private func makeSupervisor(for adapterId: String) async throws -> AdapterSupervisor {
        guard let adapter = catalog.adapter(id: adapterId) else {
            throw AdapterUnavailable(adapterId: adapterId, reason: "no such adapter on the search path")
        }
        // A tripped breaker outlives the hub that tripped it: the adapter stays failed until the
        // user asks to retry it (`kidneyhub adapters retry`).
        let stored = try await store.adapters().first { $0.id == adapterId }
        let initialState: SupervisorState =
            stored?.state == .failed
            ? .failed(reason: "marked failed earlier; run `kidneyhub adapters retry \(adapterId)`") : .idle
        let events = events
        let supervisor = AdapterSupervisor(
            adapter: adapter,
            sink: sink,
            config: adapterConfigs[adapterId],
            settings: settings,
            initialState: initialState,
            onEvent: { event, state in events.record(event, state: state) },
            onActivity: onActivity
        )
        try await store.upsertAdapter(
            AdapterRecord(
                id: adapter.id,
                name: adapter.manifest.name,
                version: adapter.manifest.version,
                manifestPath: adapter.manifestPath,
                state: initialState.stored,
                updatedAtMs: Self.nowMs()
            )
        )
        return supervisor
    }

    /// Asks every adapter that can discover (or those named) to look for devices for `seconds`.
    /// An adapter that fails is reported in `problems`; the others' devices are still returned.
    public func scan(seconds requested: Double, adapterIds: [String]? = nil) async
        -> (devices: [FoundDevice], problems: [String])
    {
        // The control socket passes this through from anyone: keep it to what a scan can mean.
        let seconds = requested.isFinite ? min(max(requested, 0), 600) : 5
        let candidates = catalog.adapters.filter { adapterIds?.contains($0.id) ?? true }
        var found: [FoundDevice] = []
        var problems: [String] = []
        await withTaskGroup(of: Result<([FoundDevice], [String]), AdapterScanError>.self) { group in
            for adapter in candidates {
                group.addTask {
                    do {
                        let client = try await self.supervisor(for: adapter.id).client()
                        guard client.info?.capabilities.discover == true else { return .success(([], [])) }
                        let result = try await client.discover(seconds: seconds)
                        // A device id with a control character (a NUL cut ids short in the store, making two devices
                        // one) or an empty one cannot be paired or synced: left out, and said so.
                        var devices: [FoundDevice] = []
                        var refused: [String] = []
                        for device in result.devices {
                            if let problem = IdentifierRules.problem(with: device.deviceId, field: "deviceId") {
                                refused.append("\(adapter.id): a device was left out: \(problem)")
                            } else {
                                devices.append(FoundDevice(adapterId: adapter.id, device: device))
                            }
                        }
                        return .success((devices, refused))
                    } catch {
                        return .failure(AdapterScanError(adapterId: adapter.id, reason: "\(error)"))
                    }
                }
            }
            for await result in group {
                switch result {
                case .success(let (devices, refused)):
                    found += devices
                    problems += refused
                case .failure(let error): problems.append("\(error.adapterId): \(error.reason)")
                }
            }
        }
        return (found.sorted { ($0.adapterId, $0.device.deviceId) < ($1.adapterId, $1.device.deviceId) }, problems)
    }

    /// The adapter of a device: the one given, else the one the store has it under, else the one
    /// whose scan finds it.
    public func adapter(of deviceId: String, given adapterId: String?) async throws -> String {
        if let adapterId { return adapterId }
        if let known = try await store.devices().last(where: { $0.identity.deviceId == deviceId }) {
            return known.identity.adapterId
        }
        let (found, problems) = await scan(seconds: 3)
        guard let match = found.first(where: { $0.device.deviceId == deviceId }) else {
            // An adapter that crashed or never answered `initialize` could not look: say so, rather than
            // suggest that no adapter knows the device (issue 21, drill finding 6).
            let failed =
                problems.isEmpty
                ? "" : "; adapters that could not look: " + problems.joined(separator: "; ")
            throw RPCError(
                .deviceNotFound,
                "no adapter found device '\(deviceId)' in a 3 s scan\(failed). Run `kidneyhub devices scan` to list "
                    + "devices, or name the adapter with --adapter"
            )
        }
        return match.adapterId
    }

    /// Pairs a device through its adapter and remembers it, so `serve` syncs it from then on.
    public func pair(deviceId: String, adapterId: String, passkey: String?) async throws -> DeviceDescriptor {
        let client = try await supervisor(for: adapterId).client()
        guard client.info?.capabilities.pair == true else { throw Self.incapable(adapterId, "pair devices") }
        let device = try await client.pair(deviceId: deviceId, passkey: passkey).device
        try await store.rememberPairedDevice(
            HubRecords.DeviceIdentity(
                adapterId: adapterId,
                deviceId: device.deviceId,
                manufacturer: device.manufacturer,
                model: device.model ?? device.name,
                serial: device.serial
            ),
            atMs: Self.nowMs()
        )
        return device
    }

    /// Syncs one device from its stored cursor. If the adapter crashes or hangs meanwhile, the
    /// supervisor restarts it and the sync resumes from the cursor the last committed batch
    /// left, so every record is stored exactly once; it gives up when the breaker trips.
    public func sync(deviceId: String, adapterId: String, progressToken: String? = nil) async throws -> SyncReport {
        let supervisor = try await supervisor(for: adapterId)
        let key = CountingSink.Key(adapterId: adapterId, deviceId: deviceId)
        sink.startCounting(key)
        var resumptions = 0
        var attempts: [SyncReport.Attempt] = []
        var before = CountingSink.Counts()
        /// Closes the current attempt with what the sink counted since it began.
        func close(_ outcome: String, submitted: Int?) {
            let now = sink.currentCounts(key)
            attempts.append(
                SyncReport.Attempt(
                    attempt: attempts.count + 1,
                    outcome: outcome,
                    submitted: submitted,
                    stored: now.stored - before.stored,
                    duplicates: now.duplicates - before.duplicates
                )
            )
            before = now
        }
        while true {
            if Task.isCancelled {
                sink.stopCounting(key)
                throw CancellationError()
            }
            let client: AdapterClient
            do {
                client = try await supervisor.client()
            } catch let error as AdapterUnavailable {
                sink.stopCounting(key)
                throw error
            } catch {
                continue  // the start failed; the supervisor is backing off, or gives up next time
            }
            guard client.info?.capabilities.sync == true else {
                sink.stopCounting(key)
                throw Self.incapable(adapterId, "sync devices")
            }
            do {
                let cursor = try await store.syncCursor(adapterId: adapterId, deviceId: deviceId)
                // Always ask for progress: an adapter may report only when asked (§7), and its reports are
                // what keep a slow but working device from being taken for hung (§6, idle timeout).
                let result = try await client.sync(
                    deviceId: deviceId,
                    cursor: cursor,
                    progressToken: progressToken ?? "sync:\(deviceId)"
                )
                close("completed", submitted: result.submitted)
                let counts = sink.stopCounting(key)
                return SyncReport(
                    adapterId: adapterId,
                    deviceId: deviceId,
                    lastAttemptSubmitted: result.submitted,
                    stored: counts.stored,
                    duplicates: counts.duplicates,
                    resumptions: resumptions,
                    attempts: attempts
                )
            } catch let error as RequestTimedOut {
                await supervisor.reportHang(of: client, reason: "\(error)")
                await supervisor.waitForEnd(of: client)
                close("adapter hung", submitted: nil)
                resumptions += 1
            } catch let error as RPCError where error.isConnectionClosed {
                logger.warning("sync of \(deviceId) interrupted: \(error.message); resuming from the stored cursor")
                await supervisor.waitForEnd(of: client)
                close("adapter connection closed", submitted: nil)
                resumptions += 1
            } catch {
                sink.stopCounting(key)
                throw error
            }
        }
    }

    /// Clears an adapter's tripped breaker, so it may start again.
    public func retry(adapterId: String) async throws {
        guard catalog.adapter(id: adapterId) != nil else {
            throw AdapterUnavailable(adapterId: adapterId, reason: "no such adapter on the search path")
        }
        if let supervisor = try? await supervisors[adapterId]?.value { await supervisor.retry() }
        if try await store.adapters().contains(where: { $0.id == adapterId }) {
            try await store.setAdapterState(id: adapterId, state: .idle, atMs: Self.nowMs())
        }
    }

    /// The state of every adapter that was started.
    public func states() async -> [String: SupervisorState] {
        var states: [String: SupervisorState] = [:]
        for (id, creation) in supervisors {
            if let supervisor = try? await creation.value { states[id] = await supervisor.state }
        }
        return states
    }

    /// Stops every adapter gracefully, waits for the post-commit work of every stored batch (alerts, goals), and
    /// writes the last events.
    public func stop() async {
        await withTaskGroup(of: Void.self) { group in
            for creation in supervisors.values {
                group.addTask { await (try? await creation.value)?.stop() }
            }
        }
        await sink.drainPostCommitWork()
        await events.flush()
    }

    /// Waits until every event so far is in the store.
    public func flushEvents() async {
        await events.flush()
    }

    /// The error for a request whose capability the adapter did not announce (§3).
    private static func incapable(_ adapterId: String, _ what: String) -> RPCError {
        RPCError(.methodNotFound, "adapter \(adapterId) does not \(what) (no such capability in its initialize answer)")
    }

    static func nowMs() -> Int64 { EpochMilliseconds.now() }
}

/// Why an adapter contributed nothing to a scan.
struct AdapterScanError: Error {
    var adapterId: String
    var reason: String
}

extension HubService {
    /// The devices the store knows, paired ones included: what the daemon syncs each interval.
    public nonisolated func knownDevices() async throws -> [StoredDevice] { try await store.devices() }
}
