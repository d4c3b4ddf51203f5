/// An order's status, with FHIR R4 `MedicationRequest.status` codes (the subset a patient's list needs).
public enum OrderStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// Taken now.
    case active
    /// Paused for a while (before surgery, during an illness); no doses are due.
    case onHold = "on-hold"
    /// Stopped before its end; no doses due, no interaction warnings.
    case stopped
    /// Finished as planned.
    case completed

    /// True while doses are due and the order counts for interaction rules.
    public var isActive: Bool { self == .active }
}
