import AdapterHost
import USBTransport

/// Arrivals and departures from libusb's hotplug callbacks, devices already plugged in first.
/// Hubs (device class 9) are left out: they never hold a meter.
public final class LibUSBHotplugSource: HotplugSource {
    public let events: AsyncStream<USBHotplugEvent>
    private let monitor: LibUSBHotplugMonitor

    /// Throws when this libusb has no hotplug support or cannot start.
    public init() throws(ReportChannelError) {
        let monitor = try LibUSBHotplugMonitor()
        self.monitor = monitor
        let changes = monitor.changes
        events = AsyncStream { continuation in
            let task = Task {
                for await change in changes {
                    switch change {
                    case .arrived(let device) where device.deviceClass != USBDeviceSummary.hubClass:
                        continuation.yield(.arrived(Self.arrival(device)))
                    case .left(let device) where device.deviceClass != USBDeviceSummary.hubClass:
                        continuation.yield(.left(Self.arrival(device).key))
                    default:
                        continue
                    }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    public func stop() { monitor.stop() }

    static func arrival(_ device: USBDeviceSummary) -> USBArrival {
        USBArrival(vendorId: device.vendorHex, productId: device.productHex, bus: device.bus, port: device.portPath)
    }
}
