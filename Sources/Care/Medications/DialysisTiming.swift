/// Timing relative to hemodialysis, which FHIR's value sets cannot say: KidneyHub's extension to `Dosage`.
///
/// Many dialysis patients take blood-pressure drugs after, not before, dialysis on dialysis days to avoid low blood
/// pressure during the session (the research notes' kidney specifics). Exported as the extension
/// `DialysisTiming.extensionURL` on `Dosage` with two parts: `days` (`dialysis` or `non-dialysis`) and `event`
/// (`before-dialysis` or `after-dialysis`) with an optional `offset` in minutes (after the session's end for
/// `after-dialysis`, before its start for `before-dialysis`). The dialysis days are the profile's schedule.
public struct DialysisTiming: Sendable, Hashable, Codable {
    /// The extension's canonical URL.
    public static let extensionURL = "https://kidneyhub.org/fhir/StructureDefinition/dialysis-timing"

    /// Which days: the dialysis days, or the days without dialysis; nil for every day the timing allows.
    public var days: DialysisDays?
    /// A dose timed against the session, nil when only the days are restricted.
    public var event: DialysisEvent?
    /// Minutes from the session (before its start, or after its end).
    public var offsetMinutes: Int?

    /// A dialysis timing from its parts.
    public init(days: DialysisDays? = nil, event: DialysisEvent? = nil, offsetMinutes: Int? = nil) {
        self.days = days
        self.event = event
        self.offsetMinutes = offsetMinutes
    }
}

/// The days a dialysis timing selects.
public enum DialysisDays: String, Sendable, Hashable, Codable, CaseIterable {
    case dialysis
    case nonDialysis = "non-dialysis"
}

/// A dose timed against a dialysis session.
public enum DialysisEvent: String, Sendable, Hashable, Codable, CaseIterable {
    case beforeDialysis = "before-dialysis"
    case afterDialysis = "after-dialysis"
}
