import Testing

@testable import GATTProfiles

/// IEEE 11073 SFLOAT: the worked values and every special value of research devices.md §1.1.
struct SFloatTests {
    @Test(arguments: [
        ("8A 00", 138.0), ("BD F0", 18.9), ("B0 F0", 17.6), ("5A B0", 0.0009), ("35 C0", 0.0053),
        ("FF F7", 204.7),  // 0xF7FF is not special: 2047 × 10⁻¹
        ("14 F0", 2.0), ("02 00", 2.0), ("FF 0F", -1.0),
    ])
    func decodesWorkedValues(bytes: String, expected: Double) throws {
        let raw = hex(bytes)
        let value = SFloat(raw: UInt16(raw[0]) | UInt16(raw[1]) << 8)
        #expect(value.special == nil)
        #expect(isClose(value.value, expected, tolerance: 1e-12))
    }

    @Test func keepsThePrecisionItWasSentWith() {
        // HL7 phd: 0xF014 is "2.0", 0x0002 is "2": same number, different exponents.
        #expect(SFloat(raw: 0xF014).exponent == -1)
        #expect(SFloat(raw: 0xF014).mantissa == 20)
        #expect(SFloat(raw: 0x0002).exponent == 0)
    }

    @Test(arguments: [
        (UInt16(0x07FF), SFloat.Special.notANumber, "NaN"),
        (0x0800, .notAtThisResolution, "NRes"),
        (0x07FE, .positiveInfinity, "+INF"),
        (0x0802, .negativeInfinity, "-INF"),
        (0x0801, .reserved, "reserved"),
    ])
    func specialValuesAreNotReadings(raw: UInt16, special: SFloat.Special, text: String) {
        let value = SFloat(raw: raw)
        #expect(value.special == special)
        #expect(value.value == nil)
        #expect(value.description == text)
    }

    @Test func infinitiesMapToIEEE754() {
        #expect(SFloat(raw: 0x07FE).doubleValue == .infinity)
        #expect(SFloat(raw: 0x0802).doubleValue == -.infinity)
        #expect(SFloat(raw: 0x07FF).doubleValue.isNaN)
        #expect(SFloat(raw: 0x0800).doubleValue.isNaN)
    }

    @Test func encodesAndRefusesWhatDoesNotFit() {
        #expect(SFloat.encode(18.9, exponent: -1)?.raw == 0xF0BD)
        #expect(SFloat.encode(138, exponent: 0)?.raw == 0x008A)
        #expect(SFloat.encode(5000, exponent: 0) == nil)  // mantissa over 2047
        #expect(SFloat.encode(2047, exponent: 0) == nil)  // would be 0x07FF, NaN
    }
}
