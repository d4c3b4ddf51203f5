/// Weight Measurement 0x2A9D (`org.bluetooth.characteristic.weight_measurement.xml`; research devices.md §1.2).
public struct WeightMeasurement: Sendable, Hashable {
    public static let characteristic = "Weight Measurement 0x2A9D"

    public var units: MeasurementUnitSystem
    /// The weight in `units` (kg or lb); nil when the scale reported "Measurement Unsuccessful" (0xFFFF).
    public var weight: Double?
    public var timeStamp: GATTDateTime?
    /// The user slot; nil when absent or 0xFF ("unknown user").
    public var userIndex: Int?
    public var bmi: Double?
    /// The height in m (SI) or in (imperial).
    public var height: Double?
    /// Flag bits 4–7, reserved for future use: ignored on receipt (Core spec Vol 3 Part G), reported for the log.
    public var reservedFlags: UInt8

    /// Decodes the value; a short value or a bad time stamp throws.
    public init(bytes: [UInt8]) throws(GATTDecodingError) {
        var reader = ByteReader(bytes, characteristic: Self.characteristic)
        let flags = try reader.uint8("Flags")
        units = flags & 0x01 == 0 ? .si : .imperial
        reservedFlags = flags & 0xF0
        let raw = try reader.uint16("Weight")
        // Resolution: SI 0.005 kg, imperial 0.01 lb (weight_measurement.xml); 0xFFFF = unsuccessful (GSS).
        weight = raw == 0xFFFF ? nil : (units == .si ? Double(raw) * 5 / 1000 : Double(raw) / 100)
        timeStamp = flags & 0x02 != 0 ? try reader.dateTime("Time Stamp") : nil
        if flags & 0x04 != 0 {
            let user = try reader.uint8("User ID")
            userIndex = user == 0xFF ? nil : Int(user)  // 0xFF = unknown user (weight_measurement.xml)
        } else {
            userIndex = nil
        }
        // Only time stamp and user id may follow an unsuccessful measurement (GSS); BMI/height only when sent.
        if flags & 0x08 != 0, raw != 0xFFFF {
            bmi = Double(try reader.uint16("BMI")) / 10  // resolution 0.1
            let rawHeight = try reader.uint16("Height")
            height = units == .si ? Double(rawHeight) / 1000 : Double(rawHeight) / 10  // 0.001 m or 0.1 in
        } else {
            bmi = nil
            height = nil
        }
    }
}
