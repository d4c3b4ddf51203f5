import HubCore

/// One series ready to summarise: its name, its display unit and its points in that unit.
public struct TrendSeries: Sendable, Hashable {
    /// The subject's id, or the component for blood pressure (`systolic`, `diastolic`).
    public var name: String
    /// The UCUM unit of every point.
    public var unit: String
    /// The points, earliest first.
    public var points: [TrendPoint]
    /// The instants of points computed rather than measured (eGFR from creatinine).
    public var derivedInstants: Set<Int64>

    /// A series from its parts.
    public init(name: String, unit: String, points: [TrendPoint], derivedInstants: Set<Int64> = []) {
        self.name = name
        self.unit = unit
        self.points = points
        self.derivedInstants = derivedInstants
    }
}

/// The series of a subject, and notes on what could not be included.
public struct TrendSeriesSet: Sendable, Hashable {
    /// One series, or two for blood pressure.
    public var series: [TrendSeries]
    /// Sentences on values left out (eGFR that could not be derived), for the user.
    public var notes: [String]

    /// A set from its parts.
    public init(series: [TrendSeries], notes: [String] = []) {
        self.series = series
        self.notes = notes
    }
}

/// Turns stored lab results and device readings into series in the profile's display units.
///
/// Every value is converted from the unit it is stored in to the display unit through the one unit table
/// (`UnitTable.standard`); nothing else converts.
public enum TrendSeriesBuilder {
    /// The series of a lab: its stored results, and for eGFR also eGFR derived from `creatinine` results
    /// (CKD-EPI 2021) at the instants without a reported eGFR, when the profile has the sex at birth and the date of
    /// birth.
    public static func labSeries(
        _ lab: LabAnalyte,
        results: [LabValue],
        creatinine: [LabValue] = [],
        profile: PatientProfile,
        table: UnitTable = .standard
    ) throws(UnitConversionError) -> TrendSeriesSet {
        let subject = TrendSubject.lab(lab)
        let unit = subject.displayUnit(profile.displayUnits)
        var converters = Converters(to: unit, analyte: lab.analyte, table: table)
        var points: [TrendPoint] = []
        for result in results where result.analyteID == lab.id {
            points.append(
                TrendPoint(
                    epochMilliseconds: result.takenAt.epochMilliseconds,
                    value: try converters.convert(result.value, from: result.unit)
                )
            )
        }
        var notes: [String] = []
        var derived: Set<Int64> = []
        if lab.id == LabAnalyte.egfr.id {
            // One blood draw gives one eGFR point: a creatinine result whose sample day (in the profile's time zone,
            // the rule of `CreatinineEGFR.sampleDay`) has a reported eGFR is not derived again, even when the two were
            // entered at different times of day, so a draw never counts twice in the slope.
            func sampleDay(_ timestamp: RFC3339Timestamp) -> CalendarDate? {
                try? CreatinineEGFR.sampleDay(timestamp.epochMilliseconds, profile: profile)
            }
            let reportedDays = Set(
                results.filter { $0.analyteID == LabAnalyte.egfr.id }.compactMap { sampleDay($0.takenAt) }
            )
            let candidates = creatinine.filter {
                $0.analyteID == LabAnalyte.creatinine.id
                    && !(sampleDay($0.takenAt).map(reportedDays.contains) ?? false)
            }
            let (egfr, egfrNotes) = derivedEGFR(candidates, profile: profile)
            notes += egfrNotes
            for point in egfr {
                let value = try converters.convert(point.value, from: LabAnalyte.egfr.canonicalUnit.code)
                points.append(TrendPoint(epochMilliseconds: point.epochMilliseconds, value: value))
                derived.insert(point.epochMilliseconds)
            }
        }
        points.sort { $0.epochMilliseconds < $1.epochMilliseconds }
        return TrendSeriesSet(
            series: [TrendSeries(name: lab.id, unit: unit, points: points, derivedInstants: derived)],
            notes: notes
        )
    }

    /// The series of a device-reading subject from stored readings of its kind (others are ignored); blood pressure
    /// gives a systolic and a diastolic series.
    public static func readingSeries(
        _ subject: TrendSubject,
        readings: [NormalizedMeasurement],
        displayUnits: DisplayUnits,
        table: UnitTable = .standard
    ) throws(UnitConversionError) -> TrendSeriesSet {
        guard let kind = subject.measurementKind else { return TrendSeriesSet(series: []) }
        let unit = subject.displayUnit(displayUnits)
        var converters = Converters(to: unit, analyte: subject.analyte, table: table)
        var series: [TrendSeries] = []
        let sorted = readings.filter { $0.kind == kind }.sorted { $0.startMs < $1.startMs }
        for name in subject.seriesNames {
            var points: [TrendPoint] = []
            for reading in sorted {
                let raw = kind.components == nil ? reading.value : reading.components?[name]
                guard let raw else { continue }
                points.append(
                    TrendPoint(
                        epochMilliseconds: reading.startMs,
                        value: try converters.convert(raw, from: reading.unit)
                    )
                )
            }
            series.append(TrendSeries(name: name, unit: unit, points: points))
        }
        return TrendSeriesSet(series: series)
    }

    /// eGFR (CKD-EPI 2021, mL/min/{1.73_m2}) for each creatinine result through `CreatinineEGFR.derive` (the age on
    /// the sample's local day in the profile's time zone); notes say why results were left out.
    static func derivedEGFR(_ creatinine: [LabValue], profile: PatientProfile) -> ([TrendPoint], [String]) {
        guard !creatinine.isEmpty else { return ([], []) }
        guard profile.sexAtBirth != nil else {
            return ([], ["eGFR is not derived from creatinine: CKD-EPI 2021 needs the sex at birth"])
        }
        guard profile.dateOfBirth != nil else {
            return ([], ["eGFR is not derived from creatinine: CKD-EPI 2021 needs the date of birth"])
        }
        var points: [TrendPoint] = []
        var notes: [String] = []
        for result in creatinine {
            do {
                let derived = try CreatinineEGFR.derive(result, profile: profile)
                points.append(TrendPoint(epochMilliseconds: derived.epochMilliseconds, value: derived.egfr))
            } catch {
                let reason =
                    switch error {
                    case .equation(let refused): refused.reason
                    default: error.description
                    }
                notes.append(
                    "eGFR is not derived from the creatinine taken at \(RFC3339.format(result.takenAt)): " + reason
                )
            }
        }
        return (points, notes)
    }

    /// Converters to one unit, resolved once per source unit.
    private struct Converters {
        let to: String
        let analyte: Analyte?
        let table: UnitTable
        var byUnit: [String: UnitConverter] = [:]

        init(to: String, analyte: Analyte?, table: UnitTable) {
            self.to = to
            self.analyte = analyte
            self.table = table
        }

        /// `value` in the target unit; an identity conversion returns it untouched (multiplying and dividing by the
        /// same large factor would not).
        mutating func convert(_ value: Double, from unit: String) throws(UnitConversionError) -> Double {
            let converter: UnitConverter
            if let cached = byUnit[unit] {
                converter = cached
            } else {
                converter = try table.converter(from: unit, to: to, analyte: analyte)
                byUnit[unit] = converter
            }
            return converter.isIdentity ? value : converter.apply(value)
        }
    }
}
