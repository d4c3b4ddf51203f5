import AdapterProtocol
import GATTProfiles

/// Glucose Service 0x1808 meters (research devices.md §1.5): bonded; the Record Access Control Point 0x2A52 asks for
/// the records from the sequence number after the cursor (`seq:N`), which arrive as 0x2A18 notifications (each
/// followed by its 0x2A34 context when flagged) and end with an RACP response code.
public struct GlucoseProfile: BLEProfile {
    public init() {}

    public var info: AdapterInfo { AdapterInfo(id: "ble-glucose", name: "Bluetooth glucose meter", version: "0.1.0") }
    public var kinds: [String] { ["blood_glucose"] }
    public var requiredCharacteristics: [(uuid: String, name: String)] {
        [
            (GATTUUID.glucoseMeasurement, "Glucose Measurement 0x2A18"),
            (GATTUUID.recordAccessControlPoint, "Record Access Control Point 0x2A52"),
        ]
    }
    public var serviceUUIDs: [String] { [GATTUUID.glucoseService] }
    /// GLP v1.0.1 security: the collector must bond with the sensor.
    public var requiresBond: Bool { true }

    static let idle = Duration.seconds(10)

    public func collect(
        _ link: GATTLink,
        cursor: String?,
        state: AdapterStateFile,
        progress: @Sendable (String) -> Void
    ) throws(BLEFailure) -> CollectedRecords {
        let measurement = try link.required(GATTUUID.glucoseMeasurement, "Glucose Measurement 0x2A18")
        let controlPoint = try link.required(GATTUUID.recordAccessControlPoint, "Record Access Control Point 0x2A52")
        // GLP collector order: notifications of 0x2A18 (and 0x2A34), indications of the RACP, then the request.
        try link.startNotify(measurement)
        if let context = link.characteristic(GATTUUID.glucoseMeasurementContext) { try link.startNotify(context) }
        try link.startNotify(controlPoint)
        let last = cursor.flatMap { $0.hasPrefix("seq:") ? UInt16($0.dropFirst(4)) : nil }
        var collected = CollectedRecords()
        if last == UInt16.max {
            collected.cursor = cursor
            return collected
        }
        let request =
            last.map { RecordAccessControlPoint.reportRecords(from: $0 + 1) } ?? RecordAccessControlPoint.reportAll
        try link.write(controlPoint, request)
        var newest = last
        var pending: [(GlucoseMeasurement, [UInt8])] = []
        var meals: [UInt16: GlucoseMeasurementContext.Meal] = [:]
        loop: while true {
            switch try link.next(idle: Self.idle) {
            case .disconnected:
                collected.interrupted = true
                break loop
            case .idle:
                try? link.write(controlPoint, RecordAccessControlPoint.abort)
                collected.interrupted = true
                break loop
            case .value(GATTUUID.glucoseMeasurement, let bytes):
                do {
                    let record = try GlucoseMeasurement(bytes: bytes)
                    if record.reservedFlags != 0 {
                        collected.problems.append(
                            "\(GlucoseMeasurement.characteristic): reserved flag bits 0x\(String(record.reservedFlags, radix: 16)) ignored (bytes: \(hexString(bytes)))"
                        )
                    }
                    pending.append((record, bytes))
                    progress("record \(record.sequenceNumber)")
                } catch {
                    collected.problems.append("skipped a malformed value: \(error)")
                }
            case .value(GATTUUID.glucoseMeasurementContext, let bytes):
                do {
                    let context = try GlucoseMeasurementContext(bytes: bytes)
                    if let meal = context.meal { meals[context.sequenceNumber] = meal }
                } catch {
                    collected.problems.append("skipped a malformed value: \(error)")
                }
            case .value(GATTUUID.recordAccessControlPoint, let bytes):
                do {
                    switch try RecordAccessControlPoint.Response(bytes: bytes) {
                    case .response(0x01, .success, _), .response(0x01, .noRecordsFound, _):
                        break loop
                    case .response(let op, let code, let raw):
                        throw BLEFailure(
                            .requestFailed,
                            "the meter answered request 0x\(String(op, radix: 16)) with \(code?.explanation ?? "unknown response code 0x\(String(raw, radix: 16))")"
                        )
                    case .numberOfRecords:
                        continue
                    }
                } catch let failure as BLEFailure {
                    throw failure
                } catch {
                    collected.problems.append("skipped a malformed value: \(error)")
                }
            case .value:
                continue
            }
        }
        for (record, bytes) in pending {
            RecordMapping.glucose(
                record,
                bytes: bytes,
                meal: meals[record.sequenceNumber],
                link: link,
                into: &collected
            )
            newest = max(newest ?? 0, record.sequenceNumber)
        }
        collected.cursor = newest.map { "seq:\($0)" }
        return collected
    }
}
