/// A unit of time in FHIR R4 `Timing.repeat` (`periodUnit`, `durationUnit`): the UCUM subset `s|min|h|d|wk|mo|a`.
public enum TimingUnit: String, Sendable, Hashable, Codable, CaseIterable {
    case second = "s"
    case minute = "min"
    case hour = "h"
    case day = "d"
    case week = "wk"
    case month = "mo"
    case year = "a"

    /// The codes, for an error that lists what is accepted.
    public static let codes = allCases.map(\.rawValue).joined(separator: ", ")
}
