/// What the bus tells about a USB device without opening it.
public struct USBDeviceSummary: Sendable, Hashable {
    public var vendorId: UInt16
    public var productId: UInt16
    /// The USB bus number.
    public var bus: Int
    /// The port path as sysfs names it, e.g. "1-1.2" (bus, then the hub ports from the root).
    public var portPath: String
    /// `bDeviceClass` (0 = per interface, 9 = hub).
    public var deviceClass: UInt8

    public init(vendorId: UInt16, productId: UInt16, bus: Int, portPath: String, deviceClass: UInt8) {
        self.vendorId = vendorId
        self.productId = productId
        self.bus = bus
        self.portPath = portPath
        self.deviceClass = deviceClass
    }

    /// The vendor id as four lower-case hex digits, as manifests and `devices/attach` write it.
    public var vendorHex: String { Self.hex(vendorId) }
    /// The product id as four lower-case hex digits.
    public var productHex: String { Self.hex(productId) }

    /// `value` as four lower-case hex digits.
    public static func hex(_ value: UInt16) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// `bDeviceClass` of a hub (USB 2.0 §11.23.1), which never holds a meter.
    public static let hubClass: UInt8 = 0x09
}
