import AdapterProtocol
import Synchronization

/// Keeps a device's stored cursor from passing a batch that was not stored.
///
/// An adapter may have several batches unacknowledged. If one is refused (invalid records, a
/// full window, a failed write) while a later one commits, storing the later batch's cursor
/// would skip the refused records should the adapter die before sending them again. So while
/// any batch of a device stands refused, the batches stored meanwhile keep their cursors back;
/// when the last refused batch is finally stored, it is stored with the newest cursor (in the
/// order the batches first arrived) of those held back and its own (adapter-protocol.md §5.3).
final class CursorGuard: Sendable {
    private struct Cursor {
        var arrival: Int
        var value: String
    }

    private struct DeviceState {
        /// Refused batches not yet stored, with the order they first arrived in.
        var refused: [String: Int] = [:]
        var held: Cursor?
    }

    private struct State {
        var devices: [String: DeviceState] = [:]
        /// Set when a batch could not even be read: its device and records are unknown, so no
        /// cursor of this connection can be trusted any more.
        var holdAll = false
        var arrivals: [String: Int] = [:]
        var nextArrival = 0
    }
    private let state = Mutex(State())

    /// Notes a batch as it arrives, before anything else happens to it.
    func arrived(_ request: SubmitMeasurementsRequest) {
        state.withLock { state in
            guard state.arrivals[request.batchId] == nil else { return }
            state.arrivals[request.batchId] = state.nextArrival
            state.nextArrival += 1
        }
    }

    /// Stores no cursor for the rest of the connection: a batch arrived whose params could not be
    /// read, so which records it held, and for which device, is unknown (adapter-protocol.md §5.3).
    func holdAllCursors() {
        state.withLock { $0.holdAll = true }
    }

    /// The cursor to store with `request`, decided just before it is written.
    func cursorToStore(for request: SubmitMeasurementsRequest) -> String? {
        state.withLock { state in
            if state.holdAll { return nil }
            guard let device = state.devices[Self.key(request)], !device.refused.isEmpty else { return request.cursor }
            guard Set(device.refused.keys) == [request.batchId] else { return nil }
            let own = request.cursor.map { Cursor(arrival: state.arrivals[request.batchId] ?? 0, value: $0) }
            return Self.newest(device.held, own)?.value
        }
    }

    /// Records whether the batch was stored.
    func settle(_ request: SubmitMeasurementsRequest, stored: Bool) {
        state.withLock { state in
            let key = Self.key(request)
            var device = state.devices[key] ?? DeviceState()
            let arrival = state.arrivals[request.batchId] ?? 0
            if stored {
                device.refused.removeValue(forKey: request.batchId)
                if device.refused.isEmpty {
                    device.held = nil
                } else if let cursor = request.cursor {
                    // Still blocked by another refused batch: this batch's cursor waits too.
                    device.held = Self.newest(device.held, Cursor(arrival: arrival, value: cursor))
                }
                state.arrivals[request.batchId] = nil
            } else {
                device.refused[request.batchId] = arrival
            }
            state.devices[key] = device.refused.isEmpty ? nil : device
        }
    }

    /// The device whose cursor the batch carries: the batch's, else its first record's, as the
    /// store decides (`RecordValidation`).
    private static func key(_ request: SubmitMeasurementsRequest) -> String {
        request.device?.deviceId ?? request.records.first?.device?.deviceId ?? ""
    }

    private static func newest(_ a: Cursor?, _ b: Cursor?) -> Cursor? {
        guard let a else { return b }
        guard let b else { return a }
        return a.arrival >= b.arrival ? a : b
    }
}
