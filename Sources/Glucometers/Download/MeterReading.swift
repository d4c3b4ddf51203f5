/// Which side of the meter's measuring range a result fell on, when it was outside it.
///
/// Meters print such a result as `HI`/`LO` (FreeStyle) or mark it `>`/`<` (Contour) instead of a
/// number: the true value is unknown, only that it is beyond the bound. The reading keeps the
/// bound as its value and this flag, so it is never mistaken for a measurement of that value.
public enum MeterRangeLimit: String, Sendable, Hashable {
    /// Above the meter's highest reportable value (`HI`, `>`).
    case above
    /// Below the meter's lowest reportable value (`LO`, `<`).
    case below
}

/// What a meter's result measures: blood glucose, or β-hydroxybutyrate from a ketone strip.
public enum MeterAnalyteKind: String, Sendable, Hashable {
    /// Blood (or interstitial) glucose, submitted as `blood_glucose`.
    case glucose
    /// β-hydroxybutyrate from a ketone strip (FreeStyle Neo record type 9, Libre reading type 1), in
    /// mmol/L, submitted as `blood_ketone`.
    case betaKetone

    /// The measurement kind of adapter-protocol.md §5.2.
    public var measurementKind: String {
        switch self {
        case .glucose: "blood_glucose"
        case .betaKetone: "blood_ketone"
        }
    }
}

/// One result as the meter stored it, in the meter's own unit.
public struct MeterReading: Sendable, Hashable {
    /// The meter's number for the record (FreeStyle record id, Contour sequence number).
    public var recordNumber: Int
    public var time: MeterLocalTime
    /// The measured value; for a result outside the meter's range, the bound it lies beyond.
    public var value: Double
    /// A UCUM code: "mg/dL" or "mmol/L".
    public var unit: String
    /// `fasting`, `before_meal`, `after_meal`… when the meter's marker says so.
    public var mealRelation: String?
    /// The meter's own markers, kept as sent (Contour `B`, `M1`, `T1`…).
    public var markers: [String]
    /// A test of control solution, not of the patient's blood.
    public var isControlSolution: Bool
    /// The meter's record list the reading came from, "" for a meter with one (Libre: `history`,
    /// `arresult`, each numbered on its own).
    public var stream: String
    /// Where the sample came from when the meter says so: "interstitial" for a sensor reading.
    public var sampleSite: String?
    /// Set when the meter reported the result as beyond its range; `value` is then that bound.
    public var beyondRange: MeterRangeLimit?
    /// Glucose or β-ketone.
    public var analyte: MeterAnalyteKind

    public init(
        recordNumber: Int,
        time: MeterLocalTime,
        value: Double,
        unit: String,
        mealRelation: String? = nil,
        markers: [String] = [],
        isControlSolution: Bool = false,
        stream: String = "",
        sampleSite: String? = nil,
        beyondRange: MeterRangeLimit? = nil,
        analyte: MeterAnalyteKind = .glucose
    ) {
        self.recordNumber = recordNumber
        self.time = time
        self.value = value
        self.unit = unit
        self.mealRelation = mealRelation
        self.markers = markers
        self.isControlSolution = isControlSolution
        self.stream = stream
        self.sampleSite = sampleSite
        self.beyondRange = beyondRange
        self.analyte = analyte
    }
}

/// A record of a meter's log that could not be read; the rest of the log is kept.
public struct MeterRecordProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where it is, e.g. "$result? line 7" or "result record 12".
    public var location: String
    /// What was expected and what was there, in words.
    public var reason: String
    /// The record as the meter sent it (cut to 120 characters).
    public var text: String

    public init(location: String, reason: String, text: String) {
        self.location = location
        self.reason = reason
        self.text = String(text.prefix(120))
    }

    public var description: String { "\(location): \(reason) ('\(text)')" }
}

/// Everything one session read from a meter.
public struct MeterDownload: Sendable, Hashable {
    public var manufacturer: String
    public var model: String
    public var serial: String
    public var softwareVersion: String?
    /// The meter's clock when read; nil when the meter says its clock is not set.
    public var meterClock: MeterLocalTime?
    /// Glucose results, oldest record number first.
    public var readings: [MeterReading]
    /// β-ketone strip results in mmol/L, oldest first, submitted as `blood_ketone`.
    public var ketoneReadings: [MeterReading]
    /// Records that are neither glucose nor ketone results, by what they are ("clock change",
    /// "insulin", "invalid sensor reading", "record type 11"…), counted for the report.
    public var otherRecords: [String: Int]
    /// Records that could not be read, each with its place; the others were kept.
    public var problems: [MeterRecordProblem]
    /// Remarks about the log as a whole (a record count that disagrees, a meter without serial).
    public var notes: [String]

    public init(
        manufacturer: String,
        model: String,
        serial: String,
        softwareVersion: String? = nil,
        meterClock: MeterLocalTime?,
        readings: [MeterReading],
        ketoneReadings: [MeterReading] = [],
        otherRecords: [String: Int] = [:],
        problems: [MeterRecordProblem] = [],
        notes: [String] = []
    ) {
        self.manufacturer = manufacturer
        self.model = model
        self.serial = serial
        self.softwareVersion = softwareVersion
        self.meterClock = meterClock
        self.readings = readings
        self.ketoneReadings = ketoneReadings
        self.otherRecords = otherRecords
        self.problems = problems
        self.notes = notes
    }

    /// Records read but not submitted: neither glucose nor ketone results (clock changes, insulin…).
    public var skippedRecords: Int { otherRecords.values.reduce(0, +) }

    /// Every result that is submitted: glucose and β-ketone readings, in stream and record order (they
    /// share the meter's record numbering, so one cursor covers both).
    public var submittableReadings: [MeterReading] {
        (readings + ketoneReadings).sorted { ($0.stream, $0.recordNumber) < ($1.stream, $1.recordNumber) }
    }

    /// One line for the report: what was read, what was left out and why, what could not be read.
    public var summary: String {
        let beyond = readings.filter { $0.beyondRange != nil }.count
        var parts = ["\(readings.count) glucose readings" + (beyond > 0 ? " (\(beyond) beyond the meter's range)" : "")]
        if !ketoneReadings.isEmpty {
            let beyondKetone = ketoneReadings.filter { $0.beyondRange != nil }.count
            parts.append(
                "\(ketoneReadings.count) β-ketone readings"
                    + (beyondKetone > 0 ? " (\(beyondKetone) beyond the meter's range)" : "")
            )
        }
        if !otherRecords.isEmpty {
            parts.append(
                "other records: "
                    + otherRecords.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
            )
        }
        if !problems.isEmpty { parts.append("\(problems.count) unreadable records") }
        return parts.joined(separator: "; ")
    }
}

/// What a parser read from one record list: readings, ketones, other records counted by what
/// they are, and the records it could not read.
public struct MeterLogTally: Sendable, Hashable {
    public var readings: [MeterReading] = []
    public var ketones: [MeterReading] = []
    public var others: [String: Int] = [:]
    public var problems: [MeterRecordProblem] = []

    public init() {}

    mutating func count(_ what: String) { others[what, default: 0] += 1 }

    mutating func merge(_ other: MeterLogTally) {
        readings += other.readings
        ketones += other.ketones
        others.merge(other.others, uniquingKeysWith: +)
        problems += other.problems
    }
}
