import AdapterProtocol
import USBTransport

/// Where the meter of a `devices/attach` is and which driver reads it.
struct MeterAddress: Sendable {
    enum Transport: Sendable {
        /// A real device, opened through libusb.
        case usb(bus: Int?, port: String?)
        /// A simulated meter listening on a unix seqpacket socket (`node` = "unix:<path>").
        case simulated(path: String)
    }

    var vendorId: UInt16
    var productId: UInt16
    var transport: Transport

    /// Prefix of a `node` that names a simulated meter's socket.
    static let simulatedPrefix = "unix:"

    /// Reads the attach params; a missing or malformed `usb` member is `-32602`.
    init(_ request: AttachDeviceRequest) throws(RPCError) {
        guard let usb = request.usb else {
            throw RPCError(
                .invalidParams,
                "devices/attach needs `usb` (vendorId, productId) to choose the meter's protocol"
            )
        }
        guard let vendor = UInt16(usb.vendorId, radix: 16), let product = UInt16(usb.productId, radix: 16),
            usb.vendorId.count == 4, usb.productId.count == 4
        else {
            throw RPCError(
                .invalidParams,
                "usb.vendorId and usb.productId must be four hex digits, got \(usb.vendorId):\(usb.productId)"
            )
        }
        vendorId = vendor
        productId = product
        if let node = request.node, node.hasPrefix(Self.simulatedPrefix) {
            transport = .simulated(path: String(node.dropFirst(Self.simulatedPrefix.count)))
        } else {
            transport = .usb(bus: usb.bus, port: usb.port)
        }
    }

    /// Opens the report channel to the meter.
    func open() throws(ReportChannelError) -> any HIDReportChannel {
        switch transport {
        case .simulated(let path): try SeqPacketReportChannel(path: path)
        case .usb(let bus, let port):
            try LibUSBReportChannel(vendorId: vendorId, productId: productId, bus: bus, portPath: port)
        }
    }

    var label: String { "\(USBDeviceSummary.hex(vendorId)):\(USBDeviceSummary.hex(productId))" }
}
