/// A profile's link to its care-team server: where it pushes, with which device token, as which patient, and how
/// far the server has acknowledged its readings.
public struct CareTeamLink: Sendable, Equatable {
    public var profileId: Int64
    /// The server's base URL (`https://clinic.example`), without a trailing slash.
    public var serverURL: String
    /// The device token from the enrollment; good for the sync of this patient alone.
    public var deviceToken: String
    /// `Patient/<id>` on the server: the subject every pushed resource names.
    public var patientReference: String
    /// The last measurement id the server acknowledged (2xx); readings after it are pending.
    public var readingCursor: Int64
    /// The last lab result id the server acknowledged.
    public var labCursor: Int64 = 0
    /// The last dose log row (its rowid, the order entries were logged in) the server acknowledged.
    public var doseCursor: Int64 = 0
    public var connectedAtMs: Int64
    /// When a push last succeeded.
    public var lastPushAtMs: Int64?
    /// Why the last push failed, cleared by the next success.
    public var lastError: String?

    public init(
        profileId: Int64,
        serverURL: String,
        deviceToken: String,
        patientReference: String,
        readingCursor: Int64,
        connectedAtMs: Int64,
        lastPushAtMs: Int64?,
        lastError: String?,
        labCursor: Int64 = 0,
        doseCursor: Int64 = 0
    ) {
        self.labCursor = labCursor
        self.doseCursor = doseCursor
        self.profileId = profileId
        self.serverURL = serverURL
        self.deviceToken = deviceToken
        self.patientReference = patientReference
        self.readingCursor = readingCursor
        self.connectedAtMs = connectedAtMs
        self.lastPushAtMs = lastPushAtMs
        self.lastError = lastError
    }
}
