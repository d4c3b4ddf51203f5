/// An IEEE 11073-20601 16-bit SFLOAT (used by the Blood Pressure and Glucose profiles).
///
/// Bits 15–12 are a 4-bit two's-complement exponent, bits 11–0 a 12-bit two's-complement mantissa; the value is
/// mantissa × 10^exponent. Five raw values are reserved (IEEE 11073-20601 Annex F.8; Zephyr/nRF `sfloat.h`,
/// Wireshark `ftype-ieee-11073-float.c`; research devices.md §1.1) and are tested before splitting.
public struct SFloat: Sendable, Hashable, CustomStringConvertible {
    /// The special values of an SFLOAT.
    public enum Special: Sendable, Hashable {
        case notANumber, notAtThisResolution, positiveInfinity, negativeInfinity, reserved
    }

    /// The 16 bits as received.
    public let raw: UInt16

    public init(raw: UInt16) { self.raw = raw }

    /// The special meaning of the raw value, if it has one (exponent nibble 0 and these mantissas only).
    public var special: Special? {
        switch raw {
        case 0x07FF: .notANumber
        case 0x0800: .notAtThisResolution
        case 0x07FE: .positiveInfinity
        case 0x0802: .negativeInfinity
        case 0x0801: .reserved
        default: nil
        }
    }

    /// The 12-bit signed mantissa.
    public var mantissa: Int {
        let bits = Int(raw & 0x0FFF)
        return bits >= 0x0800 ? bits - 0x1000 : bits
    }

    /// The 4-bit signed exponent.
    public var exponent: Int {
        let bits = Int(raw >> 12)
        return bits >= 0x8 ? bits - 0x10 : bits
    }

    /// The number, or nil for a special value (NaN, NRes, ±INF, reserved): none of them is a reading.
    public var value: Double? {
        guard special == nil else { return nil }
        return exactDecimal(mantissa: mantissa, exponent: exponent)
    }

    /// The value as a Double with the special values mapped to IEEE 754 (NRes and reserved to NaN).
    public var doubleValue: Double {
        switch special {
        case .positiveInfinity: .infinity
        case .negativeInfinity: -.infinity
        case .notANumber, .notAtThisResolution, .reserved: .nan
        case nil: exactDecimal(mantissa: mantissa, exponent: exponent)
        }
    }

    public var description: String {
        switch special {
        case .notANumber: "NaN"
        case .notAtThisResolution: "NRes"
        case .positiveInfinity: "+INF"
        case .negativeInfinity: "-INF"
        case .reserved: "reserved"
        case nil: "\(doubleValue)"
        }
    }

    /// Encodes a value with the given exponent (−8…7); nil when the mantissa does not fit 12 bits.
    public static func encode(_ value: Double, exponent: Int) -> SFloat? {
        guard (-8...7).contains(exponent), value.isFinite else { return nil }
        let scaled = (value / pow10(exponent)).rounded()
        guard scaled >= -2048, scaled <= 2047 else { return nil }
        let mantissa = Int(scaled)
        let raw = UInt16((exponent & 0xF) << 12) | UInt16(mantissa & 0x0FFF)
        let encoded = SFloat(raw: raw)
        return encoded.special == nil ? encoded : nil
    }
}

/// mantissa × 10^exponent computed so that 189 × 10⁻¹ is exactly the Double nearest 18.9 (dividing by a power of
/// ten instead of multiplying by its inexact reciprocal).
func exactDecimal(mantissa: Int, exponent: Int) -> Double {
    exponent >= 0 ? Double(mantissa) * pow10(exponent) : Double(mantissa) / pow10(-exponent)
}

func pow10(_ exponent: Int) -> Double {
    var result = 1.0
    for _ in 0..<abs(exponent) { result *= 10 }
    return exponent >= 0 ? result : 1 / result
}
