import AdapterProtocol
import Foundation
import TestSupport
import Testing

@testable import Importers

/// Cross-checks with Garmin's official FIT SDK for Python (PyPI `garmin-fit-sdk`, installed by
/// scripts/setup.sh): files Garmin's encoder writes decode here to what Garmin's decoder reads, and
/// files written here decode in Garmin's decoder to the same values.
@Suite(.serialized) struct FITGarminSDKTests {
    /// Runs python3 with a script; returns stdout. Blocking work stays off the cooperative pool.
    static func python(_ script: String, _ arguments: [String]) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                process.arguments = ["python3", "-c", script] + arguments
                var output = Pipe()
                var errors = Pipe()
                do {
                    try ProcessLauncher.run(process) {
                        output = Pipe()
                        errors = Pipe()
                        process.standardOutput = output
                        process.standardError = errors
                    }
                    let data = output.fileHandleForReading.readDataToEndOfFile()
                    let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                    process.waitUntilExit()
                    if process.terminationStatus != 0 {
                        continuation.resume(throwing: PythonFailed(stderr: errorText))
                    } else {
                        continuation.resume(returning: String(decoding: data, as: UTF8.self))
                    }
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    struct PythonFailed: Error, CustomStringConvertible {
        var stderr: String
        var description: String { stderr }
    }

    static func temporaryPath(_ name: String) -> String {
        NSTemporaryDirectory() + "fit-sdk-\(UUID().uuidString)-\(name)"
    }

    /// Garmin's encoder writes monitoring, activity and weight messages; both decoders must agree.
    @Test func filesFromGarminsEncoderDecodeToGarminsValues() async throws {
        let path = Self.temporaryPath("garmin.fit")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let script = """
            import datetime, json, sys
            from garmin_fit_sdk import Encoder, Decoder, Stream, Profile
            M = Profile['mesg_num']
            e = Encoder()
            t0 = datetime.datetime(2024, 3, 15, 7, 0, 0, tzinfo=datetime.timezone.utc)
            e.on_mesg(M['FILE_ID'], {'type': 'monitoring_b', 'manufacturer': 'garmin', 'product': 3415,
                                     'serial_number': 123456789, 'time_created': t0})
            for i, (steps, hr) in enumerate([(120, 72), (480, 88), (1210, 95), (1300, 0)]):
                e.on_mesg(M['MONITORING'], {'timestamp': t0 + datetime.timedelta(minutes=i), 'activity_type': 'walking',
                                            'cycles': steps / 2, 'heart_rate': hr})
            for s in range(5):
                e.on_mesg(M['RECORD'], {'timestamp': t0 + datetime.timedelta(hours=1, seconds=s), 'heart_rate': 120 + s,
                                        'distance': 3.5 * s})
            e.on_mesg(M['WEIGHT_SCALE'], {'timestamp': t0 + datetime.timedelta(days=1), 'weight': 82.35, 'percent_fat': 21.5})
            open(sys.argv[1], 'wb').write(e.close())
            messages, errors = Decoder(Stream.from_file(sys.argv[1])).read(apply_scale_and_offset=True,
                convert_datetimes_to_dates=False, convert_types_to_strings=False, expand_sub_fields=True)
            assert not errors, errors
            out = {
              'monitoring': [[m['timestamp'], m.get('steps', m.get('cycles')), m.get('heart_rate')] for m in messages['monitoring_mesgs']],
              'record': [[m['timestamp'], m['heart_rate']] for m in messages['record_mesgs']],
              'weight': [[m['timestamp'], m['weight'], m['percent_fat']] for m in messages['weight_scale_mesgs']],
            }
            print(json.dumps(out))
            """
        let output = try await Self.python(script, [path])
        struct Garmin: Decodable {
            var monitoring: [[Double?]]
            var record: [[Double]]
            var weight: [[Double]]
        }
        let garmin = try JSONDecoder().decode(Garmin.self, from: Data(output.utf8))
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let (_, messages) = try FITDecoder.decode(bytes)

        let monitoring = messages.filter { $0.globalNumber == 55 }
        #expect(monitoring.map { $0[253] } == garmin.monitoring.map { $0[0] })
        // `steps` is the subfield of `cycles` for walking, scale 1 (the raw value).
        #expect(monitoring.map { $0[3] } == garmin.monitoring.map { $0[1] })
        let records = messages.filter { $0.globalNumber == 20 }
        #expect(records.map { $0[253] } == garmin.record.map { $0[0] })
        #expect(records.map { $0[3] } == garmin.record.map { $0[1] })

        let measurements = FITMeasurements(messages: messages, fileName: "garmin.fit")
        let weight = try #require(measurements.records.first { $0.kind == "body_weight" })
        #expect(abs(weight.value! - garmin.weight[0][1]) < 1e-9)
        let fat = try #require(measurements.records.first { $0.kind == "body_fat" })
        #expect(abs(fat.value! - garmin.weight[0][2]) < 1e-9)
        // Heart rates: monitoring (zero means none) and activity records.
        let garminHeartRates = garmin.monitoring.compactMap { $0[2] }.filter { $0 > 0 } + garmin.record.map { $0[1] }
        #expect(measurements.records.filter { $0.kind == "heart_rate" }.map(\.value) == garminHeartRates)
        // Steps per interval from Garmin's cumulative counts.
        #expect(measurements.records.filter { $0.kind == "steps" }.map(\.value) == [120, 360, 730, 90])
    }

    /// A file written here, with developer fields and a big-endian definition, reads the same in
    /// Garmin's decoder (which also checks both CRCs).
    @Test func filesWrittenHereDecodeInGarminsDecoder() async throws {
        var writer = FITFileWriter()
        let time = FITFileWriter.fitTime(1_710_486_000)
        writer.define(
            local: 0,
            global: 0,
            fields: [
                .init(number: 0, size: 1, baseType: 0x00), .init(number: 1, size: 2, baseType: 0x84),
                .init(number: 3, size: 4, baseType: 0x8C),
            ]
        )
        writer.data(local: 0, [32] + FITFileWriter.u16(1) + FITFileWriter.u32(987_654))
        // developer_data_id (207) and field_description (206), so Garmin's decoder knows the developer field.
        writer.define(local: 1, global: 207, fields: [.init(number: 3, size: 1, baseType: 0x02)])
        writer.data(local: 1, [0])
        writer.define(
            local: 2,
            global: 206,
            fields: [
                .init(number: 0, size: 1, baseType: 0x02), .init(number: 1, size: 1, baseType: 0x02),
                .init(number: 2, size: 1, baseType: 0x02),
            ]
        )
        writer.data(local: 2, [0, 0, 0x84])
        writer.define(
            local: 3,
            global: 55,
            fields: [
                .init(number: 253, size: 4, baseType: 0x86), .init(number: 5, size: 1, baseType: 0x00),
                .init(number: 3, size: 4, baseType: 0x86), .init(number: 27, size: 1, baseType: 0x02),
            ],
            developerFields: [(number: 0, size: 2, index: 0)],
            bigEndian: true
        )
        for (minute, (steps, bpm)) in [(100, 70), (250, 75), (260, 0xFF)].enumerated() {
            writer.data(
                local: 3,
                FITFileWriter.u32be(time + minute * 60) + [6] + FITFileWriter.u32be(steps) + [UInt8(bpm)] + [
                    0x12, 0x34,
                ]
            )
        }
        let path = Self.temporaryPath("ours.fit")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(writer.file()).write(to: URL(fileURLWithPath: path))
        let script = """
            import json, sys
            from garmin_fit_sdk import Decoder, Stream
            check = Decoder(Stream.from_file(sys.argv[1]))
            assert check.is_fit() and check.check_integrity()
            d = Decoder(Stream.from_file(sys.argv[1]))
            messages, errors = d.read(convert_datetimes_to_dates=False, convert_types_to_strings=False)
            assert not errors, errors
            print(json.dumps([[m['timestamp'], m.get('steps', m.get('cycles')), m.get('heart_rate')] for m in messages['monitoring_mesgs']]))
            """
        let output = try await Self.python(script, [path])
        let garmin = try JSONDecoder().decode([[Double?]].self, from: Data(output.utf8))
        let (_, messages) = try FITDecoder.decode(writer.file())
        let ours = messages.filter { $0.globalNumber == 55 }.map { [$0[253], $0[3], $0[27]] }
        #expect(ours == garmin)
        #expect(garmin.count == 3)
    }

    /// Garmin's encoder writes each case of issue 21 into two files, chained by concatenation: two users on
    /// one scale, a relative record time with its timestamp_correlation, monitoring steps carried only in
    /// current_activity_type_intensity, and hr beats. Garmin's decoder checks the chain; ours reads both parts.
    @Test func garminsEncoderCasesChainedAreReadToTheEnd() async throws {
        let first = Self.temporaryPath("first.fit")
        let chained = Self.temporaryPath("chained.fit")
        defer { for path in [first, chained] { try? FileManager.default.removeItem(atPath: path) } }
        let script = """
            import datetime, json, sys
            from garmin_fit_sdk import Encoder, Decoder, Stream, Profile
            M = Profile['mesg_num']
            t0 = datetime.datetime(2024, 3, 15, 7, 0, 0, tzinfo=datetime.timezone.utc)
            def encode(serial, day):
                e = Encoder()
                t = t0 + datetime.timedelta(days=day)
                e.on_mesg(M['FILE_ID'], {'type': 'weight', 'manufacturer': 'garmin', 'product': 1,
                                         'serial_number': serial, 'time_created': t})
                e.on_mesg(M['WEIGHT_SCALE'], {'timestamp': t, 'weight': 75.8, 'percent_fat': 22.3, 'user_profile_index': 0})
                e.on_mesg(M['WEIGHT_SCALE'], {'timestamp': t, 'weight': 58.2, 'percent_fat': 25.1, 'user_profile_index': 1})
                e.on_mesg(M['TIMESTAMP_CORRELATION'], {'timestamp': t, 'system_timestamp': 1000})
                e.on_mesg(M['RECORD'], {'timestamp': 1010, 'heart_rate': 80})
                e.on_mesg(M['MONITORING'], {'timestamp': t, 'current_activity_type_intensity': [0x46], 'cycles': 50})
                e.on_mesg(M['HR'], {'timestamp': t, 'fractional_timestamp': 0.5, 'event_timestamp': [100.0], 'filtered_bpm': [70]})
                e.on_mesg(M['HR'], {'event_timestamp': [100.5, 101.25], 'filtered_bpm': [71, 72]})
                return e.close()
            one = encode(1001, 0)
            open(sys.argv[1], 'wb').write(one)
            open(sys.argv[2], 'wb').write(one + encode(1002, 1))
            d = Decoder(Stream.from_file(sys.argv[2]))
            assert d.is_fit() and Decoder(Stream.from_file(sys.argv[2])).check_integrity()
            messages, errors = d.read(convert_datetimes_to_dates=False, merge_heart_rates=False)
            assert not errors, errors
            print(json.dumps({'file_ids': len(messages['file_id_mesgs']), 'weights': len(messages['weight_scale_mesgs'])}))
            """
        let output = try await Self.python(script, [first, chained])
        #expect(output.contains("\"file_ids\": 2") && output.contains("\"weights\": 4"))
        let firstCount = try Data(contentsOf: URL(fileURLWithPath: first)).count
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: chained)))
        let parts = try FITDecoder.decodeChained(bytes)
        #expect(parts.map(\.offset) == [0, firstCount])
        let measurements = FITMeasurements(messages: parts.flatMap(\.messages), fileName: "chained.fit")
        #expect(measurements.problems.isEmpty, "\(measurements.problems)")
        #expect(Set(measurements.items.map(\.device.deviceId)) == ["fit-1-1001", "fit-1-1002"])
        for (day, serial) in [("15", "1001"), ("16", "1002")] {
            let mine = measurements.items.filter { $0.device.deviceId == "fit-1-\(serial)" }.map(\.record)
            let weights = mine.filter { $0.kind == "body_weight" }
            #expect(weights.map(\.value) == [75.8, 58.2])
            #expect(weights.map { $0.context?.userIndex } == [0, 1])
            // The relative record time 1010 is 10 s after system time 1000, which is t0 of that file.
            #expect(
                mine.first { $0.sourceRecordId?.hasPrefix("activity-hr/") == true }?.effectiveTime
                    == "2024-03-\(day)T07:00:10Z"
            )
            #expect(mine.filter { $0.kind == "steps" }.map(\.value) == [100])
            let beats = mine.filter { $0.sourceRecordId?.hasPrefix("hr-beat/") == true }
            #expect(beats.map(\.value) == [70, 71, 72])
            #expect(
                beats.map(\.effectiveTime) == [
                    "2024-03-\(day)T07:00:00.500Z", "2024-03-\(day)T07:00:01Z", "2024-03-\(day)T07:00:01.750Z",
                ]
            )
        }

        // The second file damaged: Garmin's decoder reports a CRC error (its check_integrity looks at the first
        // file only), ours refuses the whole file, naming the second file's CRC.
        var damaged = bytes
        damaged[firstCount + 20] ^= 0x40
        try Data(damaged).write(to: URL(fileURLWithPath: chained))
        let garmin = try await Self.python(
            "import sys\nfrom garmin_fit_sdk import Decoder, Stream\nprint(Decoder(Stream.from_file(sys.argv[1])).read()[1])",
            [chained]
        )
        #expect(garmin.contains("CRC Error"))
        do {
            _ = try FITDecoder.decode(damaged)
            Issue.record("a chained file with a damaged second part decoded")
        } catch {
            #expect(error.offset == bytes.count - 2)
            #expect(error.reason.hasPrefix("chained file 2 at byte \(firstCount): file CRC mismatch"))
        }
    }
}
