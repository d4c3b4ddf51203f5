import Foundation
import Synchronization

/// A simulated FreeStyle Precision Neo speaking the shared HID protocol's bytes (devices.md §4.2):
/// INIT, text commands answered with CKSM and `CMD OK`, replies split into 62-byte 0x60 reports
/// with keepalive reports between them, `$result?` as a checksummed multi-record dump or
/// `Log Empty`. It builds its bytes itself, independently of the adapter's decoder.
///
/// Its records have the shapes the public descriptions give (glucometer-protocols
/// `abbott/freestyle-precision-neo.md` and `abbott/freestyle-libre.md`, Tidepool
/// `abbottFreeStyleNeo.js`): Neo glucose with `HI`/`LO`, β-ketone, insulin and clock-change
/// records; Libre history records of type 12, and result, ketone and clock-change records.
public final class SimulatedFreeStyleMeter: Sendable {
    /// One glucose result in the meter's memory.
    public struct Result: Sendable, Hashable {
        public var id: Int
        public var month: Int, day: Int, year: Int, hour: Int, minute: Int
        /// mg/dL, or "HI"/"LO".
        public var value: String
        public init(id: Int, month: Int, day: Int, year: Int, hour: Int, minute: Int, value: String) {
            (self.id, self.month, self.day, self.year, self.hour, self.minute, self.value) =
                (id, month, day, year, hour, minute, value)
        }
        /// `7,id,M,D,YY,h,m,unknown,value|HI|LO` + ten unknown fields (19 fields,
        /// glucometer-protocols `freestyle-precision-neo.md`); field 10 is 1 for a test of
        /// blood, 0 for control solution (Tidepool `abbottFreeStyleNeo.js` `isControlSolution`).
        var line: String {
            "7,\(id),\(month),\(day),\(year % 100),\(hour),\(minute),0,\(value),0,1,"
                + Array(repeating: "0", count: 8).joined(separator: ",")
        }
    }

    /// Faults to play on the next plug-ins.
    public struct Faults: Sendable, Hashable {
        /// Replies to `$result?` whose CKSM is wrong, before a good one.
        public var badResultChecksums = 0
        /// Pull the cable after this many reports of the `$result?` reply (once).
        public var disconnectAfterResultReports: Int?
        /// Stop sending after this many reports of the `$result?` reply until the cable is pulled (once).
        public var stallAfterResultReports: Int?
        /// The clock answers `$date?` with 255,255,255 (not set).
        public var clockNotSet = false
        /// `$date?` answers in a shape no meter is documented to use ("15.03.2024").
        public var garbledDate = false
        /// Add this to the record count of every dump's count line (meters whose count line
        /// disagrees with the records they send).
        public var recordCountOffset = 0
        public init() {}
    }

    /// The meter's state: what it holds and says.
    public struct State: Sendable {
        public var serial = "ABCD1234567"
        public var softwareVersion = "1.04"
        /// `$date?` and `$time?` fields: M,D,YY and H,M.
        public var date = (month: 3, day: 15, year: 24)
        public var time = (hour: 9, minute: 30)
        public var results: [Result] = []
        /// Other records in memory (ketone, insulin, clock change: see `neoKetoneLine` …), sent in
        /// the dump after the glucose results.
        public var otherRecords: [String] = []
        /// A Libre's `$history?` and `$arresult?` record lines (see `libreSensorLine`, `libreResultLine`).
        public var libreHistory: [String] = []
        public var libreResults: [String] = []
        public var faults = Faults()
        /// Put a keepalive report (`22 01 xx`) before each reply report.
        public var keepalives = true
        public init() {}
    }

    private let shared: SharedMeterState<State>
    private let server: SimulatedMeterServer

    /// Listens at `path` (what the hotplug event's `node` names as `unix:<path>`).
    public init(path: String, state: State = State()) throws {
        let shared = SharedMeterState(state)
        self.shared = shared
        self.server = try SimulatedMeterServer(path: path) { connection in
            Self.serve(connection, shared: shared)
        }
    }

    /// Changes what the meter holds or does next (between plug-ins).
    public func update(_ change: (inout State) -> Void) { shared.state.withLock { change(&$0) } }

    /// Every text command received so far.
    public var commands: [String] { shared.log.withLock { $0 } }

    /// How many replies have stopped on `Faults.stallAfterResultReports` (the meter is then silent until unplugged).
    public var stalledReplies: Int { shared.stalls.withLock { $0 } }

    public var path: String { server.path }

    /// Pulls the cable now, whatever the meter was doing.
    public func unplug() { server.unplugAll() }

    public func stop() { server.stop() }

    deinit { server.stop() }

    private static func serve(_ connection: MeterConnection, shared: SharedMeterState<State>) {
        while let report = connection.receive() {
            guard report.count >= 2 else { return }
            let type = report[0]
            let length = min(Int(report[1]), report.count - 2)
            let payload = Array(report[2..<2 + length])
            switch type {
            case 0x01:  // INIT → 71 01 01
                connection.send([0x71, 0x01, 0x01])
            case 0x60:
                let command = String(decoding: payload, as: UTF8.self)
                shared.log.withLock { $0.append(command) }
                if !answer(command, on: connection, shared: shared) { return }
            default:  // unknown type → 30 01 85
                connection.send([0x30, 0x01, 0x85])
            }
        }
    }

    /// Sends the reply; false when the cable was pulled.
    private static func answer(_ command: String, on connection: MeterConnection, shared: SharedMeterState<State>)
        -> Bool
    {
        let snapshot = shared.state.withLock { $0 }
        var corrupt = false
        var cutAfter: Int?
        var stallAfter: Int?
        let message: String?
        switch command {
        case "$serlnum?", "$sn?": message = snapshot.serial + "\r\n"
        case "$swver?": message = snapshot.softwareVersion + "\r\n"
        case "$date?":
            message =
                snapshot.faults.garbledDate
                ? "15.03.2024\r\n"
                : snapshot.faults.clockNotSet
                    ? "255,255,255\r\n" : "\(snapshot.date.month),\(snapshot.date.day),\(snapshot.date.year)\r\n"
        case "$time?": message = "\(snapshot.time.hour),\(snapshot.time.minute)\r\n"
        case "$result?", "$history?", "$arresult?":
            let lines =
                switch command {
                case "$history?": snapshot.libreHistory
                case "$arresult?": snapshot.libreResults
                default: snapshot.results.map(\.line) + snapshot.otherRecords
                }
            if lines.isEmpty {
                message = "Log Empty\r\n"
            } else {
                let records = lines.map { $0 + "\r\n" }.joined()
                message = records + "\(lines.count + snapshot.faults.recordCountOffset),\(hex8(sum(records)))\r\n"
            }
            shared.state.withLock { current in
                if current.faults.badResultChecksums > 0 {
                    corrupt = true
                    current.faults.badResultChecksums -= 1
                }
                cutAfter = current.faults.disconnectAfterResultReports
                current.faults.disconnectAfterResultReports = nil
                stallAfter = current.faults.stallAfterResultReports
                current.faults.stallAfterResultReports = nil
            }
        default: message = nil
        }
        let checksum = message.map { sum($0) &+ (corrupt ? 1 : 0) } ?? 0
        let reply = Array(
            ((message ?? "") + "CKSM:\(hex8(checksum))\r\n" + (message == nil ? "CMD Fail!\r\n" : "CMD OK\r\n")).utf8
        )
        var sent = 0
        for start in stride(from: 0, to: reply.count, by: 62) {
            if let cutAfter, sent >= cutAfter {
                connection.unplug()
                return false
            }
            if let stallAfter, sent >= stallAfter {
                shared.stalls.withLock { $0 += 1 }
                connection.stallUntilUnplugged()
                return false
            }
            if snapshot.keepalives { connection.send([0x22, 0x01, UInt8(sent & 0xFF)]) }
            let chunk = Array(reply[start..<min(start + 62, reply.count)])
            guard connection.send([0x60, UInt8(chunk.count)] + chunk) else { return false }
            sent += 1
        }
        return true
    }

    /// A Neo β-ketone record: `9,id,M,D,YY,h,m,unknown,value|HI,unknown` (glucometer-protocols
    /// `freestyle-precision-neo.md`), the value being mmol/L × 18; the last field is 1 for a test
    /// of blood (Tidepool `abbottFreeStyleNeo.js`).
    public static func neoKetoneLine(
        id: Int,
        month: Int,
        day: Int,
        year: Int,
        hour: Int,
        minute: Int,
        value: String
    ) -> String {
        "9,\(id),\(month),\(day),\(year % 100),\(hour),\(minute),0,\(value),1"
    }

    /// A Neo insulin record: `10,id,M,D,YY,h,m,unknown,insulin type,units,` + three unknown
    /// fields (glucometer-protocols `freestyle-precision-neo.md`).
    public static func neoInsulinLine(id: Int, month: Int, day: Int, year: Int, hour: Int, minute: Int, units: Int)
        -> String
    {
        "10,\(id),\(month),\(day),\(year % 100),\(hour),\(minute),0,1,\(units),0,0,0"
    }

    /// A Neo clock change: `6,id,` the new date and time, a valid flag, the old date and time
    /// (Tidepool `abbottFreeStyleNeo.js` `buildTimeChangeRecords`).
    public static func neoClockChangeLine(id: Int) -> String {
        "6,\(id),3,15,24,9,0,1,3,15,24,8,0"
    }

    /// A Libre `$history?` line (glucometer-protocols `freestyle-libre.md`): `id,12,M,D,YY,h,m,s,
    /// 1,0,0,0,first,value,sensor runtime minutes,error bits` (16 fields; 0x8000 = invalid).
    public static func libreSensorLine(
        id: Int,
        month: Int,
        day: Int,
        year: Int,
        hour: Int,
        minute: Int,
        value: Int,
        errors: Int = 0
    ) -> String {
        "\(id),12,\(month),\(day),\(year % 100),\(hour),\(minute),0,1,0,0,0,\(id == 1 ? 1 : 0),\(value),\(id * 15),\(errors)"
    }

    /// A Libre `$arresult?` type-2 line (glucometer-protocols `freestyle-libre.md`): reading type
    /// in field 9 (0 strip, 1 ketone, 2 scan), value 12, sensor flag 13, trend 14, sport 15,
    /// medication 16, food 25, errors 28, six quoted custom comments 29–34.
    public static func libreResultLine(
        id: Int,
        month: Int,
        day: Int,
        year: Int,
        hour: Int,
        minute: Int,
        readingType: Int,
        value: Int,
        food: Bool = false,
        errors: Int = 0
    ) -> String {
        var fields = Array(repeating: "0", count: 29)
        (fields[0], fields[1]) = ("\(id)", "2")
        (fields[2], fields[3], fields[4], fields[5], fields[6]) = (
            "\(month)", "\(day)", "\(year % 100)", "\(hour)", "\(minute)"
        )
        fields[8] = "1"
        (fields[9], fields[12], fields[13]) = ("\(readingType)", "\(value)", readingType == 2 ? "1" : "0")
        fields[14] = readingType == 2 ? "3" : "0"
        (fields[25], fields[28]) = (food ? "1" : "0", "\(errors)")
        let comments = ["\"Sport, morning\"", "\"\"", "\"\"", "\"\"", "\"\"", "\"\""]
        return (fields + comments).joined(separator: ",")
    }

    /// A Libre `$arresult?` type-5 line: the clock was changed; the new date and time in fields
    /// 2–7, the old one in 9–14, five unknown fields (glucometer-protocols `freestyle-libre.md`).
    public static func libreClockChangeLine(id: Int) -> String {
        "\(id),5,3,15,24,9,0,0,0,3,15,24,8,0,0,0,0,0,0,0"
    }

    private static func sum(_ text: String) -> UInt32 { text.utf8.reduce(0) { $0 &+ UInt32($1) } }
    private static func hex8(_ value: UInt32) -> String { String(format: "%08X", value) }
}
