import AdapterProtocol
import Dispatch
import Synchronization

/// What a parser hands on while it reads: records, problems and progress.
///
/// Parsers are synchronous (libxml2's callbacks, a FIT byte loop) and run on a thread of their own
/// (`ImportDriver`); this buffers their records per device into batches of the hub's size and
/// passes each full batch to the async side, waiting while `maxPending` batches are in flight, so
/// a parser never runs ahead of the hub by more than that (bounded memory on a file of any size).
public final class ImportOutput: Sendable {
    /// One thing the parser thread passes to the submitting side.
    enum Event: Sendable {
        case records(DeviceIdentity, [MeasurementRecord])
        case problem(ImportProblem)
        case progress(done: Int, total: Int)
    }

    private struct Buffers {
        /// Each device's records not yet sent, in the order the devices first appeared.
        var pending: [(device: DeviceIdentity, records: [MeasurementRecord])] = []
        var slotOfDevice: [String: Int] = [:]
        /// The previous record's slot: records come in runs of one device, and a device id is hashed
        /// only when the device changes.
        var lastSlot: Int?
        var lastProgress: Int = -1

        mutating func slot(of device: DeviceIdentity) -> Int {
            if let lastSlot, pending[lastSlot].device.deviceId == device.deviceId { return lastSlot }
            let slot =
                slotOfDevice[device.deviceId]
                ?? {
                    pending.append((device, []))
                    slotOfDevice[device.deviceId] = pending.count - 1
                    return pending.count - 1
                }()
            lastSlot = slot
            return slot
        }
    }

    let batchSize: Int
    private let continuation: AsyncStream<Event>.Continuation
    let events: AsyncStream<Event>
    private let slots: DispatchSemaphore
    private let maxPending: Int
    private let stopped = Atomic<Bool>(false)
    // Only the parser thread touches the buffers; the lock makes that provable to the compiler.
    private let buffers = Mutex(Buffers())

    /// Records go out in batches of `batchSize`; at most `maxPending` events wait to be handled.
    public init(batchSize: Int, maxPending: Int = 8) {
        self.batchSize = max(1, batchSize)
        self.maxPending = max(1, maxPending)
        (events, continuation) = AsyncStream.makeStream(of: Event.self)
        // Created at zero and raised to the window: libdispatch traps when a semaphore is freed below
        // its initial value, which a parser that stopped early would otherwise leave it.
        slots = DispatchSemaphore(value: 0)
        for _ in 0..<self.maxPending { slots.signal() }
    }

    /// Adds one record of `device`; blocks while the hub is behind. Throws `ImportStopped` once the
    /// submitting side gave up (a refused batch, cancellation).
    public func add(_ record: MeasurementRecord, device: DeviceIdentity) throws {
        let full: [MeasurementRecord]? = buffers.withLock { buffers in
            let slot = buffers.slot(of: device)
            if buffers.pending[slot].records.isEmpty { buffers.pending[slot].records.reserveCapacity(batchSize) }
            buffers.pending[slot].records.append(record)
            guard buffers.pending[slot].records.count >= batchSize else { return nil }
            defer { buffers.pending[slot].records = [] }
            return buffers.pending[slot].records
        }
        if let full { try send(.records(device, full)) }
    }

    /// The `location` of a problem entry that counts records left out on purpose (a type the hub
    /// does not keep), one entry per type: "skipped: 12,480 HKQuantityTypeIdentifierBasalEnergyBurned".
    public static let skippedLocation = "(skipped)"
    /// The `location` of a problem entry that says what an import found where ("found: 31 files in
    /// Takeout/Fitbit/Global Export Data …"); not a problem, a line of the report.
    public static let foundLocation = "(found)"

    /// `12480` → "12,480", as the report prints counts.
    public static func grouped(_ count: Int) -> String {
        let digits = Array(String(count))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }

    /// Reports a record that could not be read.
    public func problem(_ location: String, _ reason: String, kind: String? = nil) throws {
        try send(.problem(ImportProblem(location: location, reason: reason, kind: kind)))
    }

    /// Reports how far the parser is, in bytes (or files); sent only when it moved by 0.5 % or more.
    public func progress(done: Int, total: Int) throws {
        let step = max(1, total / 200)
        let due = buffers.withLock { buffers in
            guard done - buffers.lastProgress >= step || done == total else { return false }
            buffers.lastProgress = done
            return true
        }
        if due { try send(.progress(done: done, total: total)) }
    }

    /// Sends the records still buffered, device by device.
    public func flush() throws {
        let pending = buffers.withLock { buffers in
            let pending = buffers.pending.filter { !$0.records.isEmpty }.sorted {
                $0.device.deviceId < $1.device.deviceId
            }
            for slot in buffers.pending.indices { buffers.pending[slot].records = [] }
            return pending
        }
        for (device, records) in pending { try send(.records(device, records)) }
    }

    /// True once the submitting side has stopped taking events.
    public var isStopped: Bool { stopped.load(ordering: .acquiring) }

    private func send(_ event: Event) throws(ImportStopped) {
        slots.wait()
        if isStopped { throw ImportStopped() }
        continuation.yield(event)
    }

    /// The parser thread is done (normally or not): no more events.
    func finish() { continuation.finish() }

    /// Called by the submitting side after handling one event.
    func handled() { slots.signal() }

    /// The submitting side stops: wakes the parser so it throws `ImportStopped` at its next event.
    func stop() {
        stopped.store(true, ordering: .releasing)
        for _ in 0...maxPending { slots.signal() }
    }
}

/// Thrown into a parser when the submitting side has stopped; never reported as a file problem.
public struct ImportStopped: Error, Sendable {}
