import Care

/// Who on the care team ordered a medication, and when (the server's `requester.display` and `authoredOn`).
public struct CareTeamOrderOrigin: Sendable, Equatable, Codable {
    /// The clinician's name as the server gives it.
    public var orderedBy: String
    /// When it was written, as the server gives it (RFC 3339).
    public var orderedAt: String

    public init(orderedBy: String, orderedAt: String) {
        self.orderedBy = orderedBy
        self.orderedAt = orderedAt
    }
}

/// One order as pulled from the care-team server: the order as the hub reads it, its server version and origin.
public struct PulledCareTeamOrder: Sendable, Equatable {
    public var order: MedicationOrder
    /// The server's `meta.versionId` (1 when written, one more at each change).
    public var version: Int
    public var origin: CareTeamOrderOrigin

    public init(order: MedicationOrder, version: Int, origin: CareTeamOrderOrigin) {
        self.order = order
        self.version = version
        self.origin = origin
    }
}

/// What applying one pull did to the profile's medications.
public struct CareTeamOrderChanges: Sendable, Equatable {
    /// Medications added with their schedules.
    public var added: [String] = []
    /// Medications stopped because the care team stopped them.
    public var stopped: [String] = []
    /// Orders already applied at this version (a repeated pull).
    public var unchanged = 0
    /// Ordered medications that have the name of an active medication the patient entered herself: both are kept
    /// side by side (nothing of hers is replaced) and named here for her to look at.
    public var besideOwn: [String] = []

    public init() {}
}
