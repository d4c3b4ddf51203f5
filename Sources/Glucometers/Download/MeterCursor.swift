/// The sync position stored by the hub for a meter (adapter-protocol.md §5.3): the newest record
/// number stored and that record's time, "v1:<number>@<YYYYMMDDhhmm>". The time tells a meter
/// whose memory was cleared (its numbers start again) from one that only gained records.
public struct MeterCursor: Sendable, Hashable, CustomStringConvertible {
    public var recordNumber: Int
    public var time: String

    public init(recordNumber: Int, time: String) {
        self.recordNumber = recordNumber
        self.time = time
    }

    /// Nil for a cursor this adapter did not write (then every reading is sent; the hub drops duplicates).
    public init?(_ text: String?) {
        guard let text, text.hasPrefix("v1:"), let at = text.firstIndex(of: "@"),
            let number = Int(text[text.index(text.startIndex, offsetBy: 3)..<at])
        else { return nil }
        recordNumber = number
        time = String(text[text.index(after: at)...])
    }

    public var description: String { "v1:\(recordNumber)@\(time)" }

    /// The cursor after `readings` (nil when there are none).
    public static func after(_ readings: [MeterReading]) -> MeterCursor? {
        guard let last = readings.max(by: { $0.recordNumber < $1.recordNumber }) else { return nil }
        return MeterCursor(recordNumber: last.recordNumber, time: last.time.compact)
    }

    /// The readings not yet stored: those after the cursor's record, or all of them when the
    /// cursor's record is no longer on the meter as it was (the memory was cleared).
    public static func newReadings(_ readings: [MeterReading], after cursor: MeterCursor?) -> [MeterReading] {
        let ordered = readings.sorted { $0.recordNumber < $1.recordNumber }
        guard let cursor else { return ordered }
        let anchor = ordered.first { $0.recordNumber == cursor.recordNumber }
        guard let anchor, anchor.time.compact == cursor.time else { return ordered }
        return ordered.filter { $0.recordNumber > cursor.recordNumber }
    }
}
