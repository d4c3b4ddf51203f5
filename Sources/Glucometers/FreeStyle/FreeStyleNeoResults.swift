/// Reads Precision/Optium Neo `$result?` records (devices.md §4.2 "Record formats";
/// glucometer-protocols `abbott/freestyle-precision-neo.md`; glucometerutils
/// `drivers/fsprecisionneo.py`). Every record starts `type,id,month,day,yy,hour,minute`:
/// - type 7, blood glucose: `…,unknown,value|HI|LO,` and ten unknown fields; mg/dL;
/// - type 9, β-ketone: `…,unknown,value|HI,unknown`; the value is mmol/L × 18;
/// - type 10, insulin; type 6, a clock change; type 11, basal titration (Tidepool
///   `abbottFreeStyleNeo.js` `RECORD_TYPE`): counted, not read.
/// Only the first nine fields are read, as glucometerutils does, so a record with more or fewer
/// trailing fields is kept.
public enum FreeStyleNeoResults {
    /// Record type of a blood glucose result.
    static let glucoseType = "7"
    /// Record type of a β-ketone result.
    static let ketoneType = "9"
    /// What the other record types are, for the report.
    static let otherTypes = ["6": "clock change", "10": "insulin", "11": "basal titration"]

    /// The meter's glucose range in mg/dL: `HI` is above 500, `LO` below 20 (Tidepool
    /// `abbottFreeStyleNeo.js`: "According to spec, HI > 500 and LO < 20").
    public static let glucoseRange = 20.0...500.0
    /// The meter's β-ketone range in mmol/L: `HI` is above 8.0, and there is no `LO` (Tidepool
    /// `freeStyleLibreConstants.js` `KETONE_HI`).
    public static let ketoneHigh = 8.0
    /// The meter stores β-ketone as mmol/L × 18 (glucometerutils `convert_ketone_unit`).
    static let ketoneFactor = 18.0

    /// The glucose readings, ketone readings and other records of a dump; a record that cannot be
    /// read is reported with its line and the others are kept.
    public static func parse(_ lines: [FreeStyleMultiRecord.Line]) -> MeterLogTally {
        var tally = MeterLogTally()
        for line in lines {
            let fields = line.fields
            let type = fields.first ?? ""
            guard type == glucoseType || type == ketoneType else {
                if fields.count == 1, type.isEmpty {
                    tally.count("empty line")
                } else {
                    tally.count(otherTypes[type] ?? "record type \(type)")
                }
                continue
            }
            do throws(MeterRecordProblem) {
                let reading = try read(line, ketone: type == ketoneType)
                if type == ketoneType { tally.ketones.append(reading) } else { tally.readings.append(reading) }
            } catch {
                tally.problems.append(error)
            }
        }
        tally.readings.sort { $0.recordNumber < $1.recordNumber }
        tally.ketones.sort { $0.recordNumber < $1.recordNumber }
        return tally
    }

    private static func read(_ line: FreeStyleMultiRecord.Line, ketone: Bool) throws(MeterRecordProblem)
        -> MeterReading
    {
        let fields = line.fields
        func problem(_ reason: String) -> MeterRecordProblem {
            MeterRecordProblem(location: "$result? line \(line.number)", reason: reason, text: line.text)
        }
        guard fields.count >= 9 else {
            throw problem(
                "\(fields.count) fields; a \(ketone ? "ketone" : "glucose") record has at least 9 (type, id, date, time, value)"
            )
        }
        let numbers = fields[1...6].compactMap { Int($0) }
        guard numbers.count == 6 else {
            throw problem("the record number, date or time is not a number: \(fields[1...6].joined(separator: ","))")
        }
        // Years are offsets from 2000 (devices.md §4.2 `$date?`).
        guard
            let time = MeterLocalTime(
                year: 2000 + numbers[3],
                month: numbers[1],
                day: numbers[2],
                hour: numbers[4],
                minute: numbers[5]
            )
        else {
            throw problem("no such date and time: \(fields[2...6].joined(separator: ","))")
        }
        let text = fields[8]
        let value: Double
        var beyond: MeterRangeLimit?
        switch (text, ketone) {
        case ("HI", false): (value, beyond) = (glucoseRange.upperBound, .above)
        case ("LO", false): (value, beyond) = (glucoseRange.lowerBound, .below)
        case ("HI", true): (value, beyond) = (ketoneHigh, .above)
        default:
            guard let number = Double(text), number.isFinite, number >= 0 else {
                throw problem("the value '\(text)' is not a number\(ketone ? " or HI" : ", HI or LO")")
            }
            value = ketone ? (number / ketoneFactor * 100).rounded() / 100 : number
        }
        return MeterReading(
            recordNumber: numbers[0],
            time: time,
            value: value,
            unit: ketone ? "mmol/L" : "mg/dL",
            beyondRange: beyond,
            analyte: ketone ? .betaKetone : .glucose
        )
    }
}
