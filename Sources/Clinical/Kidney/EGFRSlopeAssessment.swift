/// The change of kidney function over all of a profile's eGFR values, as `trends egfr` and `labs list` report it: the
/// least-squares slope (`EGFRSlope.fit`) and KDIGO's rapid-progression flag, or why there is no slope.
public struct EGFRSlopeAssessment: Sendable, Hashable, Codable {
    /// The slope in mL/min/1.73 m² per year (negative is a decline); nil when there is not enough data.
    public var perYear: Double?
    /// How many eGFR values were given.
    public var readingCount: Int
    /// Days from the first value to the last.
    public var spanDays: Double
    /// True when eGFR falls faster than 5 mL/min/1.73 m² a year (KDIGO 2012 Rec 2.1.3).
    public var rapidProgression: Bool
    /// One sentence for the user: the slope and what it means, or what data is missing.
    public var message: String

    /// The sentence shown when eGFR falls faster than KDIGO's threshold.
    public static let rapidProgressionMessage =
        "falling faster than 5 mL/min/1.73 m² a year (KDIGO 2012 Rec 2.1.3): tell your care team"
    /// The sentence shown when the slope cannot be fitted.
    public static let notEnoughDataMessage = "not enough data (needs 2 values over at least 90 days)"

    /// The assessment of eGFR points in mL/min/{1.73_m2} (reported and derived alike, any order).
    public static func assess(_ points: [TrendPoint]) -> EGFRSlopeAssessment {
        let readings = points.map { EGFRReading(epochMilliseconds: $0.epochMilliseconds, egfr: $0.value) }
        let instants = points.map(\.epochMilliseconds)
        let span = instants.max().map { last in Double(last - (instants.min() ?? last)) / 86_400_000 } ?? 0
        do {
            let slope = try EGFRSlope.fit(readings)
            let rate = LabNumberFormat.fixed(slope.perYear, decimals: 1)
            let sign = slope.perYear > 0 && rate != "0.0" ? "+" : ""
            let verdict =
                slope.isRapidProgression
                ? rapidProgressionMessage
                : "not faster than KDIGO's rapid-progression threshold of 5 mL/min/1.73 m² a year"
            return EGFRSlopeAssessment(
                perYear: slope.perYear,
                readingCount: slope.readingCount,
                spanDays: slope.spanDays,
                rapidProgression: slope.isRapidProgression,
                message: "\(sign)\(rate) mL/min/1.73 m² per year over \(slope.readingCount) values in "
                    + "\(LabNumberFormat.fixed(slope.spanDays, decimals: 0)) days: \(verdict)"
            )
        } catch .notEnoughData {
            return EGFRSlopeAssessment(
                perYear: nil,
                readingCount: points.count,
                spanDays: span,
                rapidProgression: false,
                message: notEnoughDataMessage
            )
        } catch {
            return EGFRSlopeAssessment(
                perYear: nil,
                readingCount: points.count,
                spanDays: span,
                rapidProgression: false,
                message: "no slope: \(error)"
            )
        }
    }
}
