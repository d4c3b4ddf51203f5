/// Where arrivals and departures of USB devices come from: libusb's hotplug callbacks
/// (`LibUSBHotplugSource`) or, for tests and demos without hardware, a script
/// (`ScriptedHotplugSource`).
public protocol HotplugSource: Sendable {
    /// The events, in order, until `stop()`.
    var events: AsyncStream<USBHotplugEvent> { get }
    /// Ends `events`.
    func stop()
}
