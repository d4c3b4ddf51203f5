/// A clinician's medication order as stored: its columns and the `MedicationRequest` written (without the `meta`,
/// `status` and `id` the server fills in when it answers).
public struct StoredOrder: Sendable, Equatable {
    /// The row's id (never shown: orders are named by `identifier`).
    public var rowID: Int64
    public var patientID: Int64
    /// The stable identifier, lower-case UUID text.
    public var identifier: String
    /// 1 when written, one more at each change.
    public var version: Int32
    /// `active` or `stopped`.
    public var status: String
    /// The clinician who wrote it.
    public var authorID: Int64
    /// When it was written, RFC 3339 in UTC.
    public var authoredAt: String
    /// When this version was written, RFC 3339 in UTC.
    public var updatedAt: String
    /// The change sequence of this version (what a hub's cursor counts).
    public var changeSequence: Int64
    /// The resource as JSON text.
    public var resource: String

    public init(
        rowID: Int64,
        patientID: Int64,
        identifier: String,
        version: Int32,
        status: String,
        authorID: Int64,
        authoredAt: String,
        updatedAt: String,
        changeSequence: Int64,
        resource: String
    ) {
        self.rowID = rowID
        self.patientID = patientID
        self.identifier = identifier
        self.version = version
        self.status = status
        self.authorID = authorID
        self.authoredAt = authoredAt
        self.updatedAt = updatedAt
        self.changeSequence = changeSequence
        self.resource = resource
    }
}
