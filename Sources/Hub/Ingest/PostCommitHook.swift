import HubStore

/// Runs after a batch is committed and acknowledged: the goals and rewards engine fills it in
/// (architecture.md, "The ingest path" step 5). It must be idempotent, since a batch of
/// duplicates calls it too.
public protocol PostCommitHook: Sendable {
    /// Called once per committed batch with what it stored.
    func didCommit(_ outcome: IngestOutcome, device: HubStore.DeviceIdentity) async
}

/// The hook until goals exist: nothing to evaluate yet.
public struct NoPostCommitWork: PostCommitHook {
    public init() {}
    public func didCommit(_ outcome: IngestOutcome, device: HubStore.DeviceIdentity) async {}
}

/// Runs the hook for each committed batch, one at a time and in commit order, apart from the
/// batch's acknowledgement: evaluating goals must never hold back an adapter's window.
final class PostCommitQueue: Sendable {
    private let entries: AsyncStream<(IngestOutcome, HubStore.DeviceIdentity)>.Continuation

    init(_ hook: any PostCommitHook) {
        let (stream, continuation) = AsyncStream.makeStream(of: (IngestOutcome, HubStore.DeviceIdentity).self)
        entries = continuation
        Task {
            for await (outcome, device) in stream { await hook.didCommit(outcome, device: device) }
        }
    }

    deinit {
        entries.finish()
    }

    func enqueue(_ outcome: IngestOutcome, device: HubStore.DeviceIdentity) {
        entries.yield((outcome, device))
    }
}
