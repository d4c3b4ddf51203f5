import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubStore
import Logging

/// The one piece of work after readings are stored, whatever brought them (a device's batch, an import, a manual
/// entry): the weights among them are tagged pre or post dialysis, the goals they touch are evaluated and rewarded, a
/// meter's result beyond its range or a value beyond a critical threshold (`CriticalValueWatch`) raises an alert at
/// once, the profile's reading watches may notify (`ReadingWatchRun`), and what became due is pushed. Failures are logged; the readings are already stored.
public struct CarePostCommitWork: PostCommitHook {
    private let tagger: WeightPhaseTagger
    private let engine: GoalEngine
    private let store: HubDatabase
    private let dispatcher: NotificationDispatcher?
    private let clock: any HubClock
    /// Told first, as soon as a batch that stored readings is committed (a live page shows them without polling).
    private let announce: @Sendable () -> Void
    private let logger = Logger(label: "kidneyhub.goals")

    /// Work tagging with `tagger`, evaluating with `engine` at `clock`'s time, and pushing with `dispatcher`.
    public init(
        tagger: WeightPhaseTagger,
        engine: GoalEngine,
        dispatcher: NotificationDispatcher? = nil,
        clock: any HubClock = SystemClock(),
        announce: @escaping @Sendable () -> Void = {}
    ) {
        self.tagger = tagger
        self.engine = engine
        self.store = engine.store
        self.dispatcher = dispatcher
        self.clock = clock
        self.announce = announce
    }

    /// The work on `store` with its own tagger and engine, pushing through `dispatcher`.
    /// `announce` is told first after each commit that stored readings.
    public init(
        store: HubDatabase,
        dispatcher: NotificationDispatcher?,
        clock: any HubClock = SystemClock(),
        announce: @escaping @Sendable () -> Void = {}
    ) {
        self.init(
            tagger: WeightPhaseTagger(store: store),
            engine: GoalEngine(store: store),
            dispatcher: dispatcher,
            clock: clock,
            announce: announce
        )
    }

    public func didCommit(_ outcome: IngestOutcome, device: DeviceIdentity) async {
        if !outcome.storedIds.isEmpty { announce() }
        await tagger.didCommit(outcome, device: device)
        guard !outcome.storedIds.isEmpty else { return }
        do {
            _ = try await engine.evaluateTouched(measurementIds: outcome.storedIds, at: clock.now())
            if outcome.touchedKinds.contains(.bloodGlucose) { try await alertOutOfMeterRange(outcome.storedIds) }
            if !outcome.touchedKinds.isDisjoint(with: [.bloodPressure, .bloodGlucose]) {
                try await CriticalValueWatch(store: store).readingsStored(outcome.storedIds, at: clock.now())
            }
            if !outcome.touchedKinds.isDisjoint(with: WatchedReading.allCases.flatMap(\.kinds)) {
                try await ReadingWatchRun(store: store).readingsStored(outcome.storedIds, at: clock.now())
            }
            if let dispatcher { _ = await dispatcher.deliverDue(at: clock.now()) }
        } catch {
            logger.error(
                "could not evaluate the goals of a batch from \(device.adapterId)/\(device.deviceId): \(error)"
            )
        }
    }

    /// Queues an alert for each new glucose result beyond its meter's range, in its owner's feed (or the hub-wide feed
    /// while the meter is nobody's), on the owner's wall clock; each reading's alert is keyed, so it is raised once.
    private func alertOutOfMeterRange(_ measurementIds: [Int64]) async throws {
        for owned in try await store.outOfMeterRange(measurementIds: measurementIds) {
            let zone = try await timeZone(of: owned)
            guard
                let draft = MeterRangeAlert.draft(
                    owned.reading.measurement,
                    measurementId: owned.reading.id,
                    timeZone: zone
                )
            else { continue }
            _ = try await store.postNotification(draft, profileId: owned.profileId, atMs: clock.now(), timeZone: zone)
        }
    }

    /// The owner's time zone, else the offset the reading was taken at.
    private func timeZone(of owned: OwnedReading) async throws -> TimeZone {
        if let profileId = owned.profileId,
            let profile = try await store.profiles().first(where: { $0.id == profileId }),
            let zone = TimeZone(identifier: profile.profile.timeZoneIdentifier)
        {
            return zone
        }
        return TimeZone(secondsFromGMT: owned.reading.measurement.utcOffsetSeconds) ?? .gmt
    }

    /// Tags every assigned weight still without a phase: the batches whose work a process that exited early (a
    /// command's in-process hub) never reached.
    public func catchUp() async {
        do {
            try await tagger.tagPending()
        } catch {
            logger.error("could not tag the pending weights: \(error)")
        }
    }
}
