import AdapterProtocol
import Foundation
import Testing

@testable import Importers

/// The FIT reader against the vectors of devices.md §6.3 and files written field by field.
struct FITDecoderTests {
    static func hex(_ text: String) -> [UInt8] {
        text.split(separator: " ").map { UInt8($0, radix: 16)! }
    }

    /// devices.md §6.3: a 102-byte monitoring_b file decoded with Garmin's JS SDK.
    static let monitoringVector = hex(
        "0E 20 8B 08 56 00 00 00 2E 46 49 54 08 5E "
            + "40 00 00 00 00 05 00 01 00 01 02 84 02 02 84 03 04 8C 04 04 86 "
            + "00 20 01 00 57 0D 15 CD 5B 07 F0 A5 56 40 "
            + "41 00 00 37 00 04 FD 04 86 05 01 00 03 04 86 1B 01 02 "
            + "01 F0 A5 56 40 06 78 00 00 00 48 "
            + "01 2C A6 56 40 06 E0 01 00 00 58 "
            + "01 68 A6 56 40 06 BA 04 00 00 5F "
            + "6F BC"
    )

    @Test func crcOfTheSDKShortFile() {
        // devices.md §6.3 (Garmin Swift SDK fitFileShort): header CRC 0xA38E, file CRC 0xF25D.
        let file = Self.hex(
            "0E 20 8B 08 24 00 00 00 2E 46 49 54 8E A3 40 00 00 00 00 04 00 01 00 01 02 84 04 04 86 08 0A 07 "
                + "00 04 01 00 00 CA 9A 3B 61 62 63 64 65 66 67 68 69 00 5D F2"
        )
        #expect(FITCRC.compute(file[0..<12]) == 0xA38E)
        #expect(FITCRC.compute(file[0..<50]) == 0xF25D)
        let decoded = try? FITDecoder.decode(file)
        #expect(decoded?.messages.first?[0] == 4)  // file_id.type = activity
        #expect(decoded?.messages.first?[4] == 1_000_000_000)  // time_created
    }

    @Test func monitoringVectorGivesStepsAndHeartRates() throws {
        let (header, messages) = try FITDecoder.decode(Self.monitoringVector)
        #expect(header.dataSize == 0x56)
        #expect(messages.map(\.globalNumber) == [0, 55, 55, 55])
        #expect(messages[0][3] == 123_456_789)
        let measurements = FITMeasurements(messages: messages, fileName: "vector.fit")
        #expect(measurements.device.deviceId == "fit-1-123456789")
        let heartRates = measurements.records.filter { $0.kind == "heart_rate" }
        #expect(heartRates.map(\.value) == [72, 88, 95])
        #expect(
            heartRates.map(\.effectiveTime) == ["2024-03-15T07:00:00Z", "2024-03-15T07:01:00Z", "2024-03-15T07:02:00Z"]
        )
        // Cumulative step counts 120, 480, 1210 become the steps of each interval.
        let steps = measurements.records.filter { $0.kind == "steps" }
        #expect(steps.map(\.value) == [120, 360, 730])
        #expect(steps[1].effectivePeriod == .init(start: "2024-03-15T07:00:00Z", end: "2024-03-15T07:01:00Z"))
    }

    @Test func aFlippedByteFailsTheCRCAndYieldsNothing() {
        var damaged = Self.monitoringVector
        damaged[60] ^= 0x01
        #expect(throws: FITDecoder.Failure.self) { try FITDecoder.decode(damaged) }
        do {
            _ = try FITDecoder.decode(damaged)
        } catch {
            #expect(error.offset == 100)
            #expect(error.reason.contains("CRC mismatch"))
        }
    }

    @Test func aTruncatedFileIsReportedWithWhereItEnds() {
        let truncated = Array(Self.monitoringVector.prefix(70))
        do {
            _ = try FITDecoder.decode(truncated)
            Issue.record("a truncated file decoded")
        } catch {
            #expect(error.offset == 70)
            #expect(error.reason.hasPrefix("truncated"))
        }
    }

    @Test func notAFITFile() {
        let text = Array("hello, this is not a FIT file at all".utf8)
        #expect(throws: FITDecoder.Failure.self) { try FITDecoder.decode(text) }
    }

    @Test func compressedTimestampsFollowTheLastFullOneAndRollOver() throws {
        var writer = FITFileWriter()
        let base = FITFileWriter.fitTime(1_710_486_000)  // 2024-03-15T07:00:00Z; low five bits below
        writer.define(
            local: 0,
            global: 20,
            fields: [.init(number: 253, size: 4, baseType: 0x86), .init(number: 3, size: 1, baseType: 0x02)]
        )
        writer.define(local: 1, global: 20, fields: [.init(number: 3, size: 1, baseType: 0x02)])
        writer.data(local: 0, FITFileWriter.u32(base) + [70])
        let low = base & 0x1F
        writer.compressed(local: 1, offset: UInt8((low + 3) & 0x1F), [71])  // 3 s later
        // 20 s after the full time: its low five bits (4) are below the last ones (19), so the counter rolled over.
        writer.compressed(local: 1, offset: UInt8((low + 20) & 0x1F), [72])
        let (_, messages) = try FITDecoder.decode(writer.file())
        let times = messages.compactMap { $0[FITDecoder.timestampField].map(Int.init) }
        #expect(low == 16)
        #expect(times == [base, base + 3, base + 20])
        #expect(messages.map { $0[3] } == [70, 71, 72])
    }

    @Test func developerFieldsAreSkippedAndBigEndianRead() throws {
        var writer = FITFileWriter()
        writer.headerSize = 12
        let time = FITFileWriter.fitTime(1_710_486_000)
        writer.define(
            local: 2,
            global: 30,
            fields: [
                .init(number: 253, size: 4, baseType: 0x86), .init(number: 0, size: 2, baseType: 0x84),
                .init(number: 1, size: 2, baseType: 0x84),
            ],
            developerFields: [(number: 0, size: 3, index: 0), (number: 1, size: 4, index: 0)],
            bigEndian: true
        )
        writer.data(
            local: 2,
            FITFileWriter.u32be(time) + FITFileWriter.u16be(8234) + FITFileWriter.u16be(2150) + [1, 2, 3, 9, 9, 9, 9]
        )
        writer.data(
            local: 2,
            FITFileWriter.u32be(time + 86_400) + FITFileWriter.u16be(0xFFFF) + FITFileWriter.u16be(2100) + [
                0, 0, 0, 0, 0, 0, 0,
            ]
        )
        let (_, messages) = try FITDecoder.decode(writer.file())
        #expect(messages.count == 2)
        let measurements = FITMeasurements(messages: messages, fileName: "scale.fit")
        // weight u16 /100 kg, percent_fat u16 /100 % (profile weight_scale); 0xFFFF is "invalid": no weight.
        #expect(measurements.records.filter { $0.kind == "body_weight" }.map(\.value) == [82.34])
        #expect(measurements.records.filter { $0.kind == "body_fat" }.map(\.value) == [21.5, 21.0])
        #expect(measurements.device.deviceId == "fit-unknown-file-scale.fit")
    }

    @Test func timestamp16ExtendsTheLastFullTime() throws {
        var writer = FITFileWriter()
        let full = FITFileWriter.fitTime(1_710_486_000)
        writer.define(
            local: 0,
            global: 55,
            fields: [.init(number: 253, size: 4, baseType: 0x86), .init(number: 27, size: 1, baseType: 0x02)]
        )
        writer.define(
            local: 1,
            global: 55,
            fields: [.init(number: 26, size: 2, baseType: 0x84), .init(number: 27, size: 1, baseType: 0x02)]
        )
        writer.data(local: 0, FITFileWriter.u32(full) + [60])
        writer.data(local: 1, FITFileWriter.u16((full + 90) & 0xFFFF) + [61])
        writer.data(local: 1, FITFileWriter.u16((full + 40_000) & 0xFFFF) + [62])  // the 16-bit counter wraps past 0xFFFF
        let (_, messages) = try FITDecoder.decode(writer.file())
        let records = FITMeasurements(messages: messages, fileName: "m.fit").records
        #expect(records.map(\.value) == [60, 61, 62])
        #expect(
            records.map(\.effectiveTime) == ["2024-03-15T07:00:00Z", "2024-03-15T07:01:30Z", "2024-03-15T18:06:40Z"]
        )
    }
}
