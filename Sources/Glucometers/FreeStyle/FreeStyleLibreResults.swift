/// Reads FreeStyle Libre records, with the field positions glucometerutils'
/// `support/freestyle_libre.py` uses (devices.md §4.2 "Record formats"; glucometer-protocols
/// `abbott/freestyle-libre.md`): every record starts
/// `record id, type, month, day, yy, hour, minute, second` (fields 0–7).
/// - `$history?` (type 12): the sensor's automatic readings; value mg/dL in field 13, an error
///   bit field 15 (non-zero: invalid, counted).
/// - `$arresult?` type 2: a scan or a strip test; reading type in field 9 (0 blood strip,
///   1 ketone strip, 2 sensor scan), value in field 12 (mg/dL; ketone mmol/L × 18), sport 15,
///   medication 16, food 25, errors 28. Type 5 is a clock change (the new time in fields 2–7, the
///   old one in 9–14); it and other types are counted.
/// Sensor readings are interstitial glucose, stored as `blood_glucose` with `sampleSite`
/// "interstitial" so they are never mistaken for finger-stick values.
public enum FreeStyleLibreResults {
    public static let historyStream = "history"
    public static let resultStream = "arresult"
    static let sensorSite = "interstitial"

    /// The reader's measuring ranges, in mg/dL (ketone mmol/L). A Libre stores a result beyond its range
    /// (shown as HI or LO on the reader) as the bound itself, so a value at or beyond a bound is kept as
    /// the bound and flagged, never as a measurement of that value. Bounds and the at-the-bound rule as
    /// Tidepool's uploader reads Libre data (`abbottFreeStyleLibreView.js`: GLUCOSE_HI 500, GLUCOSE_LO 40,
    /// STRIP_GLUCOSE_LO 20, KETONE_HI 8.0, no ketone LO; Abbott FreeStyle Libre user's manual: sensor
    /// 40–500 mg/dL, strip 20–500 mg/dL).
    public static let sensorRange: ClosedRange<Double> = 40...500
    public static let stripRange: ClosedRange<Double> = 20...500
    public static let ketoneHigh = 8.0

    /// The value to keep and whether it is beyond the range: at or past a bound, the bound and its side.
    static func clamp(_ value: Double, to range: ClosedRange<Double>?, high: Double? = nil)
        -> (Double, MeterRangeLimit?)
    {
        if let range {
            if value >= range.upperBound { return (range.upperBound, .above) }
            if value <= range.lowerBound { return (range.lowerBound, .below) }
        }
        if let high, value >= high { return (high, .above) }
        return (value, nil)
    }

    /// The valid sensor readings of `$history?`; invalid ones are counted, unreadable ones reported.
    public static func history(_ lines: [FreeStyleMultiRecord.Line]) -> MeterLogTally {
        var tally = MeterLogTally()
        for line in lines {
            let location = "$history? line \(line.number)"
            if line.text.isEmpty {
                tally.count("empty line")
                continue
            }
            do throws(MeterRecordProblem) {
                let numbers = try integers(line, at: [0, 13, 15], location: location, what: "a sensor record")
                guard numbers[2] == 0 else {
                    tally.count("invalid sensor reading")
                    continue
                }
                let (value, beyond) = clamp(Double(numbers[1]), to: sensorRange)
                tally.readings.append(
                    MeterReading(
                        recordNumber: numbers[0],
                        time: try time(line, location: location),
                        value: value,
                        unit: "mg/dL",
                        markers: ["sensor"],
                        stream: historyStream,
                        sampleSite: sensorSite,
                        beyondRange: beyond
                    )
                )
            } catch {
                tally.problems.append(error)
            }
        }
        return tally
    }

    /// The glucose and ketone results of `$arresult?`; other records counted, unreadable ones reported.
    public static func results(_ lines: [FreeStyleMultiRecord.Line]) -> MeterLogTally {
        var tally = MeterLogTally()
        for line in lines {
            let location = "$arresult? line \(line.number)"
            if line.text.isEmpty {
                tally.count("empty line")
                continue
            }
            do throws(MeterRecordProblem) {
                let base = try integers(line, at: [0, 1], location: location, what: "a result record")
                switch base[1] {
                case 2: break
                case 5:
                    tally.count("clock change")
                    continue
                default:
                    tally.count("record type \(base[1])")
                    continue
                }
                let n = try integers(line, at: [9, 12, 15, 16, 25, 28], location: location, what: "a reading record")
                let (readingType, value, sport, medication, food, errors) = (n[0], n[1], n[2], n[3], n[4], n[5])
                guard errors == 0 else {
                    tally.count("result with a meter error")
                    continue
                }
                var markers: [String]
                switch readingType {
                case 0: markers = ["strip"]
                case 1: markers = ["ketone strip"]
                case 2: markers = ["scan"]
                default:
                    tally.count("reading type \(readingType)")
                    continue
                }
                if sport != 0 { markers.append("sport") }
                if medication != 0 { markers.append("medication") }
                if food != 0 { markers.append("food") }
                let isKetone = readingType == 1
                let (kept, beyond) =
                    isKetone
                    ? clamp((Double(value) / 18 * 100).rounded() / 100, to: nil, high: ketoneHigh)
                    : clamp(Double(value), to: readingType == 2 ? sensorRange : stripRange)
                let reading = MeterReading(
                    recordNumber: base[0],
                    time: try time(line, location: location),
                    value: kept,
                    unit: isKetone ? "mmol/L" : "mg/dL",
                    markers: markers,
                    stream: resultStream,
                    sampleSite: readingType == 2 ? sensorSite : nil,
                    beyondRange: beyond,
                    analyte: isKetone ? .betaKetone : .glucose
                )
                if isKetone { tally.ketones.append(reading) } else { tally.readings.append(reading) }
            } catch {
                tally.problems.append(error)
            }
        }
        return tally
    }

    private static func integers(
        _ line: FreeStyleMultiRecord.Line,
        at positions: [Int],
        location: String,
        what: String
    ) throws(MeterRecordProblem) -> [Int] {
        let fields = line.fields
        let needed = (positions.max() ?? 0) + 1
        guard fields.count >= needed else {
            throw MeterRecordProblem(
                location: location,
                reason: "\(fields.count) fields; \(what) needs at least \(needed)",
                text: line.text
            )
        }
        var values: [Int] = []
        for position in positions {
            guard let value = Int(fields[position]) else {
                throw MeterRecordProblem(
                    location: location,
                    reason: "field \(position + 1) '\(fields[position])' is not a whole number",
                    text: line.text
                )
            }
            values.append(value)
        }
        return values
    }

    /// Fields 2–7: month, day, two-digit year (from 2000), hour, minute, second.
    private static func time(_ line: FreeStyleMultiRecord.Line, location: String) throws(MeterRecordProblem)
        -> MeterLocalTime
    {
        let n = try integers(line, at: [2, 3, 4, 5, 6, 7], location: location, what: "a dated record")
        guard
            let time = MeterLocalTime(year: 2000 + n[2], month: n[0], day: n[1], hour: n[3], minute: n[4], second: n[5])
        else {
            throw MeterRecordProblem(
                location: location,
                reason: "no such date and time: \(line.fields[2...7].joined(separator: ","))",
                text: line.text
            )
        }
        return time
    }
}
