import HubCore
import HubRecords
import HubStore
import Logging

/// The ingest's post-commit work: the weight tagger first (it claims each new reading for its profile), then the
/// goals those readings touch, then pushing what became due. Failures are logged; the batch is already stored.
public struct GoalsPostCommitHook: PostCommitHook {
    private let tagger: WeightPhaseTagger
    private let engine: GoalEngine
    private let dispatcher: NotificationDispatcher?
    private let clock: any HubClock
    private let logger = Logger(label: "kidneyhub.goals")

    /// A hook tagging with `tagger`, evaluating with `engine` at `clock`'s time, and pushing with `dispatcher`.
    public init(
        tagger: WeightPhaseTagger,
        engine: GoalEngine,
        dispatcher: NotificationDispatcher? = nil,
        clock: any HubClock = SystemClock()
    ) {
        self.tagger = tagger
        self.engine = engine
        self.dispatcher = dispatcher
        self.clock = clock
    }

    public func didCommit(_ outcome: IngestOutcome, device: DeviceIdentity) async {
        await tagger.didCommit(outcome, device: device)
        guard !outcome.storedIds.isEmpty else { return }
        do {
            _ = try await engine.evaluateTouched(measurementIds: outcome.storedIds, at: clock.now())
            if let dispatcher { _ = await dispatcher.deliverDue(at: clock.now()) }
        } catch {
            logger.error(
                "could not evaluate the goals of a batch from \(device.adapterId)/\(device.deviceId): \(error)"
            )
        }
    }
}
