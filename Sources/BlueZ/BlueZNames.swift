/// BlueZ's D-Bus names (bluez `doc/org.bluez.*.rst`; research devices.md §2).
public enum BlueZNames {
    public static let service = "org.bluez"
    public static let adapter = "org.bluez.Adapter1"
    public static let device = "org.bluez.Device1"
    public static let gattService = "org.bluez.GattService1"
    public static let gattCharacteristic = "org.bluez.GattCharacteristic1"
    public static let agentManager = "org.bluez.AgentManager1"
    public static let agent = "org.bluez.Agent1"
    public static let objectManager = "org.freedesktop.DBus.ObjectManager"
    public static let properties = "org.freedesktop.DBus.Properties"
    /// Where BlueZ's AgentManager1 lives.
    public static let agentManagerPath = "/org/bluez"
}
