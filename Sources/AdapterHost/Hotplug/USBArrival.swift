import AdapterProtocol

/// A USB device that appeared, as a hotplug source reports it.
public struct USBArrival: Sendable, Hashable, Codable {
    /// Four lower-case hex digits.
    public var vendorId: String
    /// Four lower-case hex digits.
    public var productId: String
    /// The device's serial number string, when the source could read it.
    public var serial: String?
    public var bus: Int?
    /// The sysfs port path, e.g. "1-1.2".
    public var port: String?
    /// A device node (`/dev/hidraw3`), or `unix:<path>` for a simulated meter's socket.
    public var node: String?

    public init(
        vendorId: String,
        productId: String,
        serial: String? = nil,
        bus: Int? = nil,
        port: String? = nil,
        node: String? = nil
    ) {
        self.vendorId = vendorId.lowercased()
        self.productId = productId.lowercased()
        self.serial = serial
        self.bus = bus
        self.port = port
        self.node = node
    }

    /// Where the device sits, to pair a departure with its arrival: the port when known, else the node.
    public var key: USBDeviceKey {
        USBDeviceKey(
            place: port.map { "usb:\(bus.map(String.init) ?? "?")/\($0)" } ?? node
                ?? "\(vendorId):\(productId):\(serial ?? "")"
        )
    }

    /// "1a61:3850", for messages.
    public var label: String { "\(vendorId):\(productId)" }

    /// The `usb` member of `devices/attach` (adapter-protocol.md §4).
    var address: USBDeviceAddress {
        USBDeviceAddress(vendorId: vendorId, productId: productId, serial: serial, bus: bus, port: port)
    }
}

/// Identifies a plugged-in device for as long as it stays plugged in.
public struct USBDeviceKey: Sendable, Hashable, CustomStringConvertible {
    public var place: String
    public var description: String { place }
}

/// A change a hotplug source saw.
public enum USBHotplugEvent: Sendable, Hashable {
    case arrived(USBArrival)
    case left(USBDeviceKey)
}
