import Testing

@testable import GATTProfiles

/// Weight Measurement, Weight Scale Feature and Body Composition vectors of research devices.md §1.2–1.3.
struct WeightScaleTests {
    @Test func minimalSIWeight() throws {
        let weight = try WeightMeasurement(bytes: hex("00 B0 36"))
        #expect(weight.units == .si)
        #expect(isClose(weight.weight, 70.0))
        #expect(weight.timeStamp == nil && weight.userIndex == nil && weight.bmi == nil)
    }

    @Test func fullSIWeight() throws {
        let weight = try WeightMeasurement(bytes: hex("0E 86 38 E8 07 03 0F 07 2A 0A 01 EC 00 D6 06"))
        #expect(isClose(weight.weight, 72.35))
        #expect(weight.timeStamp?.description == "2024-03-15T07:42:10")
        #expect(weight.userIndex == 1)
        #expect(isClose(weight.bmi, 23.6))
        #expect(isClose(weight.height, 1.75))
    }

    @Test func imperialWeight() throws {
        let weight = try WeightMeasurement(bytes: hex("03 4E 3E E8 07 03 0F 07 2A 0A"))
        #expect(weight.units == .imperial)
        #expect(isClose(weight.weight, 159.5))
        #expect(weight.timeStamp?.description == "2024-03-15T07:42:10")
    }

    @Test func unsuccessfulMeasurementWithUnknownUser() throws {
        let weight = try WeightMeasurement(bytes: hex("04 FF FF FF"))
        #expect(weight.weight == nil)
        #expect(weight.userIndex == nil)
    }

    @Test func reservedFlagBitsAreIgnoredAndReported() throws {
        let weight = try WeightMeasurement(bytes: hex("F0 B0 36"))
        #expect(weight.reservedFlags == 0xF0)
        #expect(isClose(weight.weight, 70.0))
    }

    @Test(arguments: ["", "00", "00 B0", "02 B0 36 E8 07", "0E 86 38 E8 07 03 0F 07 2A 0A 01 EC 00 D6"])
    func truncatedValuesThrowWithTheirBytes(bytes: String) {
        #expect {
            try WeightMeasurement(bytes: hex(bytes))
        } throws: { error in
            let failure = error as? GATTDecodingError
            return failure?.bytes == hex(bytes) && failure?.reason.contains("truncated") == true
        }
    }

    @Test func feature() throws {
        let feature = try WeightScaleFeature(bytes: hex("A7 01 00 00"))
        #expect(feature.timeStampSupported && feature.multipleUsersSupported && feature.bmiSupported)
        #expect(feature.weightResolutionKilograms == 0.05)
        #expect(feature.heightResolutionMeters == 0.001)
        #expect(feature.rounded(72.355, units: .si) == 72.35)
        #expect(feature.rounded(72.38, units: .si) == 72.4)
    }

    @Test func bodyComposition() throws {
        let body = try BodyCompositionMeasurement(bytes: hex("02 04 EB 00 E8 07 03 0F 07 2A 0A 80 3E"))
        #expect(isClose(body.bodyFatPercent, 23.5))
        #expect(body.timeStamp?.description == "2024-03-15T07:42:10")
        #expect(isClose(body.weight, 80.0))
        #expect(body.userIndex == nil)
    }
}
