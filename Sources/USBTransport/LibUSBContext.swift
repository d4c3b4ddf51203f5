import CLibUSB

/// One libusb-1.0 session (`libusb_init` … `libusb_exit`): the device list and the hotplug
/// capability. Hardware-free calls, so tests run them on any machine.
public final class LibUSBContext {
    /// The raw `libusb_context *`.
    public let raw: OpaquePointer

    /// Starts a libusb session.
    public init() throws(ReportChannelError) {
        var context: OpaquePointer?
        let status = libusb_init(&context)
        guard status == 0, let context else { throw .io("libusb_init: \(LibUSBContext.errorName(status))") }
        raw = context
    }

    deinit { libusb_exit(raw) }

    /// libusb's version, e.g. "1.0.26".
    public static var version: String {
        guard let version = libusb_get_version()?.pointee else { return "unknown" }
        return "\(version.major).\(version.minor).\(version.micro)"
    }

    /// Whether this platform's libusb can report arrivals and departures
    /// (`LIBUSB_CAP_HAS_HOTPLUG`, libusb.h `enum libusb_capability`).
    public static var hasHotplug: Bool {
        libusb_has_capability(UInt32(LIBUSB_CAP_HAS_HOTPLUG.rawValue)) != 0
    }

    /// Every device on the buses now.
    public func devices() throws(ReportChannelError) -> [USBDeviceSummary] {
        var list: UnsafeMutablePointer<OpaquePointer?>?
        let count = libusb_get_device_list(raw, &list)
        guard count >= 0, let list else { throw .io("libusb_get_device_list: \(Self.errorName(Int32(count)))") }
        defer { libusb_free_device_list(list, 1) }
        return (0..<Int(count)).compactMap { index in list[index].flatMap(Self.summary) }
    }

    /// The summary of one `libusb_device *`; nil when its descriptor cannot be read.
    static func summary(of device: OpaquePointer) -> USBDeviceSummary? {
        var descriptor = libusb_device_descriptor()
        guard libusb_get_device_descriptor(device, &descriptor) == 0 else { return nil }
        let bus = Int(libusb_get_bus_number(device))
        var ports = [UInt8](repeating: 0, count: 7)  // USB 3.0 allows 7 levels of hubs (libusb docs)
        let depth = libusb_get_port_numbers(device, &ports, Int32(ports.count))
        let path = depth > 0 ? "\(bus)-" + ports[0..<Int(depth)].map(String.init).joined(separator: ".") : "\(bus)-0"
        return USBDeviceSummary(
            vendorId: descriptor.idVendor,
            productId: descriptor.idProduct,
            bus: bus,
            portPath: path,
            deviceClass: descriptor.bDeviceClass
        )
    }

    /// libusb's name for a status code, e.g. "LIBUSB_ERROR_NO_DEVICE".
    public static func errorName(_ status: Int32) -> String {
        guard let name = libusb_error_name(status) else { return "libusb error \(status)" }
        return String(cString: name)
    }
}
