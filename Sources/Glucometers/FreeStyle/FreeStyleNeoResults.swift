/// Reads Precision/Optium Neo `$result?` records (devices.md §4.2 "Record formats"):
/// type 7 = blood glucose `7,id,month,day,yy,hour,minute,unknown,value|HI|LO,` + 10 unknown fields
/// (19 in all), value in mg/dL; type 9 = β-ketone and type 10 = insulin are skipped (no such
/// measurement kind in protocol 1.0).
public enum FreeStyleNeoResults {
    /// Record type of a blood glucose result.
    static let glucoseType = "7"
    /// Fields of a glucose record.
    static let glucoseFieldCount = 19

    /// The glucose readings and the number of other records skipped. `HI`/`LO` results (outside
    /// the meter's range) carry no number and are skipped too, counted.
    public static func readings(from records: [[String]]) throws(GlucometerError) -> (
        readings: [MeterReading], skipped: Int
    ) {
        var readings: [MeterReading] = []
        var skipped = 0
        for (index, fields) in records.enumerated() {
            let location = "$result? record \(index + 1)"
            guard fields.first == glucoseType else {
                skipped += 1
                continue
            }
            guard fields.count == glucoseFieldCount else {
                throw .malformedRecord(
                    location: location,
                    reason: "\(fields.count) fields, a glucose record has \(glucoseFieldCount)"
                )
            }
            let numbers = fields[1...6].map { Int($0) }
            guard numbers.allSatisfy({ $0 != nil }) else {
                throw .malformedRecord(
                    location: location,
                    reason: "id, date or time is not a number: \(fields[1...6].joined(separator: ","))"
                )
            }
            let n = numbers.map { $0 ?? 0 }
            // Years are offsets from 2000 (devices.md §4.2 `$date?`).
            guard let time = MeterLocalTime(year: 2000 + n[3], month: n[1], day: n[2], hour: n[4], minute: n[5]) else {
                throw .malformedRecord(
                    location: location,
                    reason: "no such date and time: \(fields[2...6].joined(separator: ","))"
                )
            }
            if fields[8] == "HI" || fields[8] == "LO" {
                skipped += 1
                continue
            }
            guard let value = Double(fields[8]), value.isFinite, value >= 0 else {
                throw .malformedRecord(location: location, reason: "value '\(fields[8])' is not a number, HI or LO")
            }
            readings.append(MeterReading(recordNumber: n[0], time: time, value: value, unit: "mg/dL"))
        }
        return (readings.sorted { $0.recordNumber < $1.recordNumber }, skipped)
    }
}
