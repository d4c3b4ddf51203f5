import AdapterProtocol
import Testing

@testable import Importers

/// What FIT files from real devices showed (issue 21 item 1), each case built field by field: chained
/// files, relative time stamps, `current_activity_type_intensity`, user slots, `hr` beats, sentinels,
/// impossible values, records without a time, and conflicts.
struct FITRealInputTests {
    typealias W = FITFileWriter
    /// 2024-03-15T07:00:00Z in FIT seconds.
    static let t0 = W.fitTime(1_710_486_000)

    /// A weight-scale file: file_id (serial), then one weight per (time, centikilograms, user slot).
    static func scaleFile(serial: Int, _ weights: [(time: Int, weight: Int, user: Int?)]) -> [UInt8] {
        var writer = W()
        writer.define(
            local: 0,
            global: 0,
            fields: [.init(number: 1, size: 2, baseType: 0x84), .init(number: 3, size: 4, baseType: 0x8C)]
        )
        writer.data(local: 0, W.u16(1) + W.u32(serial))
        writer.define(
            local: 1,
            global: 30,
            fields: [
                .init(number: 253, size: 4, baseType: 0x86), .init(number: 0, size: 2, baseType: 0x84),
                .init(number: 12, size: 2, baseType: 0x84),
            ]
        )
        for entry in weights {
            writer.data(local: 1, W.u32(entry.time) + W.u16(entry.weight) + W.u16(entry.user ?? 0xFFFF))
        }
        return writer.file()
    }

    static func decode(_ bytes: [UInt8], name: String = "f.fit") throws -> FITMeasurements {
        FITMeasurements(messages: try FITDecoder.decode(bytes).messages, fileName: name)
    }

    // MARK: Chained files

    @Test func chainedFilesAreReadToTheEndEachWithItsDevice() throws {
        let first = Self.scaleFile(serial: 11, [(Self.t0, 8_000, nil)])
        let second = Self.scaleFile(serial: 22, [(Self.t0 + 86_400, 8_100, nil), (Self.t0 + 172_800, 8_050, nil)])
        let parts = try FITDecoder.decodeChained(first + second)
        #expect(parts.map(\.offset) == [0, first.count])
        #expect(parts.map { $0.messages.count } == [2, 3])
        #expect(parts[1].messages.allSatisfy { $0.part == 1 && $0.offset >= first.count })
        let measurements = try Self.decode(first + second)
        #expect(measurements.records.map(\.value) == [80, 81, 80.5])
        #expect(measurements.items.map(\.device.deviceId) == ["fit-1-11", "fit-1-22", "fit-1-22"])
        #expect(measurements.problems.isEmpty)
    }

    @Test func aDamagedLaterPartFailsTheWholeFileNamingItsOffset() throws {
        let first = Self.scaleFile(serial: 11, [(Self.t0, 8_000, nil)])
        var second = Self.scaleFile(serial: 22, [(Self.t0 + 86_400, 8_100, nil)])
        second[30] ^= 0x01
        do {
            _ = try FITDecoder.decode(first + second)
            Issue.record("a chained file with a damaged second part decoded")
        } catch {
            #expect(error.offset == first.count + second.count - 2)  // the second part's CRC
            #expect(error.reason.contains("chained file 2 at byte \(first.count)"))
            #expect(error.reason.contains("CRC mismatch"))
        }
    }

    @Test func aDamagedLaterHeaderOrTrailingBytesFailTheFile() throws {
        let first = Self.scaleFile(serial: 11, [(Self.t0, 8_000, nil)])
        var second = Self.scaleFile(serial: 22, [(Self.t0 + 86_400, 8_100, nil)])
        second[12] ^= 0xFF  // the header CRC of the second part
        #expect(
            throws: FITDecoder.Failure(
                offset: first.count + 12,
                reason: "chained file 2 at byte \(first.count): header CRC mismatch"
            )
        ) {
            try FITDecoder.decode(first + second)
        }
        // Bytes after the last part are a cut-off next part, not padding to ignore.
        do {
            _ = try FITDecoder.decode(first + [0x0E, 0x20, 0x8B])
            Issue.record("trailing bytes were ignored")
        } catch {
            #expect(error.offset == first.count + 3)
            #expect(
                error.reason == "chained file 2 at byte \(first.count): truncated: 3 bytes, shorter than a FIT header"
            )
        }
    }

    // MARK: Time stamps

    /// A file with an optional timestamp_correlation (UTC `t0` ↔ system time 1000) and two activity
    /// records at relative times 1010 and 1020.
    static func relativeFile(correlated: Bool) -> [UInt8] {
        var writer = W()
        if correlated {
            writer.define(
                local: 0,
                global: 162,
                fields: [.init(number: 253, size: 4, baseType: 0x86), .init(number: 1, size: 4, baseType: 0x86)]
            )
            writer.data(local: 0, W.u32(t0) + W.u32(1_000))
        }
        writer.define(
            local: 1,
            global: 20,
            fields: [.init(number: 253, size: 4, baseType: 0x86), .init(number: 3, size: 1, baseType: 0x02)]
        )
        writer.data(local: 1, W.u32(1_010) + [80])
        writer.data(local: 1, W.u32(1_020) + [82])
        return writer.file()
    }

    @Test func relativeTimeStampsAreConvertedWithTheTimestampCorrelation() throws {
        let measurements = try Self.decode(Self.relativeFile(correlated: true))
        #expect(measurements.records.map(\.effectiveTime) == ["2024-03-15T07:00:10Z", "2024-03-15T07:00:20Z"])
        #expect(measurements.problems.isEmpty)
    }

    @Test func relativeTimeStampsWithoutACorrelationAreRefusedWithTheReason() throws {
        let measurements = try Self.decode(Self.relativeFile(correlated: false))
        #expect(measurements.records.isEmpty)
        #expect(measurements.skipped == 2)
        #expect(
            measurements.problems.allSatisfy {
                $0.reason.contains("relative") && $0.reason.contains("timestamp_correlation")
            }
        )
        #expect(measurements.problems.map(\.kind) == ["heart_rate", "heart_rate"])
    }

    @Test func recordsWithoutATimeStampAreReportedNotDropped() throws {
        var writer = W()
        writer.define(local: 0, global: 30, fields: [.init(number: 0, size: 2, baseType: 0x84)])
        writer.data(local: 0, W.u16(8_000))
        writer.define(local: 1, global: 20, fields: [.init(number: 3, size: 1, baseType: 0x02)])
        writer.data(local: 1, [77])
        let measurements = try Self.decode(writer.file())
        #expect(measurements.records.isEmpty)
        #expect(
            measurements.problems.map(\.reason) == [
                "weight_scale message without a time stamp", "record message without a time stamp",
            ]
        )
    }

    // MARK: Monitoring

    @Test func currentActivityTypeIntensityGivesTheStepIntervals() throws {
        var writer = W()
        writer.define(
            local: 0,
            global: 55,
            fields: [
                .init(number: 253, size: 4, baseType: 0x86), .init(number: 24, size: 1, baseType: 0x0D),
                .init(number: 3, size: 4, baseType: 0x86),
            ]
        )
        // Low 5 bits: activity type 6 (walking); high 3 bits: intensity 2 (0x46), as vivofit files carry it.
        writer.data(local: 0, W.u32(Self.t0) + [0x46] + W.u32(100))
        writer.data(local: 0, W.u32(Self.t0 + 900) + [0x46] + W.u32(340))
        writer.data(local: 0, W.u32(Self.t0 + 1_800) + [0x08] + W.u32(9_999))  // sedentary: not steps
        let steps = try Self.decode(writer.file()).records.filter { $0.kind == "steps" }
        #expect(steps.map(\.value) == [100, 240])
        #expect(steps[1].effectivePeriod == .init(start: "2024-03-15T07:00:00Z", end: "2024-03-15T07:15:00Z"))
    }

    // MARK: User slots

    @Test func userProfileIndexBecomesTheRecordsUserSlot() throws {
        // Two people weighed at the same second on one scale; 0x8001 is slot 1 marked "selected".
        let file = Self.scaleFile(serial: 5, [(Self.t0, 7_580, 0), (Self.t0, 5_820, 0x8001)])
        let measurements = try Self.decode(file)
        let weights = measurements.records.filter { $0.kind == "body_weight" }
        #expect(weights.map(\.value) == [75.8, 58.2])
        #expect(weights.map { $0.context?.userIndex } == [0, 1])
        #expect(Set(weights.compactMap(\.sourceRecordId)).count == 2)
        #expect(measurements.problems.isEmpty)
    }

    @Test func bloodPressureUserSlotAndPulse() throws {
        var writer = W()
        writer.define(
            local: 0,
            global: 51,
            fields: [
                .init(number: 253, size: 4, baseType: 0x86), .init(number: 0, size: 2, baseType: 0x84),
                .init(number: 1, size: 2, baseType: 0x84), .init(number: 6, size: 1, baseType: 0x02),
                .init(number: 9, size: 2, baseType: 0x84),
            ]
        )
        writer.data(local: 0, W.u32(Self.t0) + W.u16(128) + W.u16(82) + [64] + W.u16(2))
        writer.data(local: 0, W.u32(Self.t0 + 60) + W.u16(0) + W.u16(0) + [0] + W.u16(2))
        let measurements = try Self.decode(writer.file())
        let pressure = try #require(measurements.records.first { $0.kind == "blood_pressure" })
        #expect(pressure.components == ["systolic": 128, "diastolic": 82])
        #expect(pressure.context?.userIndex == 2)
        #expect(measurements.records.first { $0.kind == "heart_rate" }?.context?.userIndex == 2)
        #expect(measurements.problems.map(\.kind) == ["blood_pressure"])
        #expect(measurements.problems[0].reason.contains("0/0 mmHg"))
    }

    // MARK: Sentinels, impossible values, conflicts

    @Test func sentinelsAndImpossibleValuesAreRefusedEachWithItsReason() throws {
        var writer = W()
        writer.define(
            local: 0,
            global: 30,
            fields: [.init(number: 253, size: 4, baseType: 0x86), .init(number: 0, size: 2, baseType: 0x84)]
        )
        writer.data(local: 0, W.u32(Self.t0) + W.u16(0xFFFE))  // "calculating", which was stored as 655.34 kg
        writer.data(local: 0, W.u32(Self.t0 + 60) + W.u16(0xFFFF))
        writer.data(local: 0, W.u32(Self.t0 + 120) + W.u16(0))
        writer.data(local: 0, W.u32(Self.t0 + 180) + W.u16(8_012))
        writer.define(
            local: 1,
            global: 20,
            fields: [.init(number: 253, size: 4, baseType: 0x86), .init(number: 3, size: 1, baseType: 0x02)]
        )
        writer.data(local: 1, W.u32(Self.t0 + 1) + [0])
        writer.data(local: 1, W.u32(Self.t0 + 2) + [0xFF])
        writer.data(local: 1, W.u32(Self.t0 + 3) + [91])
        let measurements = try Self.decode(writer.file())
        #expect(measurements.records.map(\.value) == [80.12, 91])
        #expect(measurements.skipped == 5)
        let reasons = measurements.problems.map(\.reason)
        #expect(reasons[0].contains("0xFFFE") && reasons[0].contains("calculating"))
        #expect(reasons[1].contains("invalid value 0xFFFF"))
        #expect(reasons[2].contains("0 kg is not a possible reading"))
        #expect(reasons[3] == "record heart_rate 0/min is not a possible heart rate (1–300/min)")
        #expect(reasons[4] == "record heart_rate is the invalid value 0xFF (no reading)")
    }

    @Test func aConflictIsReportedAndTheSameRecordAgainIsPassedOn() throws {
        var writer = W()
        writer.define(
            local: 0,
            global: 30,
            fields: [.init(number: 253, size: 4, baseType: 0x86), .init(number: 0, size: 2, baseType: 0x84)]
        )
        writer.data(local: 0, W.u32(Self.t0) + W.u16(8_000))
        writer.data(local: 0, W.u32(Self.t0) + W.u16(8_000))  // repeated: the hub counts it as a duplicate
        writer.data(local: 0, W.u32(Self.t0) + W.u16(8_150))  // same id, another weight: a conflict
        let measurements = try Self.decode(writer.file())
        #expect(measurements.records.map(\.value) == [80, 80])
        #expect(measurements.problems.count == 1)
        let problem = try #require(measurements.problems.first)
        #expect(problem.reason.hasPrefix("conflict: record weight/\(Self.t0) was read at @"))
        #expect(problem.reason.contains("80.0 kg") && problem.reason.contains("81.5 kg"))
    }

    // MARK: hr messages

    @Test func hrMessagesBecomeHeartRatesAtTheirBeatTimes() throws {
        var writer = W()
        writer.define(
            local: 0,
            global: 132,
            fields: [
                .init(number: 253, size: 4, baseType: 0x86), .init(number: 0, size: 2, baseType: 0x84),
                .init(number: 9, size: 4, baseType: 0x86), .init(number: 6, size: 1, baseType: 0x02),
            ]
        )
        // The anchor: t0 + 0.5 s (fractional_timestamp 16384/32768) is beat time 100 s (102400/1024).
        writer.data(local: 0, W.u32(Self.t0) + W.u16(16_384) + W.u32(102_400) + [70])
        writer.define(
            local: 1,
            global: 132,
            fields: [.init(number: 6, size: 2, baseType: 0x02), .init(number: 10, size: 3, baseType: 0x0D)]
        )
        // Beats at 100.5 s and 101.25 s: the low 12 bits of 102912 and 103680 (512, 1280), packed LSB first.
        let packed = 512 | 1280 << 12
        writer.data(local: 1, [71, 0] + [UInt8(packed & 0xFF), UInt8(packed >> 8 & 0xFF), UInt8(packed >> 16)])
        let measurements = try Self.decode(writer.file())
        let beats = measurements.records
        #expect(beats.map(\.value) == [70, 71])
        #expect(beats.map(\.effectiveTime) == ["2024-03-15T07:00:00.500Z", "2024-03-15T07:00:01Z"])
        #expect(
            measurements.problems.map(\.reason) == ["hr filtered_bpm 0/min is not a possible heart rate (1–300/min)"]
        )
    }

    @Test func hrBeatsBeforeAnyAnchorAreRefused() throws {
        var writer = W()
        writer.define(
            local: 0,
            global: 132,
            fields: [.init(number: 9, size: 4, baseType: 0x86), .init(number: 6, size: 1, baseType: 0x02)]
        )
        writer.data(local: 0, W.u32(102_400) + [70])
        let measurements = try Self.decode(writer.file())
        #expect(measurements.records.isEmpty)
        #expect(measurements.problems.first?.reason.contains("before any hr message with a time stamp") == true)
    }

    @Test func millisecondTimesAreRFC3339() {
        #expect(FITMeasurements.text(milliseconds: Int64(Self.t0) * 1000 + 7) == "2024-03-15T07:00:00.007Z")
        #expect(FITMeasurements.text(milliseconds: Int64(Self.t0) * 1000 - 250) == "2024-03-15T06:59:59.750Z")
    }
}
