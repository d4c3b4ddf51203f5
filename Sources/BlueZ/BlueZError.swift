import DBus

/// A failed BlueZ operation, classified for the adapter protocol's error codes.
public struct BlueZError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// No Bluetooth adapter (controller) on the bus, or BlueZ is not running.
        case noController
        /// The device is not known to BlueZ or did not show up while looking for it.
        case deviceNotFound
        /// Pairing was refused, failed, or needs a passkey we did not have.
        case pairingFailed(needsPasskey: Bool)
        /// The device disconnected (or could not be connected).
        case disconnected
        /// The device lacks what the profile needs.
        case unsupported
        /// Any other D-Bus or BlueZ failure.
        case failed
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }

    /// Pairing errors BlueZ returns from `Device1.Pair` (`org.bluez.Device.rst`).
    static func fromPair(_ error: DBusError, askedForPasskey: Bool, hadPasskey: Bool) -> BlueZError {
        let reason: String
        switch error.name {
        case "org.bluez.Error.AuthenticationRejected": reason = "the device refused pairing"
        case "org.bluez.Error.AuthenticationCanceled": reason = "pairing was cancelled"
        case "org.bluez.Error.AuthenticationFailed":
            reason = hadPasskey ? "the passkey was wrong" : "authentication failed"
        case "org.bluez.Error.AuthenticationTimeout": reason = "the device did not answer in time"
        case "org.bluez.Error.ConnectionAttemptFailed": reason = "the device could not be reached"
        default: reason = error.description
        }
        return BlueZError(
            .pairingFailed(needsPasskey: askedForPasskey && !hadPasskey),
            "pairing failed: \(reason) (\(error.name))"
        )
    }
}
