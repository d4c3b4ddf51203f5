import Synchronization

/// The last bytes an adapter wrote to stderr, kept for crash reports; bounded so that a chatty
/// adapter cannot grow the hub's memory (architecture.md §2 S1: 64 KiB ring).
final class StderrTail: Sendable {
    private let capacity: Int
    private let bytes = Mutex<[UInt8]>([])

    init(capacity: Int = 64 * 1024) {
        self.capacity = capacity
    }

    func append(_ chunk: some Collection<UInt8>) {
        bytes.withLock { buffer in
            buffer.append(contentsOf: chunk)
            if buffer.count > capacity { buffer.removeFirst(buffer.count - capacity) }
        }
    }

    /// The kept text, oldest first.
    var text: String {
        bytes.withLock { String(decoding: $0, as: UTF8.self) }
    }
}
