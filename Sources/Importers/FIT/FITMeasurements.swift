import AdapterProtocol

/// Turns the messages of one FIT file into measurement records (devices.md §6.2, message numbers
/// and fields from Garmin's profile): `record` heart rates (activity files), `monitoring` steps and
/// heart rates (all-day files), `weight_scale` weights and body fat, `blood_pressure` readings.
public struct FITMeasurements {
    /// The device the file came from (from `file_id`).
    public var device: DeviceIdentity
    public var records: [MeasurementRecord] = []
    /// Messages that could not become records, with the reason.
    public var problems: [(offset: Int, reason: String, kind: String)] = []

    // Global message numbers and field numbers: Garmin FIT profile (devices.md §6.2).
    static let fileIdMessage: UInt16 = 0
    static let recordMessage: UInt16 = 20
    static let weightScaleMessage: UInt16 = 30
    static let bloodPressureMessage: UInt16 = 51
    static let monitoringMessage: UInt16 = 55
    static let monitoringInfoMessage: UInt16 = 103
    /// Monitoring activity types whose `cycles` are steps (profile subfield `steps`: running 1, walking 6).
    static let stepActivityTypes: Set<Int> = [1, 6]

    /// Reads the messages of the file named `fileName` (used in record ids only when `file_id` has no serial).
    public init(messages: [FITDecoder.Message], fileName: String) {
        let fileId = messages.first { $0.globalNumber == Self.fileIdMessage }
        let manufacturer = fileId?[1].map { Int($0) }
        let product = fileId?[2].map { Int($0) }
        let serial = fileId?[3].map { String(UInt64($0)) }
        let created = fileId?[4].map { Int64($0) }
        // Without a serial the file itself is the only stable name; records from two such files of one
        // device then count as two devices, which is what can be known.
        let deviceKey = serial ?? "file-\(fileName)"
        device = DeviceIdentity(
            deviceId: "fit-\(manufacturer.map(String.init) ?? "unknown")-\(deviceKey)",
            manufacturer: manufacturer == 1 ? "Garmin" : manufacturer.map { "FIT manufacturer \($0)" },
            model: product.map { "product \($0)" },
            serial: serial
        )

        var lastFullTimestamp: Int64? = created
        var lastSteps: [Int: (value: Double, time: Int64)] = [:]
        var periodStart: Int64? = created
        for message in messages {
            let explicit = message[FITDecoder.timestampField].map { Int64($0) }
            if let explicit { lastFullTimestamp = explicit }
            switch message.globalNumber {
            case Self.recordMessage:
                guard let time = explicit else { continue }
                if let bpm = message[3] {
                    add(kind: "heart_rate", "activity-hr/\(time)", bpm, "/min", at: time, message.offset)
                }
            case Self.monitoringInfoMessage:
                if let explicit { periodStart = explicit }
            case Self.monitoringMessage:
                // timestamp_16 (field 26) carries the low 16 bits of the time since the last full one
                // (devices.md §6.2; Gadgetbridge FitMonitoring.java).
                var time = explicit
                if time == nil, let short = message[26], let last = lastFullTimestamp {
                    time = last + ((Int64(short) - (last & 0xFFFF)) & 0xFFFF)
                }
                guard let time else {
                    problems.append((message.offset, "monitoring message without a time stamp", "steps"))
                    continue
                }
                if let bpm = message[27], bpm > 0 {
                    add(kind: "heart_rate", "hr/\(time)", bpm, "/min", at: time, message.offset)
                }
                if let activity = message[5].map({ Int($0) }), Self.stepActivityTypes.contains(activity),
                    let cumulative = message[3]
                {
                    // Steps accumulate per activity type over the day; a smaller value means the counter reset.
                    let previous = lastSteps[activity]
                    let delta =
                        previous.map { cumulative >= $0.value ? cumulative - $0.value : cumulative } ?? cumulative
                    let start = previous?.time ?? min(periodStart ?? time, time)
                    lastSteps[activity] = (cumulative, time)
                    if delta > 0 {
                        records.append(
                            MeasurementRecord(
                                sourceRecordId: "steps/\(activity)/\(time)",
                                kind: "steps",
                                value: delta,
                                unit: "{steps}",
                                effectivePeriod: TimePeriod(start: Self.text(start), end: Self.text(time))
                            )
                        )
                    }
                }
            case Self.weightScaleMessage:
                guard let time = explicit else { continue }
                // weight: uint16, scale 100, kg; percent_fat: uint16, scale 100, % (profile weight_scale).
                if let weight = message[0] {
                    add(kind: "body_weight", "weight/\(time)", weight / 100, "kg", at: time, message.offset)
                }
                if let fat = message[1] {
                    add(kind: "body_fat", "fat/\(time)", fat / 100, "%", at: time, message.offset)
                }
            case Self.bloodPressureMessage:
                guard let time = explicit, let systolic = message[0], let diastolic = message[1] else { continue }
                var components = ["systolic": systolic, "diastolic": diastolic]
                if let mean = message[2] { components["mean"] = mean }
                records.append(
                    MeasurementRecord(
                        sourceRecordId: "bp/\(time)",
                        kind: "blood_pressure",
                        components: components,
                        unit: "mm[Hg]",
                        effectiveTime: Self.text(time)
                    )
                )
                if let pulse = message[6], pulse > 0 {
                    add(kind: "heart_rate", "bp-pulse/\(time)", pulse, "/min", at: time, message.offset)
                }
            default:
                continue
            }
        }
    }

    private mutating func add(
        kind: String,
        _ id: String,
        _ value: Double,
        _ unit: String,
        at time: Int64,
        _ offset: Int
    ) {
        guard value >= 0, value.isFinite else {
            problems.append((offset, "\(kind) value \(value) is not a plausible reading", kind))
            return
        }
        records.append(
            MeasurementRecord(sourceRecordId: id, kind: kind, value: value, unit: unit, effectiveTime: Self.text(time))
        )
    }

    /// RFC 3339 (UTC) of a FIT `date_time` (seconds since 1989-12-31T00:00:00Z).
    static func text(_ fitSeconds: Int64) -> String {
        CivilTime.rfc3339(epochSeconds: fitSeconds + FITDecoder.epochOffset, offsetSeconds: 0)
    }
}
