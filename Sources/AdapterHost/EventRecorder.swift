import HubRecords
import HubStore
import Logging

/// Writes supervisor events and adapter states to the store one at a time, in order, off the
/// supervisor's path (a slow disk must not delay a restart).
final class EventRecorder: Sendable {
    private enum Entry {
        case event(SupervisorEvent, SupervisorState)
        case flush(CheckedContinuation<Void, Never>)
    }
    private let entries: AsyncStream<Entry>.Continuation

    init(store: HubDatabase) {
        let (stream, continuation) = AsyncStream.makeStream(of: Entry.self)
        entries = continuation
        let logger = Logger(label: "kidneyhub.events")
        Task {
            for await entry in stream {
                switch entry {
                case .event(let event, let state):
                    do {
                        let now = HubService.nowMs()
                        _ = try await store.recordAdapterEvent(
                            AdapterEvent(
                                adapterId: event.adapterId,
                                atMs: now,
                                kind: event.kind,
                                message: event.message,
                                detail: event.detail
                            )
                        )
                        try await store.setAdapterState(id: event.adapterId, state: state.stored, atMs: now)
                    } catch {
                        logger.error("could not record adapter event \(event.kind.rawValue): \(error)")
                    }
                case .flush(let done):
                    done.resume()
                }
            }
        }
    }

    deinit {
        entries.finish()
    }

    func record(_ event: SupervisorEvent, state: SupervisorState) {
        entries.yield(.event(event, state))
    }

    /// Returns once every event recorded before the call is written.
    func flush() async {
        await withCheckedContinuation { entries.yield(.flush($0)) }
    }
}
