import Foundation
import HubCore

/// Trend series from a profile's phase-tagged weights: the weights of one dialysis phase, and the interdialytic weight
/// gain per session.
///
/// Weights are stored in kg; the phase series is converted to the display unit through the one unit table
/// (`UnitTable.standard`); the gain series stays in kg, with the percentage of dry weight kept per session.
public enum DialysisWeightSeries {
    /// The series name of the interdialytic weight gain.
    public static let gainSeriesName = "idwg"
    /// The unit of the interdialytic weight gain series.
    public static let gainUnit = "kg"

    /// The weights tagged with `phase` (untagged and other phases left out), in `displayUnits.weight`, earliest first;
    /// the series is named `weight_<phase>` (`weight_pre`, `weight_post`).
    public static func phaseSeries(
        _ weights: [TaggedWeight],
        phase: DialysisPhase,
        displayUnits: DisplayUnits,
        table: UnitTable = .standard
    ) throws(UnitConversionError) -> TrendSeries {
        let unit = displayUnits.weight.ucum
        let converter = try table.converter(from: "kg", to: unit)
        let points =
            weights
            .filter { $0.phase == phase }
            .map {
                TrendPoint(
                    epochMilliseconds: $0.epochMilliseconds,
                    value: converter.isIdentity ? $0.kilograms : converter.apply($0.kilograms)
                )
            }
            .sorted { $0.epochMilliseconds < $1.epochMilliseconds }
        return TrendSeries(name: "weight_\(phase.rawValue)", unit: unit, points: points)
    }

    /// The gain series in kg, one point per session with a gain at the instant of its pre-dialysis weight; gaps are
    /// left out. `percentOfDryWeight` maps each point's instant to its gain in % of dry weight, when a dry weight is set.
    public static func gainSeries(_ results: [InterdialyticGainResult]) -> (
        series: TrendSeries, percentOfDryWeight: [Int64: Double]
    ) {
        var points: [TrendPoint] = []
        var percent: [Int64: Double] = [:]
        for case .gain(let gain) in results {
            let instant = gain.preWeight.epochMilliseconds
            points.append(TrendPoint(epochMilliseconds: instant, value: gain.kilograms))
            if let share = gain.percentOfDryWeight { percent[instant] = share }
        }
        points.sort { $0.epochMilliseconds < $1.epochMilliseconds }
        return (TrendSeries(name: gainSeriesName, unit: gainUnit, points: points), percent)
    }

    /// Minimum, maximum and mean % of dry weight of the given points (those with a percentage); nil when none has one.
    public static func percentSummary(_ points: [TrendPoint], percentOfDryWeight: [Int64: Double])
        -> (minimum: Double, maximum: Double, mean: Double)?
    {
        let values = points.compactMap { percentOfDryWeight[$0.epochMilliseconds] }
        guard let low = values.min(), let high = values.max() else { return nil }
        return (low, high, values.reduce(0, +) / Double(values.count))
    }
}
