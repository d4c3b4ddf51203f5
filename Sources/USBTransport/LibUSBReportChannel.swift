/// The production channel: a HID-class meter opened through libusb-1.0. Reports go to the device
/// on its interrupt OUT endpoint when it has one, else as HID SET_REPORT control transfers, and
/// come back on its interrupt IN endpoint (devices.md §4.2 "Transport"). Every libusb call goes
/// through a `LibUSBDeviceLayer`, so the choices made here are tested against a fake device.
public final class LibUSBReportChannel: HIDReportChannel {
    /// Kept so the libusb session outlives the handle opened in it.
    private let layer: any LibUSBDeviceLayer
    private var handle: Int?
    private let interfaceNumber: Int32 = 0
    /// The interrupt IN endpoint reports come from.
    public let inEndpoint: UInt8
    /// The interrupt OUT endpoint reports go to; nil when the device has none (then SET_REPORT).
    public let outEndpoint: UInt8?

    // HID 1.11 §7.2.2 SET_REPORT: bmRequestType 0x21 (host to device, class, interface),
    // bRequest 0x09, wValue 0x0200 (output report, id 0), as devices.md §4.2 quotes.
    public static let setReportRequestType: UInt8 = 0x21
    public static let setReportRequest: UInt8 = 0x09
    public static let setReportValue: UInt16 = 0x0200
    /// Time allowed for one report to go out.
    static let sendTimeoutMilliseconds: UInt32 = 1000

    /// Opens the device with `vendorId`:`productId` (on `bus` and `portPath` when given, to pick one
    /// of two identical meters), detaches the kernel's HID driver and claims interface 0.
    public convenience init(
        vendorId: UInt16,
        productId: UInt16,
        bus: Int? = nil,
        portPath: String? = nil,
        context: LibUSBContext? = nil
    ) throws(ReportChannelError) {
        try self.init(
            vendorId: vendorId,
            productId: productId,
            bus: bus,
            portPath: portPath,
            layer: SystemLibUSBLayer(context: context)
        )
    }

    /// Opens the device through `layer` (the system's libusb, or a fake one in tests).
    public init(
        vendorId: UInt16,
        productId: UInt16,
        bus: Int? = nil,
        portPath: String? = nil,
        layer: any LibUSBDeviceLayer
    ) throws(ReportChannelError) {
        self.layer = layer
        let name = "\(USBDeviceSummary.hex(vendorId)):\(USBDeviceSummary.hex(productId))"
        let chosen = try layer.deviceList().first { entry in
            entry.summary.vendorId == vendorId && entry.summary.productId == productId
                && (bus == nil || entry.summary.bus == bus) && (portPath == nil || entry.summary.portPath == portPath)
        }
        guard let chosen else { throw .openFailed("no USB device \(name) is connected") }
        guard let endpoints = Self.interruptEndpoints(chosen.endpoints ?? []) else {
            throw .openFailed("\(name) has no interrupt IN endpoint on interface 0")
        }
        let (status, opened) = layer.open(token: chosen.token)
        guard status == LibUSBStatus.success, let opened else {
            throw .openFailed(
                "libusb_open \(name): \(LibUSBStatus.name(status))"
                    + (status == LibUSBStatus.access ? " (install the udev rules, see README)" : "")
            )
        }
        let claim = layer.claimInterface(handle: opened, interface: interfaceNumber)
        guard claim == LibUSBStatus.success else {
            layer.close(handle: opened, interface: interfaceNumber)
            throw .openFailed("claim interface 0 of \(name): \(LibUSBStatus.name(claim))")
        }
        handle = opened
        inEndpoint = endpoints.in
        outEndpoint = endpoints.out
    }

    deinit { close() }

    /// The first interrupt IN and (optional) OUT endpoint addresses among `endpoints`; bulk and
    /// isochronous endpoints are not the HID report pipes.
    static func interruptEndpoints(_ endpoints: [LibUSBEndpoint]) -> (in: UInt8, out: UInt8?)? {
        let interrupt = endpoints.filter(\.isInterrupt)
        guard let inAddress = interrupt.first(where: \.isIn)?.address else { return nil }
        return (inAddress, interrupt.first { !$0.isIn }?.address)
    }

    public func send(_ report: [UInt8]) throws(ReportChannelError) {
        guard let handle else { throw .closed }
        guard var padded = HIDReport.padded(report) else { throw .reportTooLong(report.count) }
        let status: Int32
        if let outEndpoint {
            status =
                layer.interruptTransfer(
                    handle: handle,
                    endpoint: outEndpoint,
                    data: &padded,
                    timeoutMilliseconds: Self.sendTimeoutMilliseconds
                ).status
        } else {
            let sent = layer.controlTransfer(
                handle: handle,
                requestType: Self.setReportRequestType,
                request: Self.setReportRequest,
                value: Self.setReportValue,
                index: UInt16(interfaceNumber),
                data: &padded,
                timeoutMilliseconds: Self.sendTimeoutMilliseconds
            )
            status = sent < 0 ? sent : LibUSBStatus.success
        }
        try Self.check(status, "send a report")
    }

    public func receive(timeout: Duration) throws(ReportChannelError) -> [UInt8] {
        guard let handle else { throw .closed }
        var buffer = [UInt8](repeating: 0, count: HIDReport.size)
        let milliseconds = UInt32(clamping: max(1, timeout.wholeMilliseconds))
        let (status, transferred) = layer.interruptTransfer(
            handle: handle,
            endpoint: inEndpoint,
            data: &buffer,
            timeoutMilliseconds: milliseconds
        )
        if status == LibUSBStatus.timeout { throw .timedOut(timeout) }
        try Self.check(status, "receive a report")
        return HIDReport.padded(Array(buffer[0..<min(max(0, transferred), buffer.count)])) ?? buffer
    }

    public func close() {
        guard let handle else { return }
        layer.close(handle: handle, interface: interfaceNumber)
        self.handle = nil
    }

    private static func check(_ status: Int32, _ what: String) throws(ReportChannelError) {
        guard status != LibUSBStatus.success else { return }
        if status == LibUSBStatus.noDevice || status == LibUSBStatus.pipe { throw .disconnected }
        throw .io("\(what): \(LibUSBStatus.name(status))")
    }
}
