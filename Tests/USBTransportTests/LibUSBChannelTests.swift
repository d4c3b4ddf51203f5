import Testing
import USBTransport

/// A fake libusb: devices with the descriptors a test gives, and a log of every call the channel
/// makes. The approach for testing the libusb channel without a meter: the channel reaches libusb
/// only through `LibUSBDeviceLayer`, so this fake stands where the system's libusb stands
/// (rather than Linux's dummy_hcd/raw-gadget, which needs root and a kernel module CI lacks).
final class FakeLibUSB: LibUSBDeviceLayer {
    enum Call: Equatable {
        case open(token: Int)
        case claim(interface: Int32)
        case interrupt(endpoint: UInt8, bytes: [UInt8], timeout: UInt32)
        case control(requestType: UInt8, request: UInt8, value: UInt16, index: UInt16, bytes: [UInt8])
        case close(interface: Int32)
    }

    var entries: [LibUSBDeviceEntry]
    var calls: [Call] = []
    var openStatus = LibUSBStatus.success
    var claimStatus = LibUSBStatus.success
    /// What the IN endpoint answers, in order: a status and the bytes.
    var inbound: [(Int32, [UInt8])] = []
    var outStatus = LibUSBStatus.success

    init(_ entries: [LibUSBDeviceEntry]) { self.entries = entries }

    func deviceList() throws(ReportChannelError) -> [LibUSBDeviceEntry] { entries }

    func open(token: Int) -> (status: Int32, handle: Int?) {
        calls.append(.open(token: token))
        return openStatus == LibUSBStatus.success ? (openStatus, 7) : (openStatus, nil)
    }

    func claimInterface(handle: Int, interface: Int32) -> Int32 {
        calls.append(.claim(interface: interface))
        return claimStatus
    }

    func interruptTransfer(handle: Int, endpoint: UInt8, data: inout [UInt8], timeoutMilliseconds: UInt32) -> (
        status: Int32, transferred: Int
    ) {
        if endpoint & 0x80 == 0 {
            calls.append(.interrupt(endpoint: endpoint, bytes: data, timeout: timeoutMilliseconds))
            return (outStatus, data.count)
        }
        calls.append(.interrupt(endpoint: endpoint, bytes: [], timeout: timeoutMilliseconds))
        guard !inbound.isEmpty else { return (LibUSBStatus.timeout, 0) }
        let (status, bytes) = inbound.removeFirst()
        for (index, byte) in bytes.enumerated() where index < data.count { data[index] = byte }
        return (status, bytes.count)
    }

    func controlTransfer(
        handle: Int,
        requestType: UInt8,
        request: UInt8,
        value: UInt16,
        index: UInt16,
        data: inout [UInt8],
        timeoutMilliseconds: UInt32
    ) -> Int32 {
        calls.append(.control(requestType: requestType, request: request, value: value, index: index, bytes: data))
        return outStatus == LibUSBStatus.success ? Int32(data.count) : outStatus
    }

    func close(handle: Int, interface: Int32) { calls.append(.close(interface: interface)) }
}

struct LibUSBChannelTests {
    static let interruptIn = LibUSBEndpoint(address: 0x81, attributes: 0x03)
    static let interruptOut = LibUSBEndpoint(address: 0x01, attributes: 0x03)
    static let bulkIn = LibUSBEndpoint(address: 0x82, attributes: 0x02)

    static func neo(token: Int, port: String, endpoints: [LibUSBEndpoint]?) -> LibUSBDeviceEntry {
        LibUSBDeviceEntry(
            token: token,
            summary: USBDeviceSummary(vendorId: 0x1A61, productId: 0x3850, bus: 1, portPath: port, deviceClass: 0),
            endpoints: endpoints
        )
    }

    @Test func aMeterWithoutAnOutEndpointGetsItsReportsAsHIDSetReport() throws {
        // The FreeStyle meters: only interrupt IN 0x81; host→device as SET_REPORT (devices.md §4.2).
        let fake = FakeLibUSB([Self.neo(token: 3, port: "1-2", endpoints: [Self.bulkIn, Self.interruptIn])])
        let channel = try LibUSBReportChannel(vendorId: 0x1A61, productId: 0x3850, layer: fake)
        #expect(channel.inEndpoint == 0x81 && channel.outEndpoint == nil)
        try channel.send([0x01, 0x00])
        let padded = [0x01, 0x00] + [UInt8](repeating: 0, count: 62)
        #expect(
            fake.calls == [
                .open(token: 3), .claim(interface: 0),
                .control(requestType: 0x21, request: 0x09, value: 0x0200, index: 0, bytes: padded),
            ]
        )
        fake.inbound = [(LibUSBStatus.success, [0x71, 0x01, 0x01])]
        #expect(
            try channel.receive(timeout: .milliseconds(250)) == [0x71, 0x01, 0x01] + [UInt8](repeating: 0, count: 61)
        )
        #expect(fake.calls.last == .interrupt(endpoint: 0x81, bytes: [], timeout: 250))
        channel.close()
        #expect(fake.calls.last == .close(interface: 0))
        #expect(throws: ReportChannelError.closed) { try channel.send([0x01]) }
    }

    @Test func aMeterWithAnInterruptOutEndpointGetsItsReportsThere() throws {
        let fake = FakeLibUSB([Self.neo(token: 0, port: "1-2", endpoints: [Self.interruptOut, Self.interruptIn])])
        let channel = try LibUSBReportChannel(vendorId: 0x1A61, productId: 0x3850, layer: fake)
        #expect(channel.inEndpoint == 0x81 && channel.outEndpoint == 0x01)
        try channel.send([0x06])
        #expect(
            fake.calls.last
                == .interrupt(endpoint: 0x01, bytes: [0x06] + [UInt8](repeating: 0, count: 63), timeout: 1000)
        )
        #expect(throws: ReportChannelError.reportTooLong(65)) { try channel.send([UInt8](repeating: 1, count: 65)) }
    }

    @Test func theBusAndPortPickOneOfTwoIdenticalMeters() throws {
        let fake = FakeLibUSB([
            Self.neo(token: 0, port: "1-1", endpoints: [Self.interruptIn]),
            Self.neo(token: 1, port: "1-4", endpoints: [Self.interruptIn]),
        ])
        _ = try LibUSBReportChannel(vendorId: 0x1A61, productId: 0x3850, bus: 1, portPath: "1-4", layer: fake)
        #expect(fake.calls.first == .open(token: 1))
        #expect(throws: ReportChannelError.openFailed("no USB device 1a61:3850 is connected")) {
            try LibUSBReportChannel(vendorId: 0x1A61, productId: 0x3850, bus: 2, layer: fake)
        }
    }

    @Test func openingFailuresSayWhichStepAndWhy() {
        let noInterrupt = FakeLibUSB([Self.neo(token: 0, port: "1-1", endpoints: [Self.bulkIn])])
        #expect(throws: ReportChannelError.openFailed("1a61:3850 has no interrupt IN endpoint on interface 0")) {
            try LibUSBReportChannel(vendorId: 0x1A61, productId: 0x3850, layer: noInterrupt)
        }
        let denied = FakeLibUSB([Self.neo(token: 0, port: "1-1", endpoints: [Self.interruptIn])])
        denied.openStatus = LibUSBStatus.access
        #expect {
            try LibUSBReportChannel(vendorId: 0x1A61, productId: 0x3850, layer: denied)
        } throws: { error in
            guard case .openFailed(let reason) = error as? ReportChannelError else { return false }
            return reason.contains("LIBUSB_ERROR_ACCESS") && reason.contains("udev rules")
        }
        let busy = FakeLibUSB([Self.neo(token: 0, port: "1-1", endpoints: [Self.interruptIn])])
        busy.claimStatus = LibUSBStatus.busy
        #expect(throws: ReportChannelError.openFailed("claim interface 0 of 1a61:3850: LIBUSB_ERROR_BUSY")) {
            try LibUSBReportChannel(vendorId: 0x1A61, productId: 0x3850, layer: busy)
        }
        #expect(busy.calls.last == .close(interface: 0), "a handle whose claim failed is closed")
    }

    @Test func anUnpluggedMeterIsADisconnectAndSilenceATimeout() throws {
        let fake = FakeLibUSB([Self.neo(token: 0, port: "1-1", endpoints: [Self.interruptIn])])
        let channel = try LibUSBReportChannel(vendorId: 0x1A61, productId: 0x3850, layer: fake)
        #expect(throws: ReportChannelError.timedOut(.milliseconds(20))) {
            try channel.receive(timeout: .milliseconds(20))
        }
        fake.inbound = [(LibUSBStatus.noDevice, [])]
        #expect(throws: ReportChannelError.disconnected) { try channel.receive(timeout: .seconds(1)) }
        fake.outStatus = LibUSBStatus.io
        #expect(throws: ReportChannelError.io("send a report: LIBUSB_ERROR_IO")) { try channel.send([0x01]) }
    }
}
