import USBTransport

/// Which driver reads a meter, chosen by its USB vendor id.
public enum MeterProtocol: String, Sendable, Hashable {
    /// Abbott FreeStyle shared HID protocol (devices.md §4.2).
    case freeStyle
    /// Ascensia/Bayer Contour, ASTM E1381/E1394 over HID (devices.md §4.3).
    case contour

    /// Nil for a vendor none of our drivers speaks.
    public init?(vendorId: UInt16) {
        switch vendorId {
        case FreeStyleDriver.vendorId: self = .freeStyle
        case ContourDriver.vendorId: self = .contour
        default: return nil
        }
    }

    /// Reads the whole meter over `channel`.
    public func download(channel: any HIDReportChannel, productId: UInt16, timeout: Duration) throws(GlucometerError)
        -> MeterDownload
    {
        switch self {
        case .freeStyle: try FreeStyleDriver.download(channel: channel, productId: productId, timeout: timeout)
        case .contour: try ContourDriver.download(channel: channel, timeout: timeout)
        }
    }
}
