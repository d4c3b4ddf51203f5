/// The 16-bit SIG UUIDs this project uses, in BlueZ's 128-bit lower-case form (research devices.md §8).
public enum GATTUUID {
    /// `0000XXXX-0000-1000-8000-00805f9b34fb` for a 16-bit UUID (Bluetooth Core spec Vol 3 Part B §2.5.1).
    public static func full(_ short: UInt16) -> String {
        let hex = String(short, radix: 16)
        return "0000" + String(repeating: "0", count: 4 - hex.count) + hex + "-0000-1000-8000-00805f9b34fb"
    }

    public static let weightScaleService = full(0x181D)
    public static let bodyCompositionService = full(0x181B)
    public static let userDataService = full(0x181C)
    public static let bloodPressureService = full(0x1810)
    public static let glucoseService = full(0x1808)
    public static let currentTimeService = full(0x1805)

    public static let dateTime = full(0x2A08)
    public static let glucoseMeasurement = full(0x2A18)
    public static let currentTime = full(0x2A2B)
    public static let glucoseMeasurementContext = full(0x2A34)
    public static let bloodPressureMeasurement = full(0x2A35)
    public static let intermediateCuffPressure = full(0x2A36)
    public static let bloodPressureFeature = full(0x2A49)
    public static let glucoseFeature = full(0x2A51)
    public static let recordAccessControlPoint = full(0x2A52)
    public static let bodyCompositionFeature = full(0x2A9B)
    public static let bodyCompositionMeasurement = full(0x2A9C)
    public static let weightMeasurement = full(0x2A9D)
    public static let weightScaleFeature = full(0x2A9E)
    public static let userControlPoint = full(0x2A9F)
}
