/// The sync position stored by the hub for a meter (adapter-protocol.md §5.3): for each record
/// stream of the meter, the newest record number stored and that record's time:
/// "v1:<number>@<YYYYMMDDhhmm>" for a meter with one stream (Neo, Contour), and
/// "v1:<stream>:<number>@<time>,<stream>:<number>@<time>" for one with several (Libre:
/// `history`, `arresult`). The time tells a meter whose memory was cleared (its numbers start
/// again) from one that only gained records.
public struct MeterCursor: Sendable, Hashable, CustomStringConvertible {
    /// Where one stream stands.
    public struct Anchor: Sendable, Hashable {
        public var recordNumber: Int
        public var time: String
        public init(recordNumber: Int, time: String) {
            self.recordNumber = recordNumber
            self.time = time
        }
    }

    /// By stream name ("" for a meter's only stream).
    public var anchors: [String: Anchor]

    public init(anchors: [String: Anchor]) {
        self.anchors = anchors
    }

    /// Nil for a cursor this adapter did not write (then every reading is sent; the hub drops duplicates).
    public init?(_ text: String?) {
        guard let text, text.hasPrefix("v1:") else { return nil }
        var anchors: [String: Anchor] = [:]
        for entry in text.dropFirst(3).split(separator: ",") {
            let parts = entry.split(separator: ":", maxSplits: 1)
            let stream = parts.count == 2 ? String(parts[0]) : ""
            let position = parts.count == 2 ? parts[1] : parts[0]
            let halves = position.split(separator: "@")
            guard halves.count == 2, let number = Int(halves[0]), anchors[stream] == nil else { return nil }
            anchors[stream] = Anchor(recordNumber: number, time: String(halves[1]))
        }
        guard !anchors.isEmpty else { return nil }
        self.anchors = anchors
    }

    public var description: String {
        "v1:"
            + anchors.sorted { $0.key < $1.key }.map { stream, anchor in
                (stream.isEmpty ? "" : "\(stream):") + "\(anchor.recordNumber)@\(anchor.time)"
            }.joined(separator: ",")
    }

    /// The cursor after storing `readings` on top of `previous`: each stream's newest record; a
    /// stream with no new readings keeps its anchor. Nil when there is nothing to record.
    public static func after(_ readings: [MeterReading], previous: MeterCursor? = nil) -> MeterCursor? {
        var anchors = previous?.anchors ?? [:]
        for (stream, group) in Dictionary(grouping: readings, by: \.stream) {
            guard let last = group.max(by: { $0.recordNumber < $1.recordNumber }) else { continue }
            anchors[stream] = Anchor(recordNumber: last.recordNumber, time: last.time.compact)
        }
        return anchors.isEmpty ? nil : MeterCursor(anchors: anchors)
    }

    /// The readings not yet stored: in each stream, those after the cursor's record, or all of the
    /// stream when its cursor record is no longer on the meter as it was (the memory was cleared).
    public static func newReadings(_ readings: [MeterReading], after cursor: MeterCursor?) -> [MeterReading] {
        let ordered = readings.sorted { ($0.stream, $0.recordNumber) < ($1.stream, $1.recordNumber) }
        guard let cursor else { return ordered }
        // Decided once per stream, not per reading (a Libre's history holds thousands of records).
        let intactStreams = Set(
            cursor.anchors.compactMap { stream, anchor in
                ordered.contains {
                    $0.stream == stream && $0.recordNumber == anchor.recordNumber && $0.time.compact == anchor.time
                } ? stream : nil
            }
        )
        return ordered.filter { reading in
            guard let anchor = cursor.anchors[reading.stream], intactStreams.contains(reading.stream) else {
                return true
            }
            return reading.recordNumber > anchor.recordNumber
        }
    }
}
