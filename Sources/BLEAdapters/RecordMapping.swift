import AdapterProtocol
import BlueZ
import Foundation
import GATTProfiles

/// Decoded characteristic values turned into protocol records (adapter-protocol.md §5.2). A value that cannot be
/// decoded, an error record and a reading without a usable time are logged with their bytes and skipped, never sent.
enum RecordMapping {
    static func bloodPressure(
        _ bytes: [UInt8],
        link: GATTLink,
        cursor: inout TimeCursor,
        into collected: inout CollectedRecords
    ) {
        let reading: BloodPressureMeasurement
        do {
            reading = try BloodPressureMeasurement(bytes: bytes)
        } catch {
            collected.problems.append("skipped a malformed value: \(error)")
            return
        }
        noteReservedFlags(reading.reservedFlags, BloodPressureMeasurement.characteristic, bytes, &collected)
        guard
            let (time, effectiveTime) = timing(
                reading.timeStamp,
                link,
                BloodPressureMeasurement.characteristic,
                bytes,
                &collected
            )
        else {
            return
        }
        guard admitNew(time, cursor: &cursor, collected: &collected) else { return }
        // An error record (the A&D sends all-NaN ones for failed readings): the time moves the cursor, nothing stored.
        guard let systolic = reading.systolic.value, let diastolic = reading.diastolic.value else {
            collected.problems.append(
                "\(BloodPressureMeasurement.characteristic): error record (systolic \(reading.systolic), diastolic \(reading.diastolic)) skipped (bytes: \(hexString(bytes)))"
            )
            return
        }
        var components = ["systolic": systolic, "diastolic": diastolic]
        if let mean = reading.meanArterialPressure.value { components["mean"] = mean }
        let words = reading.status?.protocolWords ?? []
        let context = MeasurementContext(
            measurementStatus: words.isEmpty ? nil : words,
            userIndex: reading.userIndex
        )
        let id = recordId(link, "bp", time, bytes)
        collected.records.append(
            MeasurementRecord(
                sourceRecordId: id,
                kind: "blood_pressure",
                components: components,
                unit: reading.unit == .kilopascal ? "kPa" : "mm[Hg]",
                effectiveTime: effectiveTime,
                context: context
            )
        )
        if let pulse = reading.pulseRate?.value {
            collected.records.append(
                MeasurementRecord(
                    sourceRecordId: id + "/pulse",
                    kind: "heart_rate",
                    value: pulse,
                    unit: "/min",
                    effectiveTime: effectiveTime,
                    context: MeasurementContext(userIndex: reading.userIndex)
                )
            )
        }
    }

    static func weight(
        _ bytes: [UInt8],
        feature: WeightScaleFeature?,
        user consentedUser: Int?,
        link: GATTLink,
        cursor: inout TimeCursor,
        into collected: inout CollectedRecords
    ) {
        let reading: WeightMeasurement
        do {
            reading = try WeightMeasurement(bytes: bytes)
        } catch {
            collected.problems.append("skipped a malformed value: \(error)")
            return
        }
        noteReservedFlags(reading.reservedFlags, WeightMeasurement.characteristic, bytes, &collected)
        guard
            let (time, effectiveTime) = timing(
                reading.timeStamp,
                link,
                WeightMeasurement.characteristic,
                bytes,
                &collected
            )
        else {
            return
        }
        guard admitNew(time, cursor: &cursor, collected: &collected) else { return }
        guard let value = reading.weight else {
            collected.problems.append(
                "\(WeightMeasurement.characteristic): measurement unsuccessful, skipped (bytes: \(hexString(bytes)))"
            )
            return
        }
        let rounded = feature?.rounded(value, units: reading.units) ?? value
        collected.records.append(
            MeasurementRecord(
                sourceRecordId: recordId(link, "weight", time, bytes),
                kind: "body_weight",
                value: rounded,
                unit: reading.units == .si ? "kg" : "[lb_av]",
                effectiveTime: effectiveTime,
                context: MeasurementContext(userIndex: reading.userIndex ?? consentedUser)
            )
        )
    }

    static func bodyFat(
        _ bytes: [UInt8],
        user consentedUser: Int?,
        link: GATTLink,
        cursor: TimeCursor,
        into collected: inout CollectedRecords
    ) {
        let reading: BodyCompositionMeasurement
        do {
            reading = try BodyCompositionMeasurement(bytes: bytes)
        } catch {
            collected.problems.append("skipped a malformed value: \(error)")
            return
        }
        guard
            let (time, effectiveTime) = timing(
                reading.timeStamp,
                link,
                BodyCompositionMeasurement.characteristic,
                bytes,
                &collected
            ),
            let fat = reading.bodyFatPercent
        else { return }
        // `cursor` is where the sync started: a value at or before it was sent by an earlier sync.
        if let time, !cursor.isNew(time) {
            collected.skippedOld += 1
            return
        }
        collected.records.append(
            MeasurementRecord(
                sourceRecordId: recordId(link, "fat", time, bytes),
                kind: "body_fat",
                value: fat,
                unit: "%",
                effectiveTime: effectiveTime,
                context: MeasurementContext(userIndex: reading.userIndex ?? consentedUser)
            )
        )
    }

    static func glucose(
        _ reading: GlucoseMeasurement,
        bytes: [UInt8],
        meal: GlucoseMeasurementContext.Meal?,
        link: GATTLink,
        into collected: inout CollectedRecords
    ) {
        let characteristic = GlucoseMeasurement.characteristic
        guard let effectiveTime = link.rfc3339(reading.effectiveTime) else {
            collected.problems.append(
                "\(characteristic): record \(reading.sequenceNumber) has no usable time (\(reading.baseTime)), skipped (bytes: \(hexString(bytes)))"
            )
            return
        }
        if reading.isControlSolution {
            collected.problems.append(
                "\(characteristic): record \(reading.sequenceNumber) is a control-solution test, skipped"
            )
            return
        }
        if let status = reading.sensorStatus, !status.intersection(.invalidatesResult).isEmpty {
            collected.problems.append(
                "\(characteristic): record \(reading.sequenceNumber) flagged by the meter (status 0x\(String(status.rawValue, radix: 16))), skipped (bytes: \(hexString(bytes)))"
            )
            return
        }
        guard let (value, unit) = reading.concentrationInClinicalUnit else {
            collected.problems.append(
                "\(characteristic): record \(reading.sequenceNumber) has no concentration (\(reading.concentration?.description ?? "absent")), skipped (bytes: \(hexString(bytes)))"
            )
            return
        }
        let site: String? =
            switch reading.sampleLocation {
            case 1: "finger"
            case 2: "alternate_site"
            case 3: "earlobe"
            default: nil
            }
        collected.records.append(
            MeasurementRecord(
                sourceRecordId: "\(link.device.address)/glucose/\(reading.sequenceNumber)",
                kind: "blood_glucose",
                value: value,
                unit: unit,
                effectiveTime: effectiveTime,
                context: MeasurementContext(mealRelation: meal?.mealRelation, sampleSite: site)
            )
        )
    }

    /// The device time of a reading and its RFC 3339 form; a reading sent without a time stamp was taken just now.
    /// Nil (and a logged problem) when the time stamp is there but unusable.
    private static func timing(
        _ stamp: GATTDateTime?,
        _ link: GATTLink,
        _ characteristic: String,
        _ bytes: [UInt8],
        _ collected: inout CollectedRecords
    ) -> (GATTDateTime?, String)? {
        guard let stamp else {
            guard let now = link.nowRFC3339() else { return nil }
            return (nil, now)
        }
        guard let text = link.rfc3339(stamp) else {
            collected.problems.append(
                "\(characteristic): time stamp \(stamp) is incomplete or does not exist locally, skipped (bytes: \(hexString(bytes)))"
            )
            return nil
        }
        return (stamp, text)
    }

    /// Moves the cursor past a time-stamped reading it has not seen; counts and refuses one it has (stored by an
    /// earlier sync). A reading without a time stamp passes: it cannot be compared.
    private static func admitNew(
        _ time: GATTDateTime?,
        cursor: inout TimeCursor,
        collected: inout CollectedRecords
    ) -> Bool {
        guard let time else { return true }
        guard cursor.isNew(time) else {
            collected.skippedOld += 1
            return false
        }
        cursor.advance(to: time)
        return true
    }

    private static func recordId(_ link: GATTLink, _ kind: String, _ time: GATTDateTime?, _ bytes: [UInt8]) -> String {
        if let time { return "\(link.device.address)/\(kind)/\(time)" }
        return
            "\(link.device.address)/\(kind)/received-\(link.currentDateTime())/\(hexString(bytes).replacingOccurrences(of: " ", with: ""))"
    }

    private static func noteReservedFlags(
        _ flags: some BinaryInteger,
        _ characteristic: String,
        _ bytes: [UInt8],
        _ collected: inout CollectedRecords
    ) {
        guard flags != 0 else { return }
        collected.problems.append(
            "\(characteristic): reserved flag bits 0x\(String(flags, radix: 16)) ignored (bytes: \(hexString(bytes)))"
        )
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
