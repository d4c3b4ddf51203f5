import AdapterProtocol
import Foundation
import Testing

@testable import Importers

/// The FIT importer reads a file as it decodes it (issue 22: a 200,000-record activity held 474 MB when
/// every message and record was kept before submitting): the streamed records and problems must be
/// exactly those of the whole decoded file, and a file that cannot be read must hand on nothing.
struct FITStreamingTests {
    typealias W = FITFileWriter
    /// 2024-03-15T07:00:00Z in FIT seconds.
    static let t0 = W.fitTime(1_710_486_000)

    struct Streamed {
        var items: [FITMeasurements.Item] = []
        var problems: [String] = []
    }

    static func streamed(_ bytes: [UInt8], name: String) throws -> Streamed {
        var streamed = Streamed()
        try FITMeasurements.read(
            bytes,
            fileName: name,
            record: { streamed.items.append($0) },
            problem: { streamed.problems.append("\($0.offset) \($0.kind) \($0.reason)") }
        )
        return streamed
    }

    static func whole(_ bytes: [UInt8], name: String) throws -> Streamed {
        let measurements = FITMeasurements(messages: try FITDecoder.decode(bytes).messages, fileName: name)
        return Streamed(
            items: measurements.items,
            problems: measurements.problems.map { "\($0.offset) \($0.kind) \($0.reason)" }
        )
    }

    /// Files written by real devices (python-fitparse's test files, MIT; see Tests/Fixtures/fit/README.md).
    @Test(arguments: FITPublicSampleTests.files)
    func aDeviceFileStreamsTheRecordsAndProblemsOfTheWholeFile(_ name: String) throws {
        let url = FITPublicSampleTests.fixtures.appendingPathComponent(name)
        let bytes = Array(try Data(contentsOf: url))
        let whole = try Self.whole(bytes, name: name)
        let streamed = try Self.streamed(bytes, name: name)
        #expect(!whole.items.isEmpty)
        #expect(streamed.items == whole.items)
        #expect(streamed.problems == whole.problems)
    }

    /// A correlation that comes after the relative time stamps it converts (the lookup is a second pass,
    /// made only when a relative stamp is met), a conflict, and a chained second part with a file_id.
    @Test func relativeStampsConflictsAndChainedPartsStreamAsTheWholeFile() throws {
        var writer = W()
        writer.define(
            local: 1,
            global: 20,
            fields: [.init(number: 253, size: 4, baseType: 0x86), .init(number: 3, size: 1, baseType: 0x02)]
        )
        writer.data(local: 1, W.u32(1_010) + [80])
        writer.data(local: 1, W.u32(1_020) + [0])  // no skin contact: refused
        writer.data(local: 1, W.u32(1_020) + [82])
        writer.data(local: 1, W.u32(1_020) + [90])  // same time, another rate: a conflict
        writer.define(
            local: 0,
            global: 162,
            fields: [.init(number: 253, size: 4, baseType: 0x86), .init(number: 1, size: 4, baseType: 0x86)]
        )
        writer.data(local: 0, W.u32(Self.t0) + W.u32(1_000))
        let bytes = writer.file() + FITRealInputTests.scaleFile(serial: 22, [(Self.t0 + 86_400, 8_100, nil)])

        let whole = try Self.whole(bytes, name: "f.fit")
        let streamed = try Self.streamed(bytes, name: "f.fit")
        #expect(streamed.items.map(\.record.effectiveTime) == whole.items.map(\.record.effectiveTime))
        #expect(
            streamed.items.map(\.record.effectiveTime) == [
                "2024-03-15T07:00:10Z", "2024-03-15T07:00:20Z", "2024-03-16T07:00:00Z",
            ]
        )
        // The first part has no file_id: its records take the first file_id the file holds (the second part's).
        #expect(streamed.items.map(\.device.deviceId) == ["fit-1-22", "fit-1-22", "fit-1-22"])
        #expect(streamed.items == whole.items)
        #expect(streamed.problems == whole.problems)
        #expect(streamed.problems.count == 2)
        #expect(streamed.problems.last?.contains("conflict: record activity-hr/") == true)
    }

    /// Both CRCs are right but a data message late in the file names a local type never defined: the
    /// reader finds it before handing on the records in front of it, so the file stores nothing.
    @Test func aFileThatBreaksLateHandsOnNothing() throws {
        var writer = W()
        writer.define(
            local: 1,
            global: 20,
            fields: [.init(number: 253, size: 4, baseType: 0x86), .init(number: 3, size: 1, baseType: 0x02)]
        )
        for second in 0..<50 { writer.data(local: 1, W.u32(Self.t0 + second) + [100]) }
        writer.data(local: 7, W.u32(Self.t0 + 50) + [100])
        let bytes = writer.file()
        var handedOn = 0
        do {
            try FITMeasurements.read(
                bytes,
                fileName: "f.fit",
                record: { _ in handedOn += 1 },
                problem: { _ in handedOn += 1 }
            )
            Issue.record("a file with an undefined local type was read")
        } catch let failure as FITDecoder.Failure {
            #expect(failure.reason == "data message for undefined local type 7")
            #expect(failure.offset == bytes.count - 2 - 6)
        }
        #expect(handedOn == 0)
    }
}
