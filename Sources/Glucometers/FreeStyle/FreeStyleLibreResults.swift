/// Reads FreeStyle Libre records, with the field positions glucometerutils' `drivers/fslibre.py`
/// uses (devices.md §4.2 "Record formats"): every record starts
/// `record id, type, month, day, yy, hour, minute, second` (fields 0–7).
/// - `$history?`: the sensor's automatic readings; value mg/dL in field 13, an error field 15
///   (non-zero: invalid, skipped).
/// - `$arresult?` type 2: a scan or a strip test; reading type in field 9 (0 blood strip,
///   1 ketone strip, 2 sensor scan), value mg/dL in field 12, sport 15, medication 16, food 25,
///   errors 28. Type 5 records (clock changes) and other types are skipped, as are ketone tests
///   (no such kind in protocol 1.0) and records with errors; all counted.
/// Sensor readings are interstitial glucose, stored as `blood_glucose` with `sampleSite`
/// "interstitial" so they are never mistaken for finger-stick values.
public enum FreeStyleLibreResults {
    public static let historyStream = "history"
    public static let resultStream = "arresult"
    static let sensorSite = "interstitial"

    /// The valid sensor readings of `$history?` and how many records were skipped.
    public static func history(_ records: [[String]]) throws(GlucometerError) -> (
        readings: [MeterReading], skipped: Int
    ) {
        var readings: [MeterReading] = []
        var skipped = 0
        for (index, fields) in records.enumerated() {
            let location = "$history? record \(index + 1)"
            let numbers = try integers(fields, at: [0, 13, 15], location: location, minimumCount: 16)
            guard numbers[2] == 0 else {
                skipped += 1
                continue
            }
            readings.append(
                MeterReading(
                    recordNumber: numbers[0],
                    time: try time(fields, location: location),
                    value: Double(numbers[1]),
                    unit: "mg/dL",
                    markers: ["sensor"],
                    stream: historyStream,
                    sampleSite: sensorSite
                )
            )
        }
        return (readings, skipped)
    }

    /// The glucose results of `$arresult?` and how many records were skipped.
    public static func results(_ records: [[String]]) throws(GlucometerError) -> (
        readings: [MeterReading], skipped: Int
    ) {
        var readings: [MeterReading] = []
        var skipped = 0
        for (index, fields) in records.enumerated() {
            let location = "$arresult? record \(index + 1)"
            let base = try integers(fields, at: [0, 1], location: location, minimumCount: 8)
            guard base[1] == 2 else {
                skipped += 1  // a clock change (type 5) or another event
                continue
            }
            let n = try integers(fields, at: [9, 12, 15, 16, 25, 28], location: location, minimumCount: 29)
            let (readingType, value, sport, medication, food, errors) = (n[0], n[1], n[2], n[3], n[4], n[5])
            guard errors == 0, readingType == 0 || readingType == 2 else {
                skipped += 1
                continue
            }
            var markers = [readingType == 2 ? "scan" : "strip"]
            if sport != 0 { markers.append("sport") }
            if medication != 0 { markers.append("medication") }
            if food != 0 { markers.append("food") }
            readings.append(
                MeterReading(
                    recordNumber: base[0],
                    time: try time(fields, location: location),
                    value: Double(value),
                    unit: "mg/dL",
                    markers: markers,
                    stream: resultStream,
                    sampleSite: readingType == 2 ? sensorSite : nil
                )
            )
        }
        return (readings, skipped)
    }

    private static func integers(
        _ fields: [String],
        at positions: [Int],
        location: String,
        minimumCount: Int
    ) throws(GlucometerError) -> [Int] {
        guard fields.count >= minimumCount else {
            throw .malformedRecord(
                location: location,
                reason: "\(fields.count) fields, expected at least \(minimumCount)"
            )
        }
        var values: [Int] = []
        for position in positions {
            guard let value = Int(fields[position]) else {
                throw .malformedRecord(
                    location: location,
                    reason: "field \(position) '\(fields[position])' is not a number"
                )
            }
            values.append(value)
        }
        return values
    }

    /// Fields 2–7: month, day, two-digit year (from 2000), hour, minute, second.
    private static func time(_ fields: [String], location: String) throws(GlucometerError) -> MeterLocalTime {
        let n = try integers(fields, at: [2, 3, 4, 5, 6, 7], location: location, minimumCount: 8)
        guard
            let time = MeterLocalTime(year: 2000 + n[2], month: n[0], day: n[1], hour: n[3], minute: n[4], second: n[5])
        else {
            throw .malformedRecord(
                location: location,
                reason: "no such date and time: \(fields[2...7].joined(separator: ","))"
            )
        }
        return time
    }
}
