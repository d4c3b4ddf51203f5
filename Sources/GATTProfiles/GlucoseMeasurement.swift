/// Glucose Measurement 0x2A18 (`org.bluetooth.characteristic.glucose_measurement.xml`; research devices.md §1.5).
public struct GlucoseMeasurement: Sendable, Hashable {
    public static let characteristic = "Glucose Measurement 0x2A18"

    /// The concentration unit (flags bit 2).
    public enum ConcentrationUnit: Sendable, Hashable {
        /// kg/L; mg/dL = kg/L × 100 000.
        case kilogramPerLitre
        /// mol/L; mmol/L = mol/L × 1000.
        case molePerLitre
    }

    /// Sensor Status Annunciation bits (u16).
    public struct SensorStatus: OptionSet, Sendable, Hashable {
        public let rawValue: UInt16
        public init(rawValue: UInt16) { self.rawValue = rawValue }
        public static let batteryLow = SensorStatus(rawValue: 1 << 0)
        public static let sensorMalfunction = SensorStatus(rawValue: 1 << 1)
        public static let sampleSizeInsufficient = SensorStatus(rawValue: 1 << 2)
        public static let stripInsertionError = SensorStatus(rawValue: 1 << 3)
        public static let stripTypeIncorrect = SensorStatus(rawValue: 1 << 4)
        public static let resultTooHigh = SensorStatus(rawValue: 1 << 5)
        public static let resultTooLow = SensorStatus(rawValue: 1 << 6)
        public static let temperatureTooHigh = SensorStatus(rawValue: 1 << 7)
        public static let temperatureTooLow = SensorStatus(rawValue: 1 << 8)
        public static let readInterrupted = SensorStatus(rawValue: 1 << 9)
        public static let generalDeviceFault = SensorStatus(rawValue: 1 << 10)
        public static let timeFault = SensorStatus(rawValue: 1 << 11)

        /// Statuses that make the concentration itself unreliable: such a record is not stored as a reading.
        public static let invalidatesResult: SensorStatus = [
            .sensorMalfunction, .sampleSizeInsufficient, .stripInsertionError, .stripTypeIncorrect, .resultTooHigh,
            .resultTooLow, .temperatureTooHigh, .temperatureTooLow, .readInterrupted, .generalDeviceFault,
        ]
    }

    public var sequenceNumber: UInt16
    public var baseTime: GATTDateTime
    /// Minutes to add to `baseTime` (flags bit 0).
    public var timeOffsetMinutes: Int?
    public var concentration: SFloat?
    public var concentrationUnit: ConcentrationUnit
    /// Type (bits 0–3 of the shared byte): 1 capillary whole blood … 10 control solution.
    public var sampleType: Int?
    /// Location (bits 4–7): 1 finger, 2 alternate site, 3 earlobe, 4 control solution, 15 not available.
    public var sampleLocation: Int?
    public var sensorStatus: SensorStatus?
    /// A Glucose Measurement Context 0x2A34 with the same sequence number follows (flags bit 4).
    public var contextFollows: Bool
    /// Flag bits 5–7, reserved: ignored, reported for the log.
    public var reservedFlags: UInt8

    public init(bytes: [UInt8]) throws(GATTDecodingError) {
        var reader = ByteReader(bytes, characteristic: Self.characteristic)
        let flags = try reader.uint8("Flags")
        reservedFlags = flags & 0xE0
        contextFollows = flags & 0x10 != 0
        concentrationUnit = flags & 0x04 == 0 ? .kilogramPerLitre : .molePerLitre
        sequenceNumber = try reader.uint16("Sequence Number")
        baseTime = try reader.dateTime("Base Time")
        timeOffsetMinutes = flags & 0x01 != 0 ? Int(try reader.int16("Time Offset")) : nil
        if flags & 0x02 != 0 {
            concentration = try reader.sfloat("Glucose Concentration")
            // Type in the low nibble, location in the high nibble (XML "Least Significant Nibble first").
            let typeAndLocation = try reader.uint8("Type-Sample Location")
            sampleType = Int(typeAndLocation & 0x0F)
            sampleLocation = Int(typeAndLocation >> 4)
        }
        if flags & 0x08 != 0 { sensorStatus = SensorStatus(rawValue: try reader.uint16("Sensor Status Annunciation")) }
    }

    /// The time the reading was taken: base time plus offset (device-local wall time).
    public var effectiveTime: GATTDateTime { baseTime.adding(minutes: timeOffsetMinutes ?? 0) }

    /// The concentration in mg/dL (kg/L × 10⁵) or mmol/L (mol/L × 10³), with its UCUM code; nil when absent or a
    /// special SFLOAT value.
    public var concentrationInClinicalUnit: (value: Double, ucum: String)? {
        guard let concentration, concentration.special == nil else { return nil }
        // Scale by shifting the exponent, so 95 × 10⁻⁵ kg/L is exactly 95 mg/dL.
        switch concentrationUnit {
        case .kilogramPerLitre:
            return (exactDecimal(mantissa: concentration.mantissa, exponent: concentration.exponent + 5), "mg/dL")
        case .molePerLitre:
            return (exactDecimal(mantissa: concentration.mantissa, exponent: concentration.exponent + 3), "mmol/L")
        }
    }

    /// A control-solution test, not a patient reading (type 10 or location 4; Tidepool drops these too).
    public var isControlSolution: Bool { sampleType == 10 || sampleLocation == 4 }
}
