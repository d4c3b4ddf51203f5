import Foundation
import Synchronization

/// A simulated Ascensia Contour USB speaking ASTM E1381/E1394 in HID reports (devices.md §4.3):
/// it answers the host's wake-up with ENQ, sends its header, patient, result and terminator
/// records one frame each (frame numbers from 1, mod 8, ETB then ETX on the last, mod-256
/// checksums), sends a frame again on NAK up to six times, and ends with EOT. It builds its bytes
/// itself, independently of the adapter's decoder.
///
/// `wakeUp` `.headerThenENQ` plays the captured answer to the wake-up instead (glucometerutils
/// `drivers/tests/test_contourusb.py`: EOT, the header as frame 1 and ENQ in one message), after
/// which the transfer goes on at frame 2; `repeatENQ` sends ENQ once more after the host's ACK.
public final class SimulatedContourMeter: Sendable {
    /// One result in the meter's memory.
    public struct Result: Sendable, Hashable {
        public var sequence: Int
        /// As the meter prints it, e.g. "95" or "5.3".
        public var value: String
        /// "mg/dL" or "mmol/L".
        public var unit: String
        /// e.g. "B/M1", "C" (control solution), "" for none.
        public var markers: String
        /// YYYYMMDDhhmm.
        public var time: String
        public init(sequence: Int, value: String, unit: String = "mg/dL", markers: String = "", time: String) {
            (self.sequence, self.value, self.unit, self.markers, self.time) = (sequence, value, unit, markers, time)
        }
    }

    /// Faults to play on the next plug-ins.
    public struct Faults: Sendable {
        /// Answer this many wake-ups with NAK (busy) before ENQ.
        public var busyNAKs = 0
        /// Corrupt the checksum of frame number `frame` (index in the transfer, 0 = header) on its
        /// first `times` transmissions.
        public var corruptFrame: (index: Int, times: Int)? {
            get { corruptFrameIndex.map { ($0, corruptTimes) } }
            set {
                corruptFrameIndex = newValue?.index
                corruptTimes = newValue?.times ?? 0
            }
        }
        var corruptFrameIndex: Int?
        var corruptTimes = 0
        /// Pull the cable after sending this many frames (once).
        public var disconnectAfterFrames: Int?
        public init() {}
    }

    /// How the meter answers the host's first EOT.
    public enum WakeUp: Sendable, Hashable {
        /// A bare ENQ; the header follows as frame 1 after the host's ACK.
        case enqOnly
        /// EOT, the header frame and ENQ in one message, as captured from a Contour USB; the
        /// transfer then continues at frame 2.
        case headerThenENQ
    }

    /// The meter's state.
    public struct State: Sendable {
        public var wakeUp = WakeUp.enqOnly
        /// Answer the host's ACK of the first ENQ with another ENQ (once per plug-in).
        public var repeatENQ = false
        public var product = "Bayer7390"
        public var serial = "7390-2336773"
        /// Header field 13, YYYYMMDDhhmm.
        public var meterTime = "202403150930"
        public var results: [Result] = []
        public var faults = Faults()
        public init() {}
    }

    /// Sends of one frame before the meter aborts: ASTM E1381's retransmission rule, six attempts
    /// (restated in CLSI LIS01-A2).
    static let frameAttempts = 6

    private let shared: SharedMeterState<State>
    private let server: SimulatedMeterServer

    /// Listens at `path`.
    public init(path: String, state: State = State()) throws {
        let shared = SharedMeterState(state)
        self.shared = shared
        self.server = try SimulatedMeterServer(path: path) { connection in
            Self.serve(connection, shared: shared)
        }
    }

    /// Changes what the meter holds or does next.
    public func update(_ change: (inout State) -> Void) { shared.state.withLock { change(&$0) } }

    /// What the host sent, one entry per control character ("EOT", "ACK", "NAK", …).
    public var hostControls: [String] { shared.log.withLock { $0 } }

    public var path: String { server.path }

    public func stop() { server.stop() }

    deinit { server.stop() }

    /// The record texts of one transfer: header, patient, results, terminator.
    static func records(_ state: State) -> [String] {
        let config =
            "A=1^C=63^G=1^I=0200^R=0^S=1^U=0^V=10600^X=070070070070180130150250^Y=360126090050099050300089^Z=1"
        let header =
            "H|\\^&||7w3LBL|\(state.product)^01.24\\01.04\\09.02.20^\(state.serial)^7403-|\(config)|\(state.results.count)||||||1|\(state.meterTime)"
        let results = state.results.map {
            "R|\($0.sequence)|^^^Glucose|\($0.value)|\($0.unit)^P||\($0.markers)||\($0.time)"
        }
        return [header, "P|1"] + results + ["L|1||N"]
    }

    /// `STX FN text CR ETB|ETX C1 C2 CR LF`, checksum over FN…ETB/ETX mod 256.
    static func frame(_ text: String, index: Int, final: Bool, corrupt: Bool) -> [UInt8] {
        let body = [UInt8(ascii: "0") + UInt8((index + 1) % 8)] + Array(text.utf8) + [0x0D, final ? 0x03 : 0x17]
        let sum = body.reduce(UInt8(0)) { $0 &+ $1 } &+ (corrupt ? 1 : 0)
        return [0x02] + body + Array(String(format: "%02X", sum).utf8) + [0x0D, 0x0A]
    }

    /// Sends a message as 60-byte report payloads behind a 3-byte header and a length byte; a
    /// message filling its last report exactly is followed by an empty one, so the host knows it ended.
    static func sendMessage(_ bytes: [UInt8], on connection: MeterConnection) -> Bool {
        var start = 0
        while true {
            let chunk = Array(bytes[start..<min(start + 60, bytes.count)])
            guard connection.send([0x00, 0x00, 0x00, UInt8(chunk.count)] + chunk) else { return false }
            if chunk.count < 60 { return true }
            start += 60
        }
    }

    private static func serve(_ connection: MeterConnection, shared: SharedMeterState<State>) {
        enum Phase { case idle, offered(repeatPending: Bool), sending(index: Int, attempts: Int) }
        var phase = Phase.idle
        var framesSent = 0
        let snapshot = shared.state.withLock { $0 }
        let texts = records(snapshot)
        func sendFrame(_ index: Int, attempt: Int) -> Bool {
            if let cut = snapshot.faults.disconnectAfterFrames, framesSent >= cut {
                shared.state.withLock { $0.faults.disconnectAfterFrames = nil }
                connection.unplug()
                return false
            }
            var corrupt = false
            if snapshot.faults.corruptFrameIndex == index {
                corrupt = attempt <= snapshot.faults.corruptTimes
            }
            framesSent += 1
            return sendMessage(
                frame(texts[index], index: index, final: index == texts.count - 1, corrupt: corrupt),
                on: connection
            )
        }
        while let report = connection.receive() {
            guard report.count >= 4 else { return }
            let payload = report[4..<4 + min(Int(report[3]), report.count - 4)]
            for byte in payload {
                shared.log.withLock { $0.append(name(byte)) }
                switch (phase, byte) {
                case (.idle, _):
                    let busy = shared.state.withLock { current in
                        guard current.faults.busyNAKs > 0 else { return false }
                        current.faults.busyNAKs -= 1
                        return true
                    }
                    if busy {
                        guard sendMessage([0x15], on: connection) else { return }
                        continue
                    }
                    if snapshot.wakeUp == .headerThenENQ {
                        // The captured shape: EOT, header frame 1, ENQ in one message.
                        let header = frame(texts[0], index: 0, final: false, corrupt: false)
                        framesSent += 1
                        guard sendMessage([0x04] + header + [0x05], on: connection) else { return }
                    } else {
                        guard sendMessage([0x05], on: connection) else { return }
                    }
                    phase = .offered(repeatPending: snapshot.repeatENQ)
                case (.offered(true), 0x06):
                    guard sendMessage([0x05], on: connection) else { return }
                    phase = .offered(repeatPending: false)
                case (.offered(false), 0x06):
                    let first = snapshot.wakeUp == .headerThenENQ ? 1 : 0
                    guard sendFrame(first, attempt: 1) else { return }
                    phase = .sending(index: first, attempts: 1)
                case (.sending(let index, _), 0x06):
                    if index + 1 == texts.count {
                        _ = sendMessage([0x04], on: connection)
                        if snapshot.faults.corruptFrameIndex != nil {
                            shared.state.withLock { $0.faults.corruptFrame = nil }  // a fault plays once
                        }
                        phase = .idle
                        return
                    }
                    guard sendFrame(index + 1, attempt: 1) else { return }
                    phase = .sending(index: index + 1, attempts: 1)
                case (.sending(let index, let attempts), 0x15):
                    guard attempts < frameAttempts else {
                        _ = sendMessage([0x04], on: connection)  // abort the transfer
                        phase = .idle
                        continue
                    }
                    guard sendFrame(index, attempt: attempts + 1) else { return }
                    phase = .sending(index: index, attempts: attempts + 1)
                default:
                    continue
                }
            }
        }
    }

    private static func name(_ byte: UInt8) -> String {
        switch byte {
        case 0x04: "EOT"
        case 0x05: "ENQ"
        case 0x06: "ACK"
        case 0x15: "NAK"
        default: String(format: "0x%02X", byte)
        }
    }
}
