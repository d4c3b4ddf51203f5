/// Glucose Measurement Context 0x2A34 (`org.bluetooth.characteristic.glucose_measurement_context.xml`); only the
/// fields before the meal are needed to reach it, the rest are skipped by their sizes.
public struct GlucoseMeasurementContext: Sendable, Hashable {
    public static let characteristic = "Glucose Measurement Context 0x2A34"

    /// Meal (field values 1–5 of the XML).
    public enum Meal: Int, Sendable, Hashable {
        case preprandial = 1, postprandial, fasting, casual, bedtime

        /// The protocol's `mealRelation` word.
        public var mealRelation: String {
            switch self {
            case .preprandial: "before_meal"
            case .postprandial: "after_meal"
            case .fasting: "fasting"
            case .casual: "casual"
            case .bedtime: "bedtime"
            }
        }
    }

    public var sequenceNumber: UInt16
    public var carbohydrateId: Int?
    /// Carbohydrate in kg (SFLOAT).
    public var carbohydrate: SFloat?
    public var meal: Meal?

    public init(bytes: [UInt8]) throws(GATTDecodingError) {
        var reader = ByteReader(bytes, characteristic: Self.characteristic)
        let flags = try reader.uint8("Flags")
        sequenceNumber = try reader.uint16("Sequence Number")
        if flags & 0x80 != 0 { _ = try reader.uint8("Extended Flags") }
        if flags & 0x01 != 0 {
            carbohydrateId = Int(try reader.uint8("Carbohydrate ID"))
            carbohydrate = try reader.sfloat("Carbohydrate")
        }
        if flags & 0x02 != 0 {
            let raw = try reader.uint8("Meal")
            meal = Meal(rawValue: Int(raw))  // other values are reserved: no meal relation
        }
    }
}
