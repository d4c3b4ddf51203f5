import DBus

/// A remote device as BlueZ's Device1 describes it.
public struct BlueZDevice: Sendable, Hashable {
    public var path: String
    /// `AA:BB:CC:DD:EE:FF`, upper case as BlueZ gives it.
    public var address: String
    public var name: String?
    public var rssi: Int?
    /// Advertised or resolved service UUIDs, lower case 128-bit.
    public var uuids: [String]
    public var paired: Bool
    public var bonded: Bool
    public var trusted: Bool
    public var connected: Bool
    public var servicesResolved: Bool

    /// Reads a Device1 property map.
    public init?(path: String, properties: [String: DBusValue]) {
        guard let address = properties["Address"]?.stringValue else { return nil }
        self.path = path
        self.address = address
        name = properties["Name"]?.stringValue ?? properties["Alias"]?.stringValue
        rssi = properties["RSSI"]?.integerValue
        uuids = (properties["UUIDs"]?.stringArray ?? []).map { $0.lowercased() }
        paired = properties["Paired"]?.boolValue ?? false
        // `Bonded` is new in BlueZ 5.65 (commit 5c05df7c7); older daemons and dbusmock's template lack it.
        bonded = properties["Bonded"]?.boolValue ?? paired
        trusted = properties["Trusted"]?.boolValue ?? false
        connected = properties["Connected"]?.boolValue ?? false
        servicesResolved = properties["ServicesResolved"]?.boolValue ?? false
    }

    /// Applies a PropertiesChanged of Device1.
    public mutating func apply(_ changed: [String: DBusValue]) {
        if let value = changed["Name"]?.stringValue { name = value }
        if let value = changed["RSSI"]?.integerValue { rssi = value }
        if let value = changed["UUIDs"]?.stringArray { uuids = value.map { $0.lowercased() } }
        if let value = changed["Paired"]?.boolValue { paired = value }
        if let value = changed["Bonded"]?.boolValue { bonded = value }
        if let value = changed["Trusted"]?.boolValue { trusted = value }
        if let value = changed["Connected"]?.boolValue { connected = value }
        if let value = changed["ServicesResolved"]?.boolValue { servicesResolved = value }
    }
}

/// A GATT characteristic BlueZ exposes under a connected device.
public struct BlueZCharacteristic: Sendable, Hashable {
    public var path: String
    /// Lower-case 128-bit UUID.
    public var uuid: String
    /// The service object it belongs to.
    public var service: String
    /// `read`, `write`, `notify`, `indicate`, …
    public var flags: [String]
}
