import AdapterProtocol
import CivilTime
import Foundation

/// Turns one Fitbit data file into records (shapes: formats.md §1.3, §1.6; zones: §1.4; units: §1.5).
struct FitbitRecordReader {
    let zone: FitbitZone
    /// The account's height, for the lb-vs-kg rule of weights.
    let heightMetres: Double?
    let device: DeviceIdentity
    let output: ImportOutput
    /// The unit of the previous weight of each `source` ("Aria", "API", …), for weights without a BMI.
    private var lastWeightUnit: [String: String] = [:]

    init(zone: FitbitZone, heightMetres: Double?, device: DeviceIdentity, output: ImportOutput) {
        self.zone = zone
        self.heightMetres = heightMetres
        self.device = device
        self.output = output
    }

    /// A bad record of a file, reported with the byte offset of its array element.
    struct BadRecord: Error {
        var reason: String
        var kind: String
    }

    mutating func read(_ file: FitbitFile, _ bytes: [UInt8]) throws {
        if file.layout == .googleHealthCSV { return try readCSV(file, bytes) }
        if let series = Self.intradaySeries(file.family) { return try readIntraday(file, bytes, series) }
        try readElements(file, { try ExportJSON.parseArray(bytes) }) { reader, entry in
            guard case .object = entry else {
                throw BadRecord(reason: "not a JSON object", kind: file.family.rawValue)
            }
            try reader.record(file.family, entry)
        }
    }

    /// Parses a file with `parse` and reads each element with `readOne`: a file that is not JSON is
    /// reported with the byte offset of the fault, a bad record with the offset of its element.
    private mutating func readElements<Element>(
        _ file: FitbitFile,
        _ parse: () throws -> (elements: [Element], offsets: [Int]),
        _ readOne: (inout FitbitRecordReader, Element) throws -> Void
    ) throws {
        let parsed: (elements: [Element], offsets: [Int])
        do {
            parsed = try parse()
        } catch let error as ExportJSON.Failure {
            return try output.problem(
                "\(file.member.path)@\(error.offset)",
                "file not imported: not valid JSON (\(error.reason))"
            )
        }
        for (index, element) in parsed.elements.enumerated() {
            do {
                try readOne(&self, element)
            } catch let bad as BadRecord {
                try output.problem("\(file.member.path)@\(parsed.offsets[index])", bad.reason, kind: bad.kind)
            }
        }
    }

    /// The kind, id code and unit of a family of per-minute sums.
    typealias IntradaySeries = (kind: String, code: String, unit: String)

    static func intradaySeries(_ family: FitbitFile.Family) -> IntradaySeries? {
        switch family {
        case .steps: ("steps", "steps", "{steps}")
        // Intraday distance is in centimetres (formats.md §1.3, §1.5).
        case .distance: ("distance", "distance", "cm")
        // Fitbit's calories are all energy burned, the resting part included (formats.md §1.3).
        case .calories: ("total_energy", "energy", "kcal")
        default: nil
        }
    }

    /// A file of per-minute sums, read as `read` reads the others, but with its usual elements taken
    /// from their bytes (`ExportJSON.parseIntradayArray`).
    private mutating func readIntraday(_ file: FitbitFile, _ bytes: [UInt8], _ series: IntradaySeries) throws {
        try readElements(file, { try ExportJSON.parseIntradayArray(bytes) }) { reader, element in
            switch element {
            case .sample(let dateTime, let value):
                let wall = bytes.withUnsafeBufferPointer {
                    FitbitTime.usWallClock(DigitReader(bytes: UnsafeBufferPointer(rebasing: $0[dateTime])))
                }
                let number = ExportJSON.number(inString: String(decoding: bytes[value], as: UTF8.self))
                try reader.intradaySum(wall: wall, value: number, series)
            case .other(let entry):
                guard case .object = entry else { throw BadRecord(reason: "not a JSON object", kind: series.kind) }
                try reader.intradaySum(
                    wall: entry["dateTime"]?.string.flatMap(FitbitTime.usWallClock),
                    value: entry["value"]?.number,
                    series
                )
            }
        }
    }

    private mutating func record(_ family: FitbitFile.Family, _ entry: ExportJSON) throws {
        switch family {
        case .weight: try weight(entry)
        case .heartRate: try heartRate(entry)
        case .restingHeartRate: try restingHeartRate(entry)
        case .sleep: try sleep(entry)
        case .waterLogs: try water(entry)
        // Per-minute sums never come here (`readIntraday`); height and profile are read before the data.
        case .steps, .distance, .calories, .height, .profile: return
        }
    }

    // MARK: - Families

    private mutating func weight(_ entry: ExportJSON) throws {
        guard let value = entry["weight"]?.number, value > 0 else {
            throw BadRecord(reason: "weight missing or not positive", kind: "body_weight")
        }
        guard let date = entry["date"]?.string, let time = entry["time"]?.string,
            let wall = FitbitTime.usWallClock("\(date) \(time)")
        else { throw BadRecord(reason: "date/time missing or not MM/dd/yy HH:mm:ss", kind: "body_weight") }
        guard let logId = entry["logId"]?.integer else {
            throw BadRecord(reason: "logId missing", kind: "body_weight")
        }
        // Weight logs are local wall-clock times (formats.md §1.4; logId is that time read as UTC, so it
        // is used as an id only, never as the instant).
        let (_, text) = zone.local(wall)
        let source = (entry["source"]?.string) ?? ""
        let unit = FitbitWeightUnit.decide(
            weight: value,
            bmi: entry["bmi"]?.number,
            profileHeight: heightMetres,
            previous: lastWeightUnit[source]
        )
        lastWeightUnit[source] = unit
        try add(
            MeasurementRecord(
                sourceRecordId: "weight/\(logId)",
                kind: "body_weight",
                value: value,
                unit: unit,
                effectiveTime: text
            )
        )
        if let fat = entry["fat"]?.number, fat > 0, fat < 100 {
            try add(
                MeasurementRecord(
                    sourceRecordId: "fat/\(logId)",
                    kind: "body_fat",
                    value: fat,
                    unit: "%",
                    effectiveTime: text
                )
            )
        }
    }

    /// One minute of steps, distance or calories: values are strings (formats.md §1.3); zero minutes
    /// carry nothing and are not stored.
    private mutating func intradaySum(wall: Int64?, value: Double?, _ series: IntradaySeries) throws {
        let (kind, code, unit) = series
        guard let wall else {
            throw BadRecord(reason: "dateTime missing or not MM/dd/yy HH:mm:ss", kind: kind)
        }
        guard let value, value >= 0 else {
            throw BadRecord(reason: "value missing or negative", kind: kind)
        }
        guard value > 0 else { return }
        let (instant, start) = zone.intraday(wall)
        let end = CivilTime.rfc3339(
            epochSeconds: instant + 60,
            offsetSeconds: zone.intradayUTC ? 0 : CivilTime.offset(of: zone.local, atWallClock: wall + 60)
        )
        try add(
            MeasurementRecord(
                sourceRecordId: "\(code)/\(instant)",
                kind: kind,
                value: value,
                unit: unit,
                effectivePeriod: TimePeriod(start: start, end: end)
            )
        )
    }

    private mutating func heartRate(_ entry: ExportJSON) throws {
        guard let stamp = entry["dateTime"]?.string, let wall = FitbitTime.usWallClock(stamp) else {
            throw BadRecord(reason: "dateTime missing or not MM/dd/yy HH:mm:ss", kind: "heart_rate")
        }
        guard let value = entry["value"], let bpm = value["bpm"]?.number, bpm >= 0 else {
            throw BadRecord(reason: "value.bpm missing or negative", kind: "heart_rate")
        }
        guard bpm > 0 else { return }
        let (instant, text) = zone.intraday(wall)
        try add(
            MeasurementRecord(
                sourceRecordId: "hr/\(instant)",
                kind: "heart_rate",
                value: bpm,
                unit: "/min",
                effectiveTime: text
            )
        )
    }

    private mutating func restingHeartRate(_ entry: ExportJSON) throws {
        guard let value = entry["value"] else {
            throw BadRecord(reason: "value missing", kind: "resting_heart_rate")
        }
        // Days without an estimate have date null and value 0 (formats.md §1.3): nothing to store.
        guard let dateText = value["date"]?.string else { return }
        guard let bpm = value["value"]?.number, bpm >= 0 else {
            throw BadRecord(reason: "value.value missing or negative", kind: "resting_heart_rate")
        }
        guard bpm > 0 else { return }
        guard let wall = FitbitTime.usWallClock(dateText) else {
            throw BadRecord(reason: "value.date is not MM/dd/yy", kind: "resting_heart_rate")
        }
        try restingHeartRate(dayWall: wall, bpm: bpm)
    }

    /// A daily resting heart rate: dated at local midnight, keyed by the date.
    private mutating func restingHeartRate(dayWall wall: Int64, bpm: Double) throws {
        let (_, text) = zone.local(wall - wall % 86_400)
        let day = CivilCalendar.civilFromDays(Int(wall / 86_400))
        let key = String(format: "%04d-%02d-%02d", day.year, day.month, day.day)
        try add(
            MeasurementRecord(
                sourceRecordId: "rhr/\(key)",
                kind: "resting_heart_rate",
                value: bpm,
                unit: "/min",
                effectiveTime: text
            )
        )
    }

    private mutating func sleep(_ entry: ExportJSON) throws {
        guard let logId = entry["logId"]?.integer else { throw BadRecord(reason: "logId missing", kind: "sleep") }
        // Sleep times are device-local wall clock (formats.md §1.4).
        guard let startText = entry["startTime"]?.string, let endText = entry["endTime"]?.string,
            let startWall = FitbitTime.isoWallClock(startText), let endWall = FitbitTime.isoWallClock(endText),
            endWall >= startWall
        else {
            throw BadRecord(
                reason: "startTime/endTime missing, not yyyy-MM-ddTHH:mm:ss.SSS, or in the wrong order",
                kind: "sleep"
            )
        }
        guard let minutes = entry["minutesAsleep"]?.number, minutes >= 0 else {
            throw BadRecord(reason: "minutesAsleep missing or negative", kind: "sleep")
        }
        let start = zone.local(startWall)
        let end = zone.local(endWall)
        guard end.instant >= start.instant else {
            throw BadRecord(reason: "sleep ends before it starts", kind: "sleep")
        }
        try add(
            MeasurementRecord(
                sourceRecordId: "sleep/\(logId)",
                kind: "sleep",
                value: minutes,
                unit: "min",
                effectivePeriod: TimePeriod(start: start.text, end: end.text)
            )
        )
    }

    private mutating func water(_ entry: ExportJSON) throws {
        guard let id = (entry["id"] ?? entry["logId"])?.integer else {
            throw BadRecord(reason: "id missing", kind: "dietary_water")
        }
        guard let amount = entry["waterAmount"]?.number, amount >= 0 else {
            throw BadRecord(reason: "waterAmount missing or negative", kind: "dietary_water")
        }
        // The unit is explicit in water logs (formats.md §1.5).
        let units = [
            "MILLILITER": "mL", "LITER": "L", "FL_OZ": "[foz_us]", "FLUID_OUNCE": "[foz_us]", "fl oz": "[foz_us]",
            "ml": "mL",
        ]
        let unitText = (entry["measurementUnit"]?.string) ?? "MILLILITER"
        guard let unit = units[unitText] else {
            throw BadRecord(reason: "measurementUnit '\(unitText)' is not known", kind: "dietary_water")
        }
        guard let date = entry["date"]?.string, let wall = FitbitTime.usWallClock(date) else {
            throw BadRecord(reason: "date missing or not MM/dd/yy", kind: "dietary_water")
        }
        let (_, text) = zone.local(wall)
        try add(
            MeasurementRecord(
                sourceRecordId: "water/\(id)",
                kind: "dietary_water",
                value: amount,
                unit: unit,
                effectiveTime: text
            )
        )
    }

    // MARK: - Google Health CSVs (formats.md §1.6: stamps end in Z, true UTC)

    private mutating func readCSV(_ file: FitbitFile, _ bytes: [UInt8]) throws {
        var csv = FitbitCSV(bytes)
        guard let header = csv.next()?.map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) else { return }
        // Some families are present as files holding the literal text "no data" (formats.md §1.5).
        guard let timeColumn = header.firstIndex(of: "timestamp") else {
            if header.first == "no data" { return }
            return try output.problem(
                "\(file.member.path):\(csv.line)",
                "file not imported: no timestamp column",
                kind: file.family.rawValue
            )
        }
        let valueNames: [String] =
            switch file.family {
            case .heartRate, .restingHeartRate: ["beats per minute"]
            case .steps: ["steps"]
            case .weight: ["weight grams"]
            default: []
            }
        guard let valueColumn = header.firstIndex(where: valueNames.contains) else {
            return try output.problem(
                "\(file.member.path):\(csv.line)",
                "file not imported: no \(valueNames.joined()) column",
                kind: file.family.rawValue
            )
        }
        while let row = csv.next() {
            if row.count == 1 && row[0].isEmpty { continue }  // a blank line
            let location = "\(file.member.path):\(csv.line)"
            let kindName: String =
                switch file.family {
                case .heartRate: "heart_rate"
                case .restingHeartRate: "resting_heart_rate"
                case .steps: "steps"
                default: "body_weight"
                }
            guard row.count > max(timeColumn, valueColumn), let wall = FitbitTime.isoWallClock(row[timeColumn]),
                row[timeColumn].hasSuffix("Z")
            else {
                try output.problem(location, "timestamp missing or not yyyy-MM-ddTHH:mm:ssZ", kind: kindName)
                continue
            }
            guard let value = Double(row[valueColumn].trimmingCharacters(in: .whitespaces)), value.isFinite, value >= 0
            else {
                try output.problem(location, "value '\(row[valueColumn])' is not a non-negative number", kind: kindName)
                continue
            }
            let text = CivilTime.rfc3339(epochSeconds: wall, offsetSeconds: 0)
            switch file.family {
            case .heartRate where value > 0:
                try add(
                    MeasurementRecord(
                        sourceRecordId: "hr/\(wall)",
                        kind: "heart_rate",
                        value: value,
                        unit: "/min",
                        effectiveTime: text
                    )
                )
            case .restingHeartRate where value > 0:
                try restingHeartRate(dayWall: wall, bpm: value)
            case .steps where value > 0:
                try add(
                    MeasurementRecord(
                        sourceRecordId: "steps/\(wall)",
                        kind: "steps",
                        value: value,
                        unit: "{steps}",
                        effectivePeriod: TimePeriod(
                            start: text,
                            end: CivilTime.rfc3339(epochSeconds: wall + 60, offsetSeconds: 0)
                        )
                    )
                )
            // The newest Google CSV gives weight in grams (formats.md §1.5).
            case .weight where value > 0:
                try add(
                    MeasurementRecord(
                        sourceRecordId: "weight-csv/\(wall)",
                        kind: "body_weight",
                        value: value,
                        unit: "g",
                        effectiveTime: text
                    )
                )
            default:
                continue
            }
        }
    }

    // MARK: - Helpers

    private func add(_ record: MeasurementRecord) throws {
        try output.add(record, device: device)
    }
}

/// The rule for Fitbit weights, which carry no unit (formats.md §1.5 "Robust rule").
enum FitbitWeightUnit {
    /// International pound in kg, exact (formats.md §5).
    static let kilogramsPerPound = 0.45359237
    /// Adult heights the BMI test accepts as plausible, in metres (formats.md §1.5).
    static let plausibleHeights = 1.2...2.2

    /// `[lb_av]` or `kg`. With a BMI: the unit whose implied height (√(kg / BMI)) is plausible, the one
    /// closer to the profile's height when both are. Without: the previous weight's unit from the same
    /// source, else pounds (the exports' usual unit, even for metric users, formats.md §1.5).
    static func decide(weight: Double, bmi: Double?, profileHeight: Double?, previous: String?) -> String {
        if let bmi, bmi > 0 {
            let heightIfPounds = (weight * kilogramsPerPound / bmi).squareRoot()
            let heightIfKilograms = (weight / bmi).squareRoot()
            let poundsPlausible = plausibleHeights.contains(heightIfPounds)
            let kilogramsPlausible = plausibleHeights.contains(heightIfKilograms)
            switch (poundsPlausible, kilogramsPlausible) {
            case (true, false): return "[lb_av]"
            case (false, true): return "kg"
            case (true, true):
                if let profileHeight {
                    return abs(heightIfPounds - profileHeight) <= abs(heightIfKilograms - profileHeight)
                        ? "[lb_av]" : "kg"
                }
            case (false, false): break
            }
        }
        return previous ?? "[lb_av]"
    }
}
