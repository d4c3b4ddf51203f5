import HubRecords

/// A profile's care-team link as shown: the server, the patient it pushes as, and what is still to be sent (the
/// device token is never shown).
public struct CareTeamStatus: Sendable, Equatable {
    public var profile: String
    /// The server's base URL; nil when the profile is not connected.
    public var serverURL: String?
    /// `Patient/<id>` on the server.
    public var patientReference: String?
    /// The last measurement id the server acknowledged.
    public var readingCursor: Int64
    /// Readings not yet acknowledged.
    public var pendingReadings: Int
    public var connectedAtMs: Int64?
    public var lastPushAtMs: Int64?
    public var lastError: String?
    /// Lab results and dose log entries not yet acknowledged (intake totals are sent whenever they changed).
    public var pendingLabs = 0
    public var pendingDoses = 0
}

/// What one `sync` did.
public struct CareTeamSyncReport: Sendable, Equatable {
    /// Bundles the server acknowledged.
    public var bundles = 0
    /// Resources sent in them.
    public var sent = 0
    /// Of those, by kind: `reading`, `lab`, `intake`, `dose`, `questionnaire-response`.
    public var sentByKind: [String: Int] = [:]
    /// Of those, how many the server stored now (201) and how many it held already (200).
    public var created = 0
    public var alreadyStored = 0
    /// Resources left out for want of a verified code, by kind (as in the FHIR export).
    public var leftOut: [String: Int] = [:]
    /// Failed attempts that a retry then got through.
    public var retries = 0
    /// Readings still queued after the run (a bounded run leaves some).
    public var pending = 0
    /// The cursor after the run.
    public var cursor: Int64 = 0
    /// What the orders pulled from the care team did to the profile's medications (nil when the pull did not run:
    /// the push failed before it).
    public var orders: CareTeamOrderChanges?
    /// How many assigned questionnaires the pull brought (nil when the pull did not run).
    public var questionnaires: Int?
}

/// How one `sync` runs: Bundle size, how many Bundles at most, and the retries of each.
public struct CareTeamSyncOptions: Sendable {
    /// Readings per Bundle: small enough for a slow uplink and the server's limit (1,000 entries, 4 MB).
    public var bundleSize = 200
    /// Stop after this many Bundles (nil: until nothing is pending). A periodic push from `serve` would bound it.
    public var maxBundles: Int?
    /// Attempts per Bundle before the run gives up (the first and the retries).
    public var attempts = 4
    /// The wait before the first retry; it doubles on each retry.
    public var initialBackoff: Duration = .milliseconds(500)
    /// How long one request may take.
    public var requestTimeout: Duration = .seconds(30)
    /// How long one attempt keeps trying to connect (a server that is down refuses until then).
    public var connectTimeout: Duration = .seconds(10)

    public init(
        bundleSize: Int = 200,
        maxBundles: Int? = nil,
        attempts: Int = 4,
        initialBackoff: Duration = .milliseconds(500),
        connectTimeout: Duration = .seconds(10)
    ) {
        self.connectTimeout = connectTimeout
        self.bundleSize = max(1, min(bundleSize, 1000))
        self.maxBundles = maxBundles
        self.attempts = max(1, attempts)
        self.initialBackoff = initialBackoff
    }
}
