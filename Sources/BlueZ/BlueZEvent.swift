import DBus

/// What BlueZ told us while we waited, from its signals.
public enum BlueZEvent: Sendable, Hashable {
    /// A characteristic's value arrived (a notification or an indication; BlueZ reports both as a PropertiesChanged
    /// of `Value`, even when the bytes are the same as before).
    case value(characteristic: String, bytes: [UInt8])
    /// A device's properties changed.
    case deviceChanged(path: String, changed: [String: DBusValue])
    /// Objects appeared (a device found during discovery, GATT objects after connecting).
    case interfacesAdded(path: String, interfaces: [String: [String: DBusValue]])
}
