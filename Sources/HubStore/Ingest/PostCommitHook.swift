import HubRecords

/// Runs after a batch is committed and acknowledged: the goals and rewards engine fills it in
/// (architecture.md, "The ingest path" step 5). It must be idempotent, since a batch of
/// duplicates calls it too.
public protocol PostCommitHook: Sendable {
    /// Called once per committed batch with what it stored.
    func didCommit(_ outcome: IngestOutcome, device: DeviceIdentity) async
}

/// The hook until goals exist: nothing to evaluate yet.
public struct NoPostCommitWork: PostCommitHook {
    public init() {}
    public func didCommit(_ outcome: IngestOutcome, device: DeviceIdentity) async {}
}
