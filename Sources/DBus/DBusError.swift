/// A D-Bus failure: an error reply (with its D-Bus error name, e.g. `org.bluez.Error.AuthenticationRejected`) or a
/// local problem (no bus, a timeout, a lost connection, a value of the wrong type).
public struct DBusError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The D-Bus error name.
    public var name: String
    public var message: String

    public init(name: String, message: String) {
        self.name = name
        self.message = message
    }

    public var description: String { message.isEmpty ? name : "\(name): \(message)" }

    /// The call got no answer in time.
    public static let timeoutName = "org.freedesktop.DBus.Error.Timeout"
    /// The connection to the bus is gone.
    public static let disconnectedName = "org.freedesktop.DBus.Error.Disconnected"
    /// An answer of an unexpected shape.
    public static let invalidReplyName = "org.kidneyhub.DBus.Error.InvalidReply"
}
