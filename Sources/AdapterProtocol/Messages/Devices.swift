/// A device as an adapter describes it during discovery, pairing and attach.
public struct DeviceDescriptor: Codable, Sendable, Hashable {
    /// The adapter's stable id for the device (a Bluetooth address, a meter's serial).
    public var deviceId: String
    public var name: String
    /// The measurement kinds the device produces.
    public var kinds: [String]
    public var address: String?
    public var rssi: Int?
    public var manufacturer: String?
    public var model: String?
    public var serial: String?
    public var paired: Bool?

    public init(
        deviceId: String,
        name: String,
        kinds: [String],
        address: String? = nil,
        rssi: Int? = nil,
        manufacturer: String? = nil,
        model: String? = nil,
        serial: String? = nil,
        paired: Bool? = nil
    ) {
        self.deviceId = deviceId
        self.name = name
        self.kinds = kinds
        self.address = address
        self.rssi = rssi
        self.manufacturer = manufacturer
        self.model = model
        self.serial = serial
        self.paired = paired
    }
}

/// `devices/discover` (hub → adapter): look for devices for `seconds`.
public struct DiscoverDevicesRequest: RPCRequest, Hashable {
    public static let method = "devices/discover"
    public typealias Result = DiscoverDevicesResult
    public var seconds: Double?
    public init(seconds: Double? = nil) { self.seconds = seconds }
}

/// Every device found during a discovery.
public struct DiscoverDevicesResult: Codable, Sendable, Hashable {
    public var devices: [DeviceDescriptor]
    public init(devices: [DeviceDescriptor]) { self.devices = devices }
}

/// `devices/found` (adapter → hub): one device found while discovering.
public struct DeviceFoundNotification: RPCNotification, Hashable {
    public static let method = "devices/found"
    public var device: DeviceDescriptor
    public init(device: DeviceDescriptor) { self.device = device }
}

/// `devices/pair` (hub → adapter): pair and remember one device.
public struct PairDeviceRequest: RPCRequest, Hashable {
    public static let method = "devices/pair"
    public typealias Result = PairDeviceResult
    public var deviceId: String
    public var passkey: String?
    public init(deviceId: String, passkey: String? = nil) {
        self.deviceId = deviceId
        self.passkey = passkey
    }
}

/// The paired device.
public struct PairDeviceResult: Codable, Sendable, Hashable {
    public var device: DeviceDescriptor
    public init(device: DeviceDescriptor) { self.device = device }
}

/// `devices/sync` (hub → adapter): submit every record newer than `cursor`, then answer.
public struct SyncDeviceRequest: RPCRequest, Hashable {
    public static let method = "devices/sync"
    public typealias Result = SyncDeviceResult
    public var deviceId: String
    /// The cursor the adapter last stored with a batch for this device; nil on the first sync.
    public var cursor: String?
    public var progressToken: String?
    public init(deviceId: String, cursor: String? = nil, progressToken: String? = nil) {
        self.deviceId = deviceId
        self.cursor = cursor
        self.progressToken = progressToken
    }
}

/// How many records a sync submitted.
public struct SyncDeviceResult: Codable, Sendable, Hashable {
    public var submitted: Int
    public init(submitted: Int) { self.submitted = submitted }
}

/// Where a hot-plugged USB device sits.
public struct USBDeviceAddress: Codable, Sendable, Hashable {
    /// Four lower-case hex digits.
    public var vendorId: String
    /// Four lower-case hex digits.
    public var productId: String
    public var serial: String?
    public var bus: Int?
    public var port: String?

    public init(vendorId: String, productId: String, serial: String? = nil, bus: Int? = nil, port: String? = nil) {
        self.vendorId = vendorId
        self.productId = productId
        self.serial = serial
        self.bus = bus
        self.port = port
    }
}

/// `devices/attach` (hub → adapter): a device the hub saw appear; read it like a sync.
public struct AttachDeviceRequest: RPCRequest, Hashable {
    public static let method = "devices/attach"
    public typealias Result = AttachDeviceResult
    public var deviceId: String?
    public var node: String?
    public var usb: USBDeviceAddress?
    public var cursor: String?
    public var progressToken: String?

    public init(
        deviceId: String? = nil,
        node: String? = nil,
        usb: USBDeviceAddress? = nil,
        cursor: String? = nil,
        progressToken: String? = nil
    ) {
        self.deviceId = deviceId
        self.node = node
        self.usb = usb
        self.cursor = cursor
        self.progressToken = progressToken
    }
}

/// The attached device and how many records were submitted.
public struct AttachDeviceResult: Codable, Sendable, Hashable {
    public var device: DeviceDescriptor
    public var submitted: Int
    public init(device: DeviceDescriptor, submitted: Int) {
        self.device = device
        self.submitted = submitted
    }
}
