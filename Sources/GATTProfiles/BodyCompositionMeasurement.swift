/// Body Composition Measurement 0x2A9C (`org.bluetooth.characteristic.body_composition_measurement.xml`;
/// research devices.md §1.3): 16-bit flags, body fat % always, then the optional fields in flag order.
public struct BodyCompositionMeasurement: Sendable, Hashable {
    public static let characteristic = "Body Composition Measurement 0x2A9C"

    public var units: MeasurementUnitSystem
    /// Body fat in %; nil when 0xFFFF (unavailable).
    public var bodyFatPercent: Double?
    public var timeStamp: GATTDateTime?
    public var userIndex: Int?
    /// Basal metabolism in kJ.
    public var basalMetabolism: Double?
    public var musclePercent: Double?
    public var muscleMass: Double?
    public var fatFreeMass: Double?
    public var softLeanMass: Double?
    public var bodyWaterMass: Double?
    /// Impedance in Ω.
    public var impedance: Double?
    /// In kg or lb per `units`.
    public var weight: Double?
    /// In m or in per `units`.
    public var height: Double?
    /// Whether this is one of several packets of one measurement (flag bit 12).
    public var multiplePacket: Bool
    /// Flag bits 13–15, reserved: ignored, reported for the log.
    public var reservedFlags: UInt16

    public init(bytes: [UInt8]) throws(GATTDecodingError) {
        var reader = ByteReader(bytes, characteristic: Self.characteristic)
        let flags = try reader.uint16("Flags")
        units = flags & 0x1 == 0 ? .si : .imperial
        reservedFlags = flags & 0xE000
        multiplePacket = flags & 0x1000 != 0
        let imperial = units == .imperial
        // 0xFFFF in any u16 field means unavailable (same convention as weight).
        func scaled(_ raw: UInt16, _ factor: Double) -> Double? { raw == 0xFFFF ? nil : Double(raw) * factor }
        func mass(_ raw: UInt16) -> Double? { scaled(raw, imperial ? 0.01 : 0.005) }  // ×0.005 kg or ×0.01 lb
        bodyFatPercent = scaled(try reader.uint16("Body Fat Percentage"), 0.1)
        timeStamp = flags & 0x0002 != 0 ? try reader.dateTime("Time Stamp") : nil
        if flags & 0x0004 != 0 {
            let user = try reader.uint8("User ID")
            userIndex = user == 0xFF ? nil : Int(user)
        }
        if flags & 0x0008 != 0 { basalMetabolism = scaled(try reader.uint16("Basal Metabolism"), 1) }
        if flags & 0x0010 != 0 { musclePercent = scaled(try reader.uint16("Muscle Percentage"), 0.1) }
        if flags & 0x0020 != 0 { muscleMass = mass(try reader.uint16("Muscle Mass")) }
        if flags & 0x0040 != 0 { fatFreeMass = mass(try reader.uint16("Fat Free Mass")) }
        if flags & 0x0080 != 0 { softLeanMass = mass(try reader.uint16("Soft Lean Mass")) }
        if flags & 0x0100 != 0 { bodyWaterMass = mass(try reader.uint16("Body Water Mass")) }
        if flags & 0x0200 != 0 { impedance = scaled(try reader.uint16("Impedance"), 0.1) }
        if flags & 0x0400 != 0 { weight = mass(try reader.uint16("Weight")) }
        if flags & 0x0800 != 0 { height = scaled(try reader.uint16("Height"), imperial ? 0.1 : 0.001) }
    }
}
