/// What happened to an adapter, for the event log.
public enum AdapterEventKind: String, Sendable, Hashable, Codable, CaseIterable {
    case started
    case crashed
    case restarted
    case violation
    case timeout
    case hung
    case quarantined
    case stopped
    case oversizedLine = "oversized_line"
    case log
    /// A hot-plugged device was handed to this adapter (issue 6).
    case deviceAttached = "device_attached"
    /// A hot-plugged device went away (issue 6).
    case deviceDetached = "device_detached"
    /// A device appeared that no adapter handles; nothing was launched (issue 6).
    case deviceUnsupported = "device_unsupported"
    /// What the user was told, e.g. "12 new glucose readings from FreeStyle Precision Neo" (until
    /// the notifications subsystem of issue 9 exists).
    case notification
}

/// A row of the `adapterEvent` table: one thing that happened to an adapter.
public struct AdapterEvent: Sendable, Equatable, Codable {
    /// The row id; nil until stored.
    public var id: Int64?
    /// The adapter it happened to.
    public var adapterId: String
    /// When (epoch ms).
    public var atMs: Int64
    /// What happened.
    public var kind: AdapterEventKind
    /// One line for people.
    public var message: String
    /// More, for example the first 200 bytes of an oversized line or the stderr tail of a crash.
    public var detail: String?

    /// An event not yet stored.
    public init(adapterId: String, atMs: Int64, kind: AdapterEventKind, message: String, detail: String? = nil) {
        self.id = nil
        self.adapterId = adapterId
        self.atMs = atMs
        self.kind = kind
        self.message = message
        self.detail = detail
    }

}
