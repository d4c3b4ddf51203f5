/// A message read from the bus: a signal, a method call to one of our objects, a reply or an error.
public struct DBusMessage: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case methodCall, methodReturn, error, signal
    }

    public var kind: Kind
    public var serial: UInt32
    public var replySerial: UInt32
    public var sender: String?
    public var path: String?
    public var interface: String?
    public var member: String?
    public var errorName: String?
    public var arguments: [DBusValue]

    public init(
        kind: Kind,
        serial: UInt32 = 0,
        replySerial: UInt32 = 0,
        sender: String? = nil,
        path: String? = nil,
        interface: String? = nil,
        member: String? = nil,
        errorName: String? = nil,
        arguments: [DBusValue] = []
    ) {
        self.kind = kind
        self.serial = serial
        self.replySerial = replySerial
        self.sender = sender
        self.path = path
        self.interface = interface
        self.member = member
        self.errorName = errorName
        self.arguments = arguments
    }
}

/// How an exported object answers a method call: return values, or a D-Bus error.
public enum DBusMethodReply: Sendable {
    case values([DBusValue])
    case error(DBusError)
}
