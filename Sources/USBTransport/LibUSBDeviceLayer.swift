import CLibUSB

/// One endpoint of a device's interface 0, as its descriptor gives it.
public struct LibUSBEndpoint: Sendable, Hashable {
    /// `bEndpointAddress`: bit 7 set for IN.
    public var address: UInt8
    /// `bmAttributes`: bits 0–1 the transfer type (3 = interrupt).
    public var attributes: UInt8

    public init(address: UInt8, attributes: UInt8) {
        self.address = address
        self.attributes = attributes
    }

    /// `bmAttributes` transfer type of an interrupt endpoint (USB 2.0 §9.6.6).
    public static let interruptType: UInt8 = 0x03

    var isInterrupt: Bool { attributes & 0x03 == Self.interruptType }
    var isIn: Bool { address & 0x80 != 0 }
}

/// A device on the bus as the channel needs to see it before opening it.
public struct LibUSBDeviceEntry: Sendable, Hashable {
    /// The layer's name for the device, handed back to `open`.
    public var token: Int
    public var summary: USBDeviceSummary
    /// The endpoints of interface 0, alternate setting 0; nil when the descriptor cannot be read.
    public var endpoints: [LibUSBEndpoint]?

    public init(token: Int, summary: USBDeviceSummary, endpoints: [LibUSBEndpoint]?) {
        self.token = token
        self.summary = summary
        self.endpoints = endpoints
    }
}

/// libusb status codes the channel tells apart (libusb.h `enum libusb_error`), so a device layer
/// other than libusb can answer with them.
public enum LibUSBStatus {
    public static let success: Int32 = 0
    public static let access = LIBUSB_ERROR_ACCESS.rawValue
    public static let noDevice = LIBUSB_ERROR_NO_DEVICE.rawValue
    public static let pipe = LIBUSB_ERROR_PIPE.rawValue
    public static let timeout = LIBUSB_ERROR_TIMEOUT.rawValue
    public static let busy = LIBUSB_ERROR_BUSY.rawValue
    public static let io = LIBUSB_ERROR_IO.rawValue

    /// libusb's name for a status code, e.g. "LIBUSB_ERROR_NO_DEVICE".
    public static func name(_ status: Int32) -> String { LibUSBContext.errorName(status) }
}

/// The libusb calls `LibUSBReportChannel` makes, behind a seam: the system's libusb in
/// production (`SystemLibUSBLayer`), a fake device in tests, so that endpoint choice, SET_REPORT
/// and error mapping are tested without a meter. Handles and devices are the layer's integers.
public protocol LibUSBDeviceLayer: AnyObject {
    /// The devices on the buses now.
    func deviceList() throws(ReportChannelError) -> [LibUSBDeviceEntry]
    /// `libusb_open`: a status and, on success, a handle.
    func open(token: Int) -> (status: Int32, handle: Int?)
    /// `libusb_set_auto_detach_kernel_driver(1)` then `libusb_claim_interface`.
    func claimInterface(handle: Int, interface: Int32) -> Int32
    /// `libusb_interrupt_transfer` on `endpoint`; `data` is sent (OUT) or filled (IN).
    func interruptTransfer(handle: Int, endpoint: UInt8, data: inout [UInt8], timeoutMilliseconds: UInt32) -> (
        status: Int32, transferred: Int
    )
    /// `libusb_control_transfer`: the number of bytes sent, or a negative status.
    func controlTransfer(
        handle: Int,
        requestType: UInt8,
        request: UInt8,
        value: UInt16,
        index: UInt16,
        data: inout [UInt8],
        timeoutMilliseconds: UInt32
    ) -> Int32
    /// `libusb_release_interface` and `libusb_close`.
    func close(handle: Int, interface: Int32)
}

/// The system's libusb-1.0 as a device layer: one session, the devices of the last listing kept
/// referenced until the next one, and the open handles by number.
public final class SystemLibUSBLayer: LibUSBDeviceLayer {
    private let context: LibUSBContext
    private var devices: [Int: OpaquePointer] = [:]
    private var handles: [Int: OpaquePointer] = [:]
    private var nextHandle = 1

    public init(context: LibUSBContext? = nil) throws(ReportChannelError) {
        if let context { self.context = context } else { self.context = try LibUSBContext() }
    }

    deinit {
        for handle in handles.values { libusb_close(handle) }
        for device in devices.values { libusb_unref_device(device) }
    }

    public func deviceList() throws(ReportChannelError) -> [LibUSBDeviceEntry] {
        var list: UnsafeMutablePointer<OpaquePointer?>?
        let count = libusb_get_device_list(context.raw, &list)
        guard count >= 0, let list else {
            throw .openFailed("libusb_get_device_list: \(LibUSBContext.errorName(Int32(count)))")
        }
        defer { libusb_free_device_list(list, 1) }
        for device in devices.values { libusb_unref_device(device) }
        devices = [:]
        var entries: [LibUSBDeviceEntry] = []
        for index in 0..<Int(count) {
            guard let device = list[index], let summary = LibUSBContext.summary(of: device) else { continue }
            // Kept past libusb_free_device_list, so `open` can still use it.
            devices[index] = libusb_ref_device(device)
            entries.append(LibUSBDeviceEntry(token: index, summary: summary, endpoints: Self.endpoints(of: device)))
        }
        return entries
    }

    private static func endpoints(of device: OpaquePointer) -> [LibUSBEndpoint]? {
        var config: UnsafeMutablePointer<libusb_config_descriptor>?
        guard libusb_get_active_config_descriptor(device, &config) == 0, let config else { return nil }
        defer { libusb_free_config_descriptor(config) }
        guard config.pointee.bNumInterfaces > 0, let interface = config.pointee.interface,
            interface.pointee.num_altsetting > 0, let setting = interface.pointee.altsetting
        else { return nil }
        return (0..<Int(setting.pointee.bNumEndpoints)).compactMap { index in
            setting.pointee.endpoint.map {
                LibUSBEndpoint(address: $0[index].bEndpointAddress, attributes: $0[index].bmAttributes)
            }
        }
    }

    public func open(token: Int) -> (status: Int32, handle: Int?) {
        guard let device = devices[token] else { return (LibUSBStatus.noDevice, nil) }
        var opened: OpaquePointer?
        let status = libusb_open(device, &opened)
        guard status == 0, let opened else { return (status, nil) }
        let number = nextHandle
        nextHandle += 1
        handles[number] = opened
        return (status, number)
    }

    public func claimInterface(handle: Int, interface: Int32) -> Int32 {
        guard let raw = handles[handle] else { return LibUSBStatus.noDevice }
        // The kernel's usbhid driver holds HID meters; let libusb detach it and give it back on release.
        _ = libusb_set_auto_detach_kernel_driver(raw, 1)
        return libusb_claim_interface(raw, interface)
    }

    public func interruptTransfer(handle: Int, endpoint: UInt8, data: inout [UInt8], timeoutMilliseconds: UInt32)
        -> (status: Int32, transferred: Int)
    {
        guard let raw = handles[handle] else { return (LibUSBStatus.noDevice, 0) }
        var transferred: Int32 = 0
        let count = Int32(data.count)
        let status = libusb_interrupt_transfer(raw, endpoint, &data, count, &transferred, timeoutMilliseconds)
        return (status, Int(transferred))
    }

    public func controlTransfer(
        handle: Int,
        requestType: UInt8,
        request: UInt8,
        value: UInt16,
        index: UInt16,
        data: inout [UInt8],
        timeoutMilliseconds: UInt32
    ) -> Int32 {
        guard let raw = handles[handle] else { return LibUSBStatus.noDevice }
        let length = UInt16(data.count)
        return libusb_control_transfer(raw, requestType, request, value, index, &data, length, timeoutMilliseconds)
    }

    public func close(handle: Int, interface: Int32) {
        guard let raw = handles.removeValue(forKey: handle) else { return }
        _ = libusb_release_interface(raw, interface)
        libusb_close(raw)
    }
}
