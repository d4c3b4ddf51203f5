import CareServerStore
import Foundation

/// The interdialytic gains of a run of weights: each pre-dialysis weight minus the newest post-dialysis weight
/// before it, in kg and in % of that post-dialysis weight (the hub syncs no dry weight; see `PatientFlags.gain`).
public enum GainSeries {
    public struct Gain: Sendable, Equatable {
        public var at: Date
        public var kilograms: Double
        public var percent: Double
    }

    /// The gains of `weights` (body weights with their phase, oldest first); weights without a phase are skipped.
    public static func gains(_ weights: [PortalReading]) -> [Gain] {
        var lastPost: Double?
        var gains: [Gain] = []
        for weight in weights.sorted(by: { $0.effectiveAt < $1.effectiveAt }) {
            guard let value = weight.value else { continue }
            switch weight.phase {
            case "post": lastPost = value
            case "pre":
                if let post = lastPost, post > 0 {
                    gains.append(
                        Gain(at: weight.effectiveAt, kilograms: value - post, percent: (value - post) / post * 100)
                    )
                }
            default: continue
            }
        }
        return gains
    }
}
