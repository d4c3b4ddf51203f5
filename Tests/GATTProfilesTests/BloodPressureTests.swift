import Testing

@testable import GATTProfiles

/// Blood Pressure Measurement and Intermediate Cuff Pressure vectors of research devices.md §1.4, including the real
/// A&D UA-651BLE captures.
struct BloodPressureTests {
    @Test func nordicFull() throws {
        let bp = try BloodPressureMeasurement(bytes: hex("1E 8A 00 58 00 78 00 00 00 04 11 14 29 3B 3C 00 01 27 00"))
        #expect(bp.unit == .millimetresOfMercury)
        #expect(bp.systolic.value == 138 && bp.diastolic.value == 88 && bp.meanArterialPressure.value == 120)
        #expect(bp.timeStamp?.year == 0 && bp.timeStamp?.month == 4 && bp.timeStamp?.day == 17)
        #expect(bp.timeStamp?.isComplete == false)
        #expect(bp.pulseRate?.value == 60)
        #expect(bp.userIndex == 1)
        #expect(bp.status?.rawValue == 0x0027)
        #expect(bp.status?.protocolWords == ["body_movement", "cuff_loose", "irregular_pulse", "improper_position"])
    }

    @Test func nordicKilopascal() throws {
        let bp = try BloodPressureMeasurement(bytes: hex("15 BD F0 0B 00 9F F0 3C 00 12 00"))
        #expect(bp.unit == .kilopascal)
        #expect(
            isClose(bp.systolic.value, 18.9) && isClose(bp.diastolic.value, 11)
                && isClose(bp.meanArterialPressure.value, 15.9)
        )
        #expect(bp.pulseRate?.value == 60)
        #expect(bp.status == [.cuffTooLoose, .pulseBelowLowerLimit])
        #expect(bp.status?.protocolWords == ["cuff_loose", "pulse_out_of_range"])
    }

    @Test(arguments: [
        ("16 7D 00 50 00 66 00 E1 07 01 10 0C 27 36 40 00 00 00", 125.0, 80.0, 102.0, "2017-01-16T12:39:54", 64.0),
        ("16 86 00 4D 00 64 00 E1 07 01 10 0D 00 18 3D 00 00 00", 134.0, 77.0, 100.0, "2017-01-16T13:00:24", 61.0),
    ])
    func andUA651BLECaptures(bytes: String, sys: Double, dia: Double, map: Double, time: String, pulse: Double) throws {
        let bp = try BloodPressureMeasurement(bytes: hex(bytes))
        #expect(bp.systolic.value == sys && bp.diastolic.value == dia && bp.meanArterialPressure.value == map)
        #expect(bp.timeStamp?.description == time)
        #expect(bp.pulseRate?.value == pulse)
        #expect(bp.userIndex == nil)
        #expect(bp.status?.rawValue == 0)
        #expect(!bp.isErrorRecord)
    }

    @Test func andErrorRecordIsAllNaN() throws {
        let bp = try BloodPressureMeasurement(bytes: hex("16 FF 07 FF 07 FF 07 E1 07 01 0E 16 2C 04 FF 07 00 00"))
        #expect(bp.isErrorRecord)
        #expect(bp.systolic.special == .notANumber && bp.pulseRate?.special == .notANumber)
        #expect(bp.timeStamp?.description == "2017-01-14T22:44:04")
    }

    @Test func workedExamples() throws {
        let minimal = try BloodPressureMeasurement(bytes: hex("00 78 00 50 00 5D 00"))
        #expect(
            minimal.systolic.value == 120 && minimal.diastolic.value == 80 && minimal.meanArterialPressure.value == 93
        )
        #expect(minimal.timeStamp == nil && minimal.pulseRate == nil && minimal.status == nil)

        let kpa = try BloodPressureMeasurement(bytes: hex("01 A0 F0 6B F0 7D F0"))
        #expect(kpa.unit == .kilopascal)
        #expect(
            isClose(kpa.systolic.value, 16.0) && isClose(kpa.diastolic.value, 10.7)
                && isClose(kpa.meanArterialPressure.value, 12.5)
        )

        let full = try BloodPressureMeasurement(bytes: hex("1E 80 00 52 00 61 00 E8 07 03 0F 07 2A 0A 47 00 01 04 00"))
        #expect(full.systolic.value == 128 && full.diastolic.value == 82 && full.meanArterialPressure.value == 97)
        #expect(full.timeStamp?.description == "2024-03-15T07:42:10")
        #expect(full.pulseRate?.value == 71 && full.userIndex == 1 && full.status == .irregularPulse)
    }

    @Test func intermediateCuffPressure() throws {
        let icp = try BloodPressureMeasurement(
            bytes: hex("00 98 00 FF 07 FF 07"),
            characteristic: BloodPressureMeasurement.intermediateCharacteristic
        )
        #expect(icp.systolic.value == 152)
        #expect(icp.diastolic.special == .notANumber && icp.meanArterialPressure.special == .notANumber)
    }

    @Test(arguments: ["1E 80 00 52 00 61 00 E8 07 03", "16 7D 00 50 00 66 00 E1 07 01 10 0C 27 36 40 00 00", "00 78"])
    func truncatedThrows(bytes: String) {
        #expect(throws: GATTDecodingError.self) { try BloodPressureMeasurement(bytes: hex(bytes)) }
    }

    @Test func unknownFlagBitsAreReported() throws {
        let bp = try BloodPressureMeasurement(bytes: hex("E0 78 00 50 00 5D 00"))
        #expect(bp.reservedFlags == 0xE0)
        #expect(bp.systolic.value == 120)
    }
}
