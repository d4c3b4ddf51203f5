/// Weight Scale Feature 0x2A9E, a u32 (`org.bluetooth.characteristic.weight_scale_feature.xml`).
public struct WeightScaleFeature: Sendable, Hashable {
    public static let characteristic = "Weight Scale Feature 0x2A9E"

    public var timeStampSupported: Bool
    public var multipleUsersSupported: Bool
    public var bmiSupported: Bool
    /// The real resolution of weights in kg (nil: not specified); the field itself is always in 0.005 kg.
    public var weightResolutionKilograms: Double?
    /// The real resolution of weights in lb (nil: not specified).
    public var weightResolutionPounds: Double?
    /// The real resolution of heights in m (nil: not specified).
    public var heightResolutionMeters: Double?

    public init(bytes: [UInt8]) throws(GATTDecodingError) {
        var reader = ByteReader(bytes, characteristic: Self.characteristic)
        let raw = try reader.uint32("Features")
        timeStampSupported = raw & 0x1 != 0
        multipleUsersSupported = raw & 0x2 != 0
        bmiSupported = raw & 0x4 != 0
        // Bits 3–6: weight resolution code 1…7; bits 7–9: height resolution code 1…3 (feature XML).
        let weightCode = Int((raw >> 3) & 0xF)
        let kilograms: [Double] = [0.5, 0.2, 0.1, 0.05, 0.02, 0.01, 0.005]
        let pounds: [Double] = [1, 0.5, 0.2, 0.1, 0.05, 0.02, 0.01]
        weightResolutionKilograms = (1...7).contains(weightCode) ? kilograms[weightCode - 1] : nil
        weightResolutionPounds = (1...7).contains(weightCode) ? pounds[weightCode - 1] : nil
        let heightCode = Int((raw >> 7) & 0x7)
        let meters: [Double] = [0.01, 0.005, 0.001]
        heightResolutionMeters = (1...3).contains(heightCode) ? meters[heightCode - 1] : nil
    }

    /// A weight rounded to the scale's stated resolution, so 72.35 kg from a 0.1 kg scale is not stored as more
    /// precise than it is (ties away from zero).
    public func rounded(_ weight: Double, units: MeasurementUnitSystem) -> Double {
        guard let step = units == .si ? weightResolutionKilograms : weightResolutionPounds else { return weight }
        let steps = (weight / step).rounded(.toNearestOrAwayFromZero)
        // Divide by the reciprocal's integer form to keep decimal steps exact (0.1 → ×10).
        let perUnit = (1 / step).rounded()
        return steps / perUnit
    }
}
