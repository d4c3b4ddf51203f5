import DBus

/// Our `org.bluez.Agent1` (bluez `doc/org.bluez.Agent.rst`; research devices.md §2.3): answers a passkey request
/// with the passkey the user gave, or refuses it (`org.bluez.Error.Rejected`) and remembers it was asked, so the
/// caller can tell the user a passkey is needed. Just-Works pairing never calls it.
final class PasskeyAgent {
    static let path = "/org/kidneyhub/bluez/agent"
    /// KeyboardDisplay: we can take a passkey (from the command line) and show one.
    static let capability = "KeyboardDisplay"

    private let passkey: UInt32?
    private(set) var wasAskedForPasskey = false

    init(passkey: UInt32?) {
        self.passkey = passkey
    }

    func register(on bus: DBusConnection) throws(DBusError) {
        bus.export(path: Self.path) { [self] call in handle(call) }
        _ = try bus.call(
            destination: BlueZNames.service,
            path: BlueZNames.agentManagerPath,
            interface: BlueZNames.agentManager,
            member: "RegisterAgent",
            arguments: [.objectPath(Self.path), .string(Self.capability)]
        )
    }

    func unregister(from bus: DBusConnection) {
        _ = try? bus.call(
            destination: BlueZNames.service,
            path: BlueZNames.agentManagerPath,
            interface: BlueZNames.agentManager,
            member: "UnregisterAgent",
            arguments: [.objectPath(Self.path)]
        )
        bus.unexport(path: Self.path)
    }

    private func handle(_ call: DBusMessage) -> DBusMethodReply {
        let rejected = DBusMethodReply.error(DBusError(name: "org.bluez.Error.Rejected", message: "no passkey given"))
        switch call.member {
        case "RequestPasskey":
            wasAskedForPasskey = true
            guard let passkey else { return rejected }
            return .values([.uint32(passkey)])
        case "RequestPinCode":
            wasAskedForPasskey = true
            guard let passkey else { return rejected }
            return .values([.string(String(passkey))])
        case "RequestConfirmation":
            // Numeric comparison: accept only the number the user confirmed, when one was given.
            let shown = call.arguments.dropFirst().first?.integerValue
            if let passkey, let shown, UInt32(shown) != passkey {
                return .error(DBusError(name: "org.bluez.Error.Rejected", message: "passkey \(shown) does not match"))
            }
            return .values([])
        case "RequestAuthorization", "AuthorizeService", "DisplayPasskey", "DisplayPinCode", "Release", "Cancel":
            return .values([])
        default:
            return .error(DBusError(name: "org.freedesktop.DBus.Error.UnknownMethod", message: "\(call.member ?? "")"))
        }
    }
}
