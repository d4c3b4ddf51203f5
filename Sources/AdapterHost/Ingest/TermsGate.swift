import AdapterProtocol
import HubCore
import HubStore
import Synchronization

/// Refuses device readings while the store's user has not accepted the current terms of use.
///
/// Acceptance cannot be withdrawn while the hub runs and the current version is fixed in the
/// build, so once it is seen it is remembered, and the check costs nothing on the hot path.
final class TermsGate: Sendable {
    private let accepted = Mutex(false)

    /// The error for the adapter, or nil when the current terms are accepted.
    func refusal(_ store: HubDatabase) async -> RPCError? {
        if accepted.withLock({ $0 }) { return nil }
        do {
            try await store.requireCurrentTerms()
            accepted.withLock { $0 = true }
            return nil
        } catch {
            // Not retryable: sending again changes nothing until the user accepts.
            return RPCError(.permissionDenied, "Permission denied: \(error)", retryable: false)
        }
    }
}
