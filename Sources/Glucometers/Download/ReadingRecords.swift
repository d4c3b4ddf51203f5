import AdapterProtocol
import Foundation

/// Turns a meter's readings into measurement records (adapter-protocol.md §5.2).
public enum ReadingRecords {
    /// `measurementStatus` of a control-solution test: kept, but not a patient reading.
    public static let controlSolution = "control_solution"
    /// `measurementStatus` of a reading whose meter clock was clearly wrong.
    public static let clockSuspect = "device_clock_suspect"
    /// Prefix of a meter marker kept as sent, e.g. "meter_marker:M1".
    public static let markerPrefix = "meter_marker:"
    /// `measurementStatus` of a result the meter reported as above its range (`HI`, `>`): the
    /// value is the meter's upper bound, the true glucose is higher.
    public static let aboveMeterRange = "above_meter_range"
    /// `measurementStatus` of a result below the meter's range (`LO`, `<`): the value is the
    /// meter's lower bound, the true glucose is lower.
    public static let belowMeterRange = "below_meter_range"

    /// One record per reading, of the kind its analyte names (`blood_glucose`, `blood_ketone`);
    /// `clockSuspect` flags every one of them.
    public static func records(
        _ readings: [MeterReading],
        serial: String,
        zone: TimeZone,
        clockSuspect: Bool
    ) -> [MeasurementRecord] {
        readings.map { reading in
            var status = reading.markers.map { markerPrefix + $0 }
            switch reading.beyondRange {
            case .above: status.append(aboveMeterRange)
            case .below: status.append(belowMeterRange)
            case nil: break
            }
            if reading.isControlSolution { status.append(controlSolution) }
            if clockSuspect { status.append(Self.clockSuspect) }
            let context =
                status.isEmpty && reading.mealRelation == nil && reading.sampleSite == nil
                ? nil
                : MeasurementContext(
                    mealRelation: reading.mealRelation,
                    measurementStatus: status.isEmpty ? nil : status,
                    sampleSite: reading.sampleSite
                )
            let number =
                reading.stream.isEmpty ? "\(reading.recordNumber)" : "\(reading.stream)-\(reading.recordNumber)"
            return MeasurementRecord(
                sourceRecordId: "\(serial)/\(number)/\(reading.time.compact)",
                kind: reading.analyte.measurementKind,
                value: reading.value,
                unit: reading.unit,
                effectiveTime: reading.time.rfc3339(in: zone),
                context: context
            )
        }
    }
}
