import Synchronization

/// Readings committed by this process, announced at once to whoever listens (the web app's open Today pages): the
/// one post-commit work (`HubApplication.postCommitWork()`) calls `announce()` after each batch is stored, whatever
/// brought it (a device, an import, an entry by hand). A listener then reads what arrived for its own profile; readings
/// stored by another process (a `kidneyhub import` beside `serve`) are not announced, so a listener also looks now
/// and then.
public final class ReadingArrivals: Sendable {
    private let listeners = Mutex<(next: Int, continuations: [Int: AsyncStream<Void>.Continuation])>((0, [:]))

    /// No listener yet.
    public init() {}

    /// A stream that yields after each batch this process commits from now on; several commits before the listener
    /// looks come as one (it reads what arrived since its last look). Ends when the listener stops iterating it.
    public func stream() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let id = listeners.withLock { state in
            let id = state.next
            state.next += 1
            state.continuations[id] = continuation
            return id
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.listeners.withLock { $0.continuations.removeValue(forKey: id) }
        }
        return stream
    }

    /// Wakes every listener: a batch of readings was committed.
    public func announce() {
        for continuation in listeners.withLock({ Array($0.continuations.values) }) { continuation.yield() }
    }

    /// How many listen now.
    public var listenerCount: Int { listeners.withLock { $0.continuations.count } }
}
