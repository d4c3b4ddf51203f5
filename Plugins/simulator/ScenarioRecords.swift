import AdapterProtocol

/// A device's memory as measurement records numbered 1…count: its listed readings, then the generated ones.
///
/// Record `n` has `sourceRecordId` `<serial or deviceId>/<n>` and is built only when asked for, so a
/// generator of millions of readings costs nothing until they are synced.
struct DeviceRecords: Sendable {
    /// The device the records came from, as `measurements/submit` names it.
    let identity: DeviceIdentity
    private let listed: [MeasurementRecord]
    private let generator: ReadingGenerator?

    init(_ device: ScenarioDevice) {
        identity = DeviceIdentity(
            deviceId: device.deviceId,
            manufacturer: device.manufacturer,
            model: device.model,
            serial: device.serial
        )
        let prefix = device.serial.flatMap { $0.isEmpty ? nil : $0 } ?? device.deviceId
        listed = device.readings.enumerated().map { index, reading in
            Self.record(reading, sourceRecordId: reading.sourceRecordId ?? "\(prefix)/\(index + 1)")
        }
        generator = device.generate.flatMap {
            ReadingGenerator($0, deviceId: device.deviceId, idPrefix: prefix, firstNumber: device.readings.count + 1)
        }
    }

    /// How many records the device holds.
    var count: Int { listed.count + (generator?.count ?? 0) }

    /// Record `number`; nil outside 1…count.
    func record(_ number: Int) -> MeasurementRecord? {
        guard number >= 1, number <= count else { return nil }
        return number <= listed.count ? listed[number - 1] : generator?.record(number)
    }

    /// The records numbered `range` that exist, in order.
    func records(_ range: ClosedRange<Int>) -> [MeasurementRecord] {
        range.compactMap(record)
    }

    /// A scenario reading sent as it is written, missing and unknown parts included.
    private static func record(_ reading: ScenarioReading, sourceRecordId: String) -> MeasurementRecord {
        var record = MeasurementRecord(
            sourceRecordId: sourceRecordId,
            kind: reading.kind ?? "",
            value: reading.value,
            components: reading.components,
            unit: reading.unit ?? "",
            effectiveTime: reading.time,
            effectivePeriod: reading.period,
            context: reading.context
        )
        record.kind = reading.kind
        record.unit = reading.unit
        return record
    }
}

/// Builds a `generate` block's readings from their number alone: evenly spaced times, and values from a
/// hash of the device id and the number (SplitMix64), so every run and every re-sync sends the same data.
private struct ReadingGenerator: Sendable {
    let kind: String
    let unit: String
    let count: Int
    let start: Timestamp
    let intervalSeconds: Int
    let minimum: Double
    let maximum: Double
    let seed: UInt64
    let idPrefix: String
    /// The record number of the first generated reading.
    let firstNumber: Int

    init?(_ generate: ScenarioGenerator, deviceId: String, idPrefix: String, firstNumber: Int) {
        guard let start = Timestamp(generate.start) else { return nil }
        kind = generate.kind
        unit = generate.unit
        count = max(0, generate.count)
        self.start = start
        intervalSeconds = generate.intervalSeconds
        minimum = generate.minimum
        maximum = generate.maximum
        // FNV-1a: a stable hash (Swift's Hasher is seeded per process).
        seed = deviceId.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        self.idPrefix = idPrefix
        self.firstNumber = firstNumber
    }

    func record(_ number: Int) -> MeasurementRecord {
        let index = number - firstNumber
        let fraction = Double(Self.splitMix64(seed &+ UInt64(index)) >> 11) / Double(UInt64(1) << 53)
        let value = ((minimum + (maximum - minimum) * fraction) * 10).rounded() / 10
        return MeasurementRecord(
            sourceRecordId: "\(idPrefix)/\(number)",
            kind: kind,
            value: min(max(value, minimum), maximum),
            unit: unit,
            effectiveTime: start.adding(seconds: index * intervalSeconds).text
        )
    }

    private static func splitMix64(_ state: UInt64) -> UInt64 {
        var z = state &+ 0x9e37_79b9_7f4a_7c15
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}
