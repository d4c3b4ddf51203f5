import Testing
import USBTransport

/// The hardware-free parts of the libusb transport, run against the machine's real libusb.
struct LibUSBTests {
    @Test func initEnumeratesAndFindsNoMeterOnAMachineWithoutOne() throws {
        let context = try LibUSBContext()
        let meters = try context.devices().filter { [0x1A61, 0x1A79].contains($0.vendorId) }
        #expect(meters.isEmpty, "this test machine has no glucometer plugged in: \(meters)")
        #expect(LibUSBContext.version.hasPrefix("1.0."))
    }

    @Test func linuxLibUSBHasHotplugAndTheMonitorStartsAndStopsCleanly() async throws {
        #expect(LibUSBContext.hasHotplug, "Debian's libusb-1.0 is built with hotplug support")
        let monitor = try LibUSBHotplugMonitor()
        monitor.stop()
        var changes = 0
        for await change in monitor.changes where [0x1A61, 0x1A79].contains(change.vendorId) { changes += 1 }
        #expect(changes == 0)
    }

    @Test func openingAMeterThatIsNotPluggedInSaysSo() {
        #expect {
            _ = try LibUSBReportChannel(vendorId: 0x1A61, productId: 0x3850)
        } throws: { error in
            guard case .openFailed(let reason) = error as? ReportChannelError else { return false }
            return reason.contains("1a61:3850") && reason.contains("not") || reason.contains("no USB device")
        }
    }

    @Test func idsPrintAsFourLowerCaseHexDigits() {
        #expect(USBDeviceSummary.hex(0x1A61) == "1a61")
        #expect(USBDeviceSummary.hex(0x0403) == "0403")
    }
}

extension LibUSBHotplugMonitor.Change {
    var vendorId: UInt16 {
        switch self {
        case .arrived(let device), .left(let device): device.vendorId
        }
    }
}
