/// The change of kidney function over time: the least-squares slope of eGFR against time, per year.
public struct EGFRSlope: Sendable, Hashable, Codable {
    /// The slope in mL/min/1.73 m² per year; negative is a decline.
    public let perYear: Double
    /// How many readings the line was fitted to.
    public let readingCount: Int
    /// Days from the first reading to the last.
    public let spanDays: Double

    /// Fewest readings a slope is fitted to.
    public static let minimumReadings = 2
    /// Shortest span a slope is fitted over: CKD is defined by changes lasting more than 3 months (nutrition.md §2.9
    /// [R16]), and a shorter span turns day-to-day creatinine noise into a steep slope.
    public static let minimumSpanDays = 90
    /// KDIGO 2012 Rec 2.1.3: rapid progression is "a sustained decline in eGFR of more than 5 ml/min/1.73 m²/year"
    /// (KDIGO 2012 CKD guideline, Kidney Int Suppl 2013;3:1–150; not in nutrition.md, checked against a summary of
    /// the 2012 recommendations).
    public static let rapidDeclinePerYear = 5.0
    /// Days in the year the slope is expressed per (the Julian year, 365.25 days).
    static let daysPerYear = 365.25
    static let millisecondsPerDay = 86_400_000.0

    /// A slope from its parts; `fit` is the usual way to make one.
    public init(perYear: Double, readingCount: Int, spanDays: Double) {
        self.perYear = perYear
        self.readingCount = readingCount
        self.spanDays = spanDays
    }

    /// True when eGFR falls by more than 5 mL/min/1.73 m² per year (KDIGO's rapid progression); exactly 5 is not.
    public var isRapidProgression: Bool {
        perYear < -Self.rapidDeclinePerYear
    }

    /// Fits a line to the readings (any order) by least squares; needs 2 or more readings spanning 90 days or more.
    public static func fit(_ readings: [EGFRReading]) throws(EGFRSlopeError) -> EGFRSlope {
        if let index = readings.firstIndex(where: { !$0.egfr.isFinite || $0.egfr < 0 }) {
            throw .invalidEGFR(readings[index].egfr, index: index)
        }
        guard let first = readings.map(\.epochMilliseconds).min(),
            let last = readings.map(\.epochMilliseconds).max()
        else {
            throw .notEnoughData(readings: 0, spanDays: 0)
        }
        let spanDays = Double(last - first) / millisecondsPerDay
        guard readings.count >= minimumReadings, spanDays >= Double(minimumSpanDays) else {
            throw .notEnoughData(readings: readings.count, spanDays: spanDays)
        }
        // Time in years from the first reading, centred on the mean so the sums stay well conditioned.
        let years = readings.map { Double($0.epochMilliseconds - first) / millisecondsPerDay / daysPerYear }
        let count = Double(readings.count)
        let meanYear = years.reduce(0, +) / count
        let meanEGFR = readings.reduce(0) { $0 + $1.egfr } / count
        var sxx = 0.0
        var sxy = 0.0
        for (year, reading) in zip(years, readings) {
            let dx = year - meanYear
            sxx += dx * dx
            sxy += dx * (reading.egfr - meanEGFR)
        }
        // sxx > 0: the span is at least 90 days, so at least two readings differ in time.
        return EGFRSlope(perYear: sxy / sxx, readingCount: readings.count, spanDays: spanDays)
    }
}
