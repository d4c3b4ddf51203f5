import HubCore

/// One value beyond which a lab or reading needs action now: what it is about, the limit in the canonical unit, where
/// the limit comes from and what the patient does. Rows live in `CriticalThresholds.standard`.
public struct CriticalThreshold: Sendable, Hashable, Identifiable {
    /// What a threshold looks at: a lab of the catalog, or a component of a measurement kind.
    public enum Subject: Sendable, Hashable {
        /// A lab result by its catalog id (`potassium`, `glucose`).
        case lab(String)
        /// A measurement of `kind`; `component` names the part of a multi-part reading (`systolic`), nil for the value.
        case reading(MeasurementKind, component: String?)
        /// The latest session's interdialytic weight gain, in % of dry weight.
        case interdialyticGain
    }

    /// Which side of the limit fires.
    public enum Direction: String, Sendable, Hashable {
        /// At or above the limit.
        case atOrAbove = "at or above"
        /// Below the limit.
        case below = "below"
    }

    /// A stable id, e.g. `potassium-severe-high`; part of each alert's key.
    public let id: String
    /// What it looks at.
    public let subject: Subject
    /// The analyte's name for people ("Potassium", "Systolic blood pressure").
    public let analyteName: String
    /// Which side fires.
    public let direction: Direction
    /// The limit in `unit`.
    public let limit: Double
    /// The canonical UCUM unit of the subject (values arrive in it).
    public let unit: String
    /// Higher severities win when several rows fire for one value.
    public let severity: Severity
    /// The citation: guideline name, year and section.
    public let source: String
    /// How far the statement was checked; goes in the body, never in the title.
    public let review: String
    /// What to do, in plain words.
    public let action: String

    /// How urgent: `urgent` (today) or `emergency` (now).
    public enum Severity: String, Sendable, Hashable, Comparable {
        /// Act today: call the care team.
        case urgent
        /// Act now.
        case emergency

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .urgent && rhs == .emergency }
    }

    /// A row from its parts.
    public init(
        id: String,
        subject: Subject,
        analyteName: String,
        direction: Direction,
        limit: Double,
        unit: String,
        severity: Severity,
        source: String,
        review: String = CriticalThreshold.notInNotes,
        action: String
    ) {
        self.id = id
        self.subject = subject
        self.analyteName = analyteName
        self.direction = direction
        self.limit = limit
        self.unit = unit
        self.severity = severity
        self.source = source
        self.review = review
        self.action = action
    }

    /// True when `value` (in `unit`) is on the firing side of the limit.
    public func isBreached(by value: Double) -> Bool {
        switch direction {
        case .atOrAbove: value >= limit
        case .below: value < limit
        }
    }

    /// The review status of a limit taken from the named guideline, not quoted in KidneyHub's research notes.
    public static let notInNotes = "Limit stated from the named guideline; not yet reviewed by a clinician."
    /// The review status of a limit the research notes quote with their sources.
    public static let quotedInNotes = "Limit quoted from the named sources; not yet reviewed by a clinician."
}
