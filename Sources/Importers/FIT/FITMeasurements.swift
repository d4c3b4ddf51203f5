import AdapterProtocol

/// Turns the messages of one FIT file (all its chained parts) into measurement records (devices.md §6.2,
/// message numbers and fields from Garmin's profile): `record` heart rates (activity files), `hr` beats
/// (chest straps), `monitoring` steps and heart rates (all-day files), `weight_scale` weights and body fat
/// and `blood_pressure` readings, each of the last two with the user slot it was taken for.
///
/// A message that cannot become a record is refused on its own, with the reason, in `problems`: no time
/// stamp, a relative time stamp the file gives no way to convert, an invalid sentinel, an impossible
/// value, or a record id already read with another value (a conflict). One problem is one skipped record.
public struct FITMeasurements {
    /// One record and the device (the `file_id` of its part of the file) it came from.
    public struct Item: Sendable, Hashable {
        /// The device of the `file_id` of the record's part (or of an earlier part when it has none).
        public var device: DeviceIdentity
        /// The record as it is submitted.
        public var record: MeasurementRecord
    }

    /// The device of the first part of the file (from `file_id`).
    public var device: DeviceIdentity
    /// The records, in file order, each with its device.
    public private(set) var items: [Item] = []
    /// Messages that could not become records, with the reason: one entry per skipped record.
    public var problems: [(offset: Int, reason: String, kind: String)] = []

    /// The records, in file order.
    public var records: [MeasurementRecord] { items.map(\.record) }
    /// How many records were skipped (each one is listed in `problems`).
    public var skipped: Int { problems.count }

    // Global message numbers and field numbers: Garmin FIT profile (devices.md §6.2; garmin-fit-sdk Profile).
    static let fileIdMessage: UInt16 = 0
    static let recordMessage: UInt16 = 20
    static let weightScaleMessage: UInt16 = 30
    static let bloodPressureMessage: UInt16 = 51
    static let monitoringMessage: UInt16 = 55
    static let monitoringInfoMessage: UInt16 = 103
    static let heartRateMessage: UInt16 = 132
    static let timestampCorrelationMessage: UInt16 = 162
    /// Monitoring activity types whose `cycles` are steps (profile subfield `steps`: running 1, walking 6).
    static let stepActivityTypes: Set<Int> = [1, 6]
    /// `date_time` values below this are seconds since the device powered on, not since the FIT epoch
    /// (profile type `date_time`: "min" 0x10000000).
    static let relativeTimeLimit: Int64 = 0x1000_0000
    /// `weight` 0xFFFE is the profile's "calculating": the scale had not settled (profile type `weight`).
    static let weightCalculating: Double = 0xFFFE
    /// Heart rates outside this range are not a person's (0 is a strap without skin contact); the upper
    /// bound is above any recorded human maximum, so only values no body produces are refused.
    static let heartRateRange: ClosedRange<Double> = 1...300
    /// Blood pressures outside this range (mmHg) are not a reading; values a device can measure in a crisis stay in.
    static let bloodPressureRange: ClosedRange<Double> = 1...350

    /// Reads the messages of the file named `fileName` (used in record ids only when `file_id` has no serial).
    public init(messages: [FITDecoder.Message], fileName: String) {
        let firstFileId = messages.first { $0.globalNumber == Self.fileIdMessage }
        device = Self.device(firstFileId, fileName: fileName)
        var reader = Reader(correlations: { messages.compactMap(Self.correlation) }, device: device, fileName: fileName)
        for message in messages { reader.read(message) }
        items = reader.items
        problems = reader.problems
    }

    /// Reads a whole FIT file (all its chained parts) as it decodes it, handing on each record and each
    /// skipped message as soon as its message is read, so neither the decoded messages nor the records of
    /// the file are held (only the file's bytes and, for the conflict check, each record id with a
    /// fingerprint of its record). The records and problems are the same, in the same order, as those of
    /// `init(messages:fileName:)` on the decoded file.
    ///
    /// Throws `FITDecoder.Failure` before handing on anything when the file cannot be read (every part's
    /// header, CRCs and record structure are checked first), and whatever `record` or `problem` throws.
    public static func read(
        _ bytes: [UInt8],
        fileName: String,
        record: (Item) throws -> Void,
        problem: ((offset: Int, reason: String, kind: String)) throws -> Void
    ) throws {
        let start = try FITDecoder.MessageReader(bytes)
        var lookahead = start
        var firstFileId: FITDecoder.Message?
        // The file_id is the first message of a FIT file; this stops there.
        while let message = lookahead.next() {
            if message.globalNumber == fileIdMessage {
                firstFileId = message
                break
            }
        }
        // Relative time stamps are rare (files of devices without a clock fix); their correlations are
        // looked up by a second pass over the file only when the first such stamp is met.
        var state = Reader(
            correlations: {
                var pass = start
                var found: [(part: Int, offset: Int, delta: Int64)] = []
                while let message = pass.next() { if let entry = correlation(message) { found.append(entry) } }
                return found
            },
            device: device(firstFileId, fileName: fileName),
            fileName: fileName
        )
        var messages = start
        while let message = messages.next() {
            state.read(message)
            if !state.problems.isEmpty {
                for entry in state.problems { try problem(entry) }
                state.problems.removeAll(keepingCapacity: true)
            }
            if !state.items.isEmpty {
                for item in state.items { try record(item) }
                state.items.removeAll(keepingCapacity: true)
            }
        }
    }

    /// A `timestamp_correlation` message as (part, offset, FIT time minus system time), nil for any other
    /// message. A relative time stamp is converted with the last one before it in its part, or the first
    /// one after it.
    static func correlation(_ message: FITDecoder.Message) -> (part: Int, offset: Int, delta: Int64)? {
        guard message.globalNumber == timestampCorrelationMessage, let utc = message[FITDecoder.timestampField],
            let system = message[1], Int64(utc) >= relativeTimeLimit
        else { return nil }
        return (message.part, message.offset, Int64(utc) - Int64(system))
    }

    static func device(_ fileId: FITDecoder.Message?, fileName: String) -> DeviceIdentity {
        let manufacturer = fileId?[1].map { Int($0) }
        let product = fileId?[2].map { Int($0) }
        let serial = fileId?[3].map { String(UInt64($0)) }
        // Without a serial the file itself is the only stable name; records from two such files of one
        // device then count as two devices, which is what can be known.
        let deviceKey = serial ?? "file-\(fileName)"
        return DeviceIdentity(
            deviceId: "fit-\(manufacturer.map(String.init) ?? "unknown")-\(deviceKey)",
            manufacturer: manufacturer == 1 ? "Garmin" : manufacturer.map { "FIT manufacturer \($0)" },
            model: product.map { "product \($0)" },
            serial: serial
        )
    }

    /// RFC 3339 (UTC) of a FIT `date_time` (seconds since 1989-12-31T00:00:00Z).
    static func text(_ fitSeconds: Int64) -> String {
        CivilTime.rfc3339(epochSeconds: fitSeconds + FITDecoder.epochOffset, offsetSeconds: 0)
    }

    /// RFC 3339 (UTC) of FIT milliseconds, with the milliseconds (heart beats are less than a second apart).
    static func text(milliseconds fitMilliseconds: Int64) -> String {
        let seconds = fitMilliseconds.quotientAndRemainder(dividingBy: 1000)
        let (whole, fraction) =
            seconds.remainder < 0 ? (seconds.quotient - 1, seconds.remainder + 1000) : seconds
        let text = Self.text(whole)
        let digits = String(fraction)
        return text.dropLast() + "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
    }
}

/// The state of one pass over a file's messages.
private struct Reader {
    /// Finds the file's `timestamp_correlation` messages, called at most once: on the first relative time stamp.
    let findCorrelations: () -> [(part: Int, offset: Int, delta: Int64)]
    var foundCorrelations: [(part: Int, offset: Int, delta: Int64)]?
    var device: DeviceIdentity
    let fileName: String
    var items: [FITMeasurements.Item] = []
    var problems: [(offset: Int, reason: String, kind: String)] = []

    var part = 0
    var lastFullTimestamp: Int64?
    var periodStart: Int64?
    var lastSteps: [Int: (value: Double, time: Int64)] = [:]
    /// Every record id read so far, per device → what the record held and where it was, to tell a repeated
    /// record (passed on: the hub counts it as a duplicate) from a conflict (another value: refused here).
    var seen: [String: [String: SeenRecord]] = [:]
    /// `hr` messages: the anchor (a message with a time stamp and one event) places every later beat;
    /// `event_timestamp` accumulates in 1/1024 s, `event_timestamp_12` adds 12 bits at a time (profile
    /// components, garmin-fit-sdk `Accumulator` and `hr_mesg_utils.expand_heart_rates`).
    var heartRateAnchor: (time: Double, event: Double)?
    var eventAccumulator: (value: Int64, last: Int64)?

    init(
        correlations: @escaping () -> [(part: Int, offset: Int, delta: Int64)],
        device: DeviceIdentity,
        fileName: String
    ) {
        self.findCorrelations = correlations
        self.device = device
        self.fileName = fileName
    }

    /// The correlations of `message`'s part, found on first use.
    mutating func correlations(inPartOf message: FITDecoder.Message) -> [(part: Int, offset: Int, delta: Int64)] {
        let all = foundCorrelations ?? findCorrelations()
        foundCorrelations = all
        return all.filter { $0.part == message.part }
    }

    mutating func read(_ message: FITDecoder.Message) {
        if message.part != part {
            // Each chained part is a FIT file of its own: its time stamps and step counters do not continue
            // the last part's (a second monitoring file starts its cumulative counts again).
            part = message.part
            lastFullTimestamp = nil
            periodStart = nil
            lastSteps = [:]
        }
        let explicit = message[FITDecoder.timestampField].map { Int64($0) }
        if let explicit { lastFullTimestamp = explicit }
        switch message.globalNumber {
        case FITMeasurements.fileIdMessage:
            // A later part of a chained file may come from another device; without a file_id it is the same.
            device = FITMeasurements.device(message, fileName: fileName)
            if let created = message[4].map({ Int64($0) }) {
                lastFullTimestamp = created
                periodStart = created
            }
        case FITMeasurements.recordMessage:
            guard message[3] != nil || message.invalidFields.contains(3) else { return }
            guard let time = time(explicit, message, "heart_rate") else { return }
            heartRate(message[3], "activity-hr/\(time)", at: time, message, field: "record heart_rate")
        case FITMeasurements.heartRateMessage:
            heartBeats(message)
        case FITMeasurements.monitoringInfoMessage:
            if let explicit { periodStart = explicit }
        case FITMeasurements.monitoringMessage:
            monitoring(message, explicit)
        case FITMeasurements.weightScaleMessage:
            weight(message, explicit)
        case FITMeasurements.bloodPressureMessage:
            bloodPressure(message, explicit)
        default:
            return
        }
    }

    /// The absolute FIT time of a message, or nil after reporting why it has none.
    mutating func time(_ raw: Int64?, _ message: FITDecoder.Message, _ kind: String) -> Int64? {
        guard let raw else {
            refuse(message, kind, "\(name(message)) message without a time stamp")
            return nil
        }
        return absolute(raw, message, kind)
    }

    /// A `date_time` made absolute: relative ones (seconds since power-on) through the part's
    /// `timestamp_correlation`; refused with the reason when the part has none.
    mutating func absolute(_ raw: Int64, _ message: FITDecoder.Message, _ kind: String) -> Int64? {
        guard raw < FITMeasurements.relativeTimeLimit else { return raw }
        let inPart = correlations(inPartOf: message)
        guard let correlation = inPart.last(where: { $0.offset < message.offset }) ?? inPart.first else {
            refuse(
                message,
                kind,
                "\(name(message)) time stamp \(raw) is relative (seconds since the device powered on, below 0x10000000) "
                    + "and the file has no timestamp_correlation message to convert it"
            )
            return nil
        }
        return raw + correlation.delta
    }

    mutating func monitoring(_ message: FITDecoder.Message, _ explicit: Int64?) {
        // timestamp_16 (field 26) carries the low 16 bits of the time since the last full one
        // (devices.md §6.2; Gadgetbridge FitMonitoring.java).
        var raw = explicit
        if raw == nil, let short = message[26], let last = lastFullTimestamp {
            raw = last + ((Int64(short) - (last & 0xFFFF)) & 0xFFFF)
        }
        guard let raw else {
            refuse(message, "steps", "monitoring message without a time stamp")
            return
        }
        guard let time = absolute(raw, message, "steps") else { return }
        if message[27] != nil || message.invalidFields.contains(27) {
            heartRate(message[27], "hr/\(time)", at: time, message, field: "monitoring heart_rate")
        }
        // activity_type (5), or the low 5 bits of current_activity_type_intensity (24), which devices such
        // as the vivofit send instead (profile components: 5 bits activity_type, 3 bits intensity).
        let activity = message[5].map { Int($0) } ?? message[24].map { Int($0) & 0x1F }
        guard let activity, FITMeasurements.stepActivityTypes.contains(activity), let cumulative = message[3] else {
            return
        }
        // Steps accumulate per activity type over the day; a smaller value means the counter reset.
        let previous = lastSteps[activity]
        let delta = previous.map { cumulative >= $0.value ? cumulative - $0.value : cumulative } ?? cumulative
        var start = time
        if let previous {
            start = previous.time
        } else if let periodStart, let absolute = absoluteQuietly(periodStart, message) {
            start = min(absolute, time)
        }
        lastSteps[activity] = (cumulative, time)
        if delta > 0 {
            add(
                MeasurementRecord(
                    sourceRecordId: "steps/\(activity)/\(time)",
                    kind: "steps",
                    value: delta,
                    unit: "{steps}",
                    effectivePeriod: TimePeriod(start: FITMeasurements.text(start), end: FITMeasurements.text(time))
                ),
                message
            )
        }
    }

    /// A period start made absolute when it can be; a period start that cannot is not worth a problem
    /// (the interval then starts at its own end).
    mutating func absoluteQuietly(_ raw: Int64, _ message: FITDecoder.Message) -> Int64? {
        if raw >= FITMeasurements.relativeTimeLimit { return raw }
        let inPart = correlations(inPartOf: message)
        return (inPart.last { $0.offset < message.offset } ?? inPart.first).map { raw + $0.delta }
    }

    mutating func weight(_ message: FITDecoder.Message, _ explicit: Int64?) {
        let hasWeight = message[0] != nil || message.invalidFields.contains(0)
        let hasFat = message[1] != nil || message.invalidFields.contains(1)
        guard hasWeight || hasFat else { return }
        guard let time = time(explicit, message, "body_weight") else { return }
        let user = userIndex(message[12])
        let suffix = user.map { "/user\($0)" } ?? ""
        // weight: uint16, scale 100, kg; percent_fat: uint16, scale 100, % (profile weight_scale).
        if hasWeight {
            if message.invalidFields.contains(0) {
                refuse(message, "body_weight", "weight_scale weight is the invalid value 0xFFFF (no reading)")
            } else if message[0] == FITMeasurements.weightCalculating {
                refuse(
                    message,
                    "body_weight",
                    "weight_scale weight is 0xFFFE, the profile's \"calculating\": the scale had not settled"
                )
            } else if let weight = message[0], weight > 0 {
                add(
                    "body_weight",
                    "weight/\(time)\(suffix)",
                    weight / 100,
                    "kg",
                    at: time,
                    message,
                    user: user
                )
            } else {
                refuse(message, "body_weight", "weight_scale weight 0 kg is not a possible reading")
            }
        }
        if hasFat {
            if let fat = message[1], fat > 0, fat <= 10_000 {
                add("body_fat", "fat/\(time)\(suffix)", fat / 100, "%", at: time, message, user: user)
            } else {
                let raw = message[1].map { "\($0 / 100) %" } ?? "the invalid value 0xFFFF"
                refuse(message, "body_fat", "weight_scale percent_fat is \(raw), not between 0 and 100 %")
            }
        }
    }

    mutating func bloodPressure(_ message: FITDecoder.Message, _ explicit: Int64?) {
        guard let time = time(explicit, message, "blood_pressure") else { return }
        guard let systolic = message[0], let diastolic = message[1] else {
            refuse(
                message,
                "blood_pressure",
                "blood_pressure message without a valid systolic and diastolic pressure (absent or 0xFFFF)"
            )
            return
        }
        guard FITMeasurements.bloodPressureRange.contains(systolic),
            FITMeasurements.bloodPressureRange.contains(diastolic)
        else {
            refuse(
                message,
                "blood_pressure",
                "blood pressure \(Int(systolic))/\(Int(diastolic)) mmHg is outside 1–350 mmHg: not a reading"
            )
            return
        }
        let user = userIndex(message[9])
        let suffix = user.map { "/user\($0)" } ?? ""
        var components = ["systolic": systolic, "diastolic": diastolic]
        if let mean = message[2] { components["mean"] = mean }
        add(
            MeasurementRecord(
                sourceRecordId: "bp/\(time)\(suffix)",
                kind: "blood_pressure",
                components: components,
                unit: "mm[Hg]",
                effectiveTime: FITMeasurements.text(time),
                context: user.map { MeasurementContext(userIndex: $0) }
            ),
            message
        )
        if message[6] != nil {
            heartRate(
                message[6],
                "bp-pulse/\(time)\(suffix)",
                at: time,
                message,
                field: "blood_pressure heart_rate",
                user: user
            )
        }
    }

    /// `user_profile_index` is a `message_index`: the low 12 bits are the index, the top bit marks the
    /// selected entry (profile type `message_index`); the index is the scale's or cuff's user slot.
    func userIndex(_ raw: Double?) -> Int? {
        raw.map { Int($0) & 0x0FFF }
    }

    /// The beats of an `hr` message, each at its event time.
    mutating func heartBeats(_ message: FITDecoder.Message) {
        var events: [Int64] = []
        if let explicit = message.arrays[9]?.compactMap({ $0 }) ?? message[9].map({ [$0] }) {
            for value in explicit {
                eventAccumulator = (Int64(value), Int64(value))
                events.append(Int64(value))
            }
        }
        let bpms: [Double?] =
            message.arrays[6] ?? (message[6] != nil || message.invalidFields.contains(6) ? [message[6]] : [])
        if let packed = message.bytes[10], var accumulator = eventAccumulator {
            // Ten 12-bit components, least significant bit first; only as many as there are beats.
            let count = min(bpms.count, packed.count * 8 / 12)
            for index in 0..<count {
                var raw: Int64 = 0
                for bit in 0..<12 {
                    let position = index * 12 + bit
                    if packed[position / 8] >> (position % 8) & 1 == 1 { raw |= 1 << bit }
                }
                accumulator.value += (raw - accumulator.last) & 0xFFF
                accumulator.last = raw
                events.append(accumulator.value)
            }
            eventAccumulator = accumulator
        } else if message.bytes[10] != nil {
            refuse(message, "heart_rate", "hr message with packed beat times before any full event_timestamp")
            return
        }
        if let raw = message[FITDecoder.timestampField].map({ Int64($0) }) {
            guard let time = absolute(raw, message, "heart_rate") else { return }
            guard events.count == 1 else {
                refuse(message, "heart_rate", "hr message with a time stamp but \(events.count) beat times, not one")
                return
            }
            // fractional_timestamp: uint16, scale 32768, s.
            heartRateAnchor = (Double(time) + (message[0] ?? 0) / 32768, Double(events[0]) / 1024)
        }
        guard let anchor = heartRateAnchor else {
            refuse(
                message,
                "heart_rate",
                "hr message before any hr message with a time stamp: its beats cannot be placed in time"
            )
            return
        }
        guard events.count == bpms.count else {
            refuse(message, "heart_rate", "hr message with \(events.count) beat times and \(bpms.count) heart rates")
            return
        }
        for (event, bpm) in zip(events, bpms) {
            var seconds = Double(event) / 1024
            // event_timestamp is a uint32 of 1/1024 s: it rolls over every 0x400000 s (as Garmin's SDK handles it).
            if seconds < anchor.event, anchor.event - seconds > Double(0x40_0000) { seconds += Double(0x40_0000) }
            let milliseconds = Int64(((anchor.time + seconds - anchor.event) * 1000).rounded())
            heartRate(bpm, "hr-beat/\(milliseconds)", atMilliseconds: milliseconds, message, field: "hr filtered_bpm")
        }
    }

    mutating func heartRate(
        _ bpm: Double?,
        _ id: String,
        at time: Int64,
        _ message: FITDecoder.Message,
        field: String,
        user: Int? = nil
    ) {
        heartRate(bpm, id, atMilliseconds: time * 1000, message, field: field, user: user)
    }

    mutating func heartRate(
        _ bpm: Double?,
        _ id: String,
        atMilliseconds milliseconds: Int64,
        _ message: FITDecoder.Message,
        field: String,
        user: Int? = nil
    ) {
        guard let bpm else {
            refuse(message, "heart_rate", "\(field) is the invalid value 0xFF (no reading)")
            return
        }
        guard FITMeasurements.heartRateRange.contains(bpm) else {
            refuse(message, "heart_rate", "\(field) \(Int(bpm))/min is not a possible heart rate (1–300/min)")
            return
        }
        let time =
            milliseconds % 1000 == 0
            ? FITMeasurements.text(milliseconds / 1000) : FITMeasurements.text(milliseconds: milliseconds)
        add(
            MeasurementRecord(
                sourceRecordId: id,
                kind: "heart_rate",
                value: bpm,
                unit: "/min",
                effectiveTime: time,
                context: user.map { MeasurementContext(userIndex: $0) }
            ),
            message
        )
    }

    mutating func add(
        _ kind: String,
        _ id: String,
        _ value: Double,
        _ unit: String,
        at time: Int64,
        _ message: FITDecoder.Message,
        user: Int?
    ) {
        add(
            MeasurementRecord(
                sourceRecordId: id,
                kind: kind,
                value: value,
                unit: unit,
                effectiveTime: FITMeasurements.text(time),
                context: user.map { MeasurementContext(userIndex: $0) }
            ),
            message
        )
    }

    /// Adds a record unless its id was read before with another value: that is a conflict, refused and
    /// reported; the same record again (a chained part repeating data) goes on for the hub to count.
    mutating func add(_ record: MeasurementRecord, _ message: FITDecoder.Message) {
        let id = record.sourceRecordId ?? ""
        let read = SeenRecord(record, offset: message.offset)
        if let earlier = seen[device.deviceId]?[id], earlier.fingerprint != read.fingerprint {
            refuse(
                message,
                record.kind ?? "",
                "conflict: record \(id) was read at @\(earlier.offset) with "
                    + "\(earlier.described) and here with \(read.described); the first is kept"
            )
            return
        }
        seen[device.deviceId, default: [:]][id] = read
        items.append(FITMeasurements.Item(device: device, record: record))
    }

    mutating func refuse(_ message: FITDecoder.Message, _ kind: String, _ reason: String) {
        problems.append((message.offset, reason, kind))
    }

    func name(_ message: FITDecoder.Message) -> String {
        switch message.globalNumber {
        case FITMeasurements.recordMessage: "record"
        case FITMeasurements.weightScaleMessage: "weight_scale"
        case FITMeasurements.bloodPressureMessage: "blood_pressure"
        case FITMeasurements.monitoringMessage: "monitoring"
        case FITMeasurements.heartRateMessage: "hr"
        default: "message \(message.globalNumber)"
        }
    }
}

/// What the conflict check keeps of a record already read: its fingerprint and what a conflict message
/// says of it, not the record (a long activity has hundreds of thousands).
private struct SeenRecord {
    /// The record's hash: two reads of one id with different fingerprints hold different records. Equal
    /// fingerprints of different records (a 64-bit hash collision) would pass the second on to the hub,
    /// whose unique key keeps the first and reports the conflict itself, so nothing is lost either way.
    let fingerprint: Int
    let value: Double?
    let components: [String: Double]?
    let unit: String?
    let offset: Int

    init(_ record: MeasurementRecord, offset: Int) {
        fingerprint = record.hashValue
        value = record.value
        components = record.components
        unit = record.unit
        self.offset = offset
    }

    var described: String {
        let amount =
            value.map { "\($0)" }
            ?? components.map {
                $0.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            }
            ?? "no value"
        return "\(amount) \(unit ?? "")"
    }
}
