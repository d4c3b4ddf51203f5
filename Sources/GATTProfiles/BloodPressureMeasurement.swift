/// Blood Pressure Measurement 0x2A35, also the layout of Intermediate Cuff Pressure 0x2A36
/// (`org.bluetooth.characteristic.blood_pressure_measurement.xml`; research devices.md §1.4).
public struct BloodPressureMeasurement: Sendable, Hashable {
    public static let characteristic = "Blood Pressure Measurement 0x2A35"
    public static let intermediateCharacteristic = "Intermediate Cuff Pressure 0x2A36"

    /// The pressure unit (flags bit 0).
    public enum PressureUnit: Sendable, Hashable {
        case millimetresOfMercury, kilopascal
    }

    /// Measurement Status bits (u16).
    public struct Status: OptionSet, Sendable, Hashable {
        public let rawValue: UInt16
        public init(rawValue: UInt16) { self.rawValue = rawValue }
        public static let bodyMovement = Status(rawValue: 1 << 0)
        public static let cuffTooLoose = Status(rawValue: 1 << 1)
        public static let irregularPulse = Status(rawValue: 1 << 2)
        /// Bits 3–4 = 1.
        public static let pulseAboveUpperLimit = Status(rawValue: 1 << 3)
        /// Bits 3–4 = 2.
        public static let pulseBelowLowerLimit = Status(rawValue: 2 << 3)
        public static let improperPosition = Status(rawValue: 1 << 5)

        /// The protocol's `measurementStatus` words (adapter-protocol.md §5.2) for the set bits.
        public var protocolWords: [String] {
            var words: [String] = []
            if contains(.bodyMovement) { words.append("body_movement") }
            if contains(.cuffTooLoose) { words.append("cuff_loose") }
            if contains(.irregularPulse) { words.append("irregular_pulse") }
            if (rawValue >> 3) & 0x3 != 0 { words.append("pulse_out_of_range") }
            if contains(.improperPosition) { words.append("improper_position") }
            return words
        }
    }

    public var unit: PressureUnit
    public var systolic: SFloat
    public var diastolic: SFloat
    public var meanArterialPressure: SFloat
    public var timeStamp: GATTDateTime?
    public var pulseRate: SFloat?
    /// The user slot; nil when absent or 0xFF (unknown).
    public var userIndex: Int?
    public var status: Status?
    /// Flag bits 5–7, reserved: ignored, reported for the log.
    public var reservedFlags: UInt8

    public init(bytes: [UInt8], characteristic: String = Self.characteristic) throws(GATTDecodingError) {
        var reader = ByteReader(bytes, characteristic: characteristic)
        let flags = try reader.uint8("Flags")
        unit = flags & 0x01 == 0 ? .millimetresOfMercury : .kilopascal
        reservedFlags = flags & 0xE0
        systolic = try reader.sfloat("Systolic")
        diastolic = try reader.sfloat("Diastolic")
        meanArterialPressure = try reader.sfloat("Mean Arterial Pressure")
        timeStamp = flags & 0x02 != 0 ? try reader.dateTime("Time Stamp") : nil
        pulseRate = flags & 0x04 != 0 ? try reader.sfloat("Pulse Rate") : nil
        if flags & 0x08 != 0 {
            let user = try reader.uint8("User ID")
            userIndex = user == 0xFF ? nil : Int(user)
        }
        status = flags & 0x10 != 0 ? Status(rawValue: try reader.uint16("Measurement Status")) : nil
    }

    /// An error record: the cuff could not measure (systolic or diastolic is not a number; the A&D UA-651BLE sends
    /// these for failed readings, research devices.md §1.4).
    public var isErrorRecord: Bool { systolic.value == nil || diastolic.value == nil }
}
