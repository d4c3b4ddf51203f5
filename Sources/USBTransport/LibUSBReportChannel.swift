import CLibUSB

/// The production channel: a HID-class meter opened through libusb-1.0. Reports go to the device
/// on its interrupt OUT endpoint when it has one, else as HID SET_REPORT control transfers, and
/// come back on its interrupt IN endpoint (devices.md §4.2 "Transport").
public final class LibUSBReportChannel: HIDReportChannel {
    /// Kept so the libusb session outlives the handle opened in it.
    private let context: LibUSBContext
    private var handle: OpaquePointer?
    private let interfaceNumber: Int32
    private let inEndpoint: UInt8
    private let outEndpoint: UInt8?

    // HID 1.11 §7.2.2 SET_REPORT: bmRequestType 0x21 (host to device, class, interface),
    // bRequest 0x09, wValue 0x0200 (output report, id 0), as devices.md §4.2 quotes.
    static let setReportRequestType: UInt8 = 0x21
    static let setReportRequest: UInt8 = 0x09
    static let setReportValue: UInt16 = 0x0200
    /// Time allowed for one report to go out.
    static let sendTimeoutMilliseconds: UInt32 = 1000

    /// Opens the device with `vendorId`:`productId` (on `bus` and `portPath` when given, to pick one
    /// of two identical meters), detaches the kernel's HID driver and claims interface 0.
    public init(
        vendorId: UInt16,
        productId: UInt16,
        bus: Int? = nil,
        portPath: String? = nil,
        context givenContext: LibUSBContext? = nil
    ) throws(ReportChannelError) {
        let context: LibUSBContext
        if let givenContext { context = givenContext } else { context = try LibUSBContext() }
        self.context = context
        var list: UnsafeMutablePointer<OpaquePointer?>?
        let count = libusb_get_device_list(context.raw, &list)
        guard count >= 0, let list else {
            throw .openFailed("libusb_get_device_list: \(LibUSBContext.errorName(Int32(count)))")
        }
        defer { libusb_free_device_list(list, 1) }
        var chosen: OpaquePointer?
        for index in 0..<Int(count) {
            guard let device = list[index], let summary = LibUSBContext.summary(of: device) else { continue }
            guard summary.vendorId == vendorId, summary.productId == productId else { continue }
            if let bus, summary.bus != bus { continue }
            if let portPath, summary.portPath != portPath { continue }
            chosen = device
            break
        }
        let name = "\(USBDeviceSummary.hex(vendorId)):\(USBDeviceSummary.hex(productId))"
        guard let chosen else { throw .openFailed("no USB device \(name) is connected") }
        guard let endpoints = Self.interruptEndpoints(of: chosen) else {
            throw .openFailed("\(name) has no interrupt IN endpoint on interface 0")
        }
        var opened: OpaquePointer?
        let status = libusb_open(chosen, &opened)
        guard status == 0, let opened else {
            throw .openFailed(
                "libusb_open \(name): \(LibUSBContext.errorName(status))"
                    + (status == LIBUSB_ERROR_ACCESS.rawValue ? " (install the udev rules, see README)" : "")
            )
        }
        // The kernel's usbhid driver holds HID meters; let libusb detach it and give it back on release.
        _ = libusb_set_auto_detach_kernel_driver(opened, 1)
        let claim = libusb_claim_interface(opened, 0)
        guard claim == 0 else {
            libusb_close(opened)
            throw .openFailed("claim interface 0 of \(name): \(LibUSBContext.errorName(claim))")
        }
        handle = opened
        interfaceNumber = 0
        inEndpoint = endpoints.in
        outEndpoint = endpoints.out
    }

    deinit { close() }

    /// The interrupt IN and (optional) OUT endpoint addresses of interface 0.
    private static func interruptEndpoints(of device: OpaquePointer) -> (in: UInt8, out: UInt8?)? {
        var config: UnsafeMutablePointer<libusb_config_descriptor>?
        guard libusb_get_active_config_descriptor(device, &config) == 0, let config else { return nil }
        defer { libusb_free_config_descriptor(config) }
        guard config.pointee.bNumInterfaces > 0, let interface = config.pointee.interface,
            interface.pointee.num_altsetting > 0, let setting = interface.pointee.altsetting
        else { return nil }
        var inAddress: UInt8?
        var outAddress: UInt8?
        for index in 0..<Int(setting.pointee.bNumEndpoints) {
            guard let endpoint = setting.pointee.endpoint?[index] else { continue }
            let isInterrupt = endpoint.bmAttributes & 0x03 == UInt8(LIBUSB_TRANSFER_TYPE_INTERRUPT.rawValue)
            guard isInterrupt else { continue }
            if endpoint.bEndpointAddress & 0x80 != 0 {
                inAddress = inAddress ?? endpoint.bEndpointAddress
            } else {
                outAddress = outAddress ?? endpoint.bEndpointAddress
            }
        }
        guard let inAddress else { return nil }
        return (inAddress, outAddress)
    }

    public func send(_ report: [UInt8]) throws(ReportChannelError) {
        guard let handle else { throw .closed }
        guard var padded = HIDReport.padded(report) else { throw .reportTooLong(report.count) }
        let status: Int32
        if let outEndpoint {
            var transferred: Int32 = 0
            status = libusb_interrupt_transfer(
                handle,
                outEndpoint,
                &padded,
                Int32(padded.count),
                &transferred,
                Self.sendTimeoutMilliseconds
            )
        } else {
            let sent = libusb_control_transfer(
                handle,
                Self.setReportRequestType,
                Self.setReportRequest,
                Self.setReportValue,
                UInt16(interfaceNumber),
                &padded,
                UInt16(padded.count),
                Self.sendTimeoutMilliseconds
            )
            status = sent < 0 ? sent : 0
        }
        try Self.check(status, "send a report")
    }

    public func receive(timeout: Duration) throws(ReportChannelError) -> [UInt8] {
        guard let handle else { throw .closed }
        var buffer = [UInt8](repeating: 0, count: HIDReport.size)
        var transferred: Int32 = 0
        let milliseconds = UInt32(clamping: max(1, timeout.wholeMilliseconds))
        let status = libusb_interrupt_transfer(
            handle,
            inEndpoint,
            &buffer,
            Int32(buffer.count),
            &transferred,
            milliseconds
        )
        if status == LIBUSB_ERROR_TIMEOUT.rawValue { throw .timedOut(timeout) }
        try Self.check(status, "receive a report")
        return HIDReport.padded(Array(buffer[0..<Int(transferred)])) ?? buffer
    }

    public func close() {
        guard let handle else { return }
        _ = libusb_release_interface(handle, interfaceNumber)
        libusb_close(handle)
        self.handle = nil
    }

    private static func check(_ status: Int32, _ what: String) throws(ReportChannelError) {
        guard status != 0 else { return }
        if status == LIBUSB_ERROR_NO_DEVICE.rawValue || status == LIBUSB_ERROR_PIPE.rawValue { throw .disconnected }
        throw .io("\(what): \(LibUSBContext.errorName(status))")
    }
}
