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

    /// One record per reading; `clockSuspect` flags every one of them.
    public static func records(
        _ readings: [MeterReading],
        serial: String,
        zone: TimeZone,
        clockSuspect: Bool
    ) -> [MeasurementRecord] {
        readings.map { reading in
            var status = reading.markers.map { markerPrefix + $0 }
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
                kind: "blood_glucose",
                value: reading.value,
                unit: reading.unit,
                effectiveTime: reading.time.rfc3339(in: zone),
                context: context
            )
        }
    }
}
