import AdapterProtocol
import Foundation
import Testing

@testable import Importers

/// The FIT importer against FIT files written by real devices (Tests/Fixtures/fit, from python-fitparse's
/// test files, MIT), cross-checked with two independent decoders: fitparse (PyPI `fitparse`) for the
/// messages, their time stamps and heart rates, and Garmin's own Python SDK for the `hr` beat times
/// (fitparse does not accumulate `event_timestamp_12` from the anchor, Garmin's SDK does).
@Suite(.serialized) struct FITPublicSampleTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/fit")

    /// fitparse's view of a file: messages per global number, and every `record` message's raw time
    /// stamp and heart rate; or the error it stops with.
    static let fitparseScript = """
        import json, sys, fitparse
        try:
            f = fitparse.FitFile(sys.argv[1], check_crc=True)
            counts, records = {}, []
            for m in f.get_messages():
                counts[m.mesg_num] = counts.get(m.mesg_num, 0) + 1
                if m.mesg_num == 20:
                    records.append([m.get_raw_value('timestamp'), m.get_raw_value('heart_rate')])
            print(json.dumps({'counts': counts, 'records': records}))
        except Exception as error:
            print(json.dumps({'error': str(error)}))
        """

    struct Fitparse: Decodable {
        var counts: [String: Int]?
        var records: [[Double?]]?
        var error: String?
    }

    static func fitparse(_ path: String) async throws -> Fitparse {
        let output = try await FITGarminSDKTests.python(fitparseScript, [path])
        return try JSONDecoder().decode(Fitparse.self, from: Data(output.utf8))
    }

    static func counts(_ messages: [FITDecoder.Message]) -> [String: Int] {
        messages.reduce(into: [:]) { $0[String($1.globalNumber), default: 0] += 1 }
    }

    static let files = ["event_timestamp.fit", "sample_mulitple_header.fit", "garmin-fenix-5-walk.fit"]

    @Test(arguments: files)
    func messagesTimesAndHeartRatesAgreeWithFitparse(_ name: String) async throws {
        let path = Self.fixtures.appendingPathComponent(name).path
        let reference = try await Self.fitparse(path)
        #expect(reference.error == nil, "fitparse: \(reference.error ?? "")")
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let parts = try FITDecoder.decodeChained(bytes)
        let messages = parts.flatMap(\.messages)
        #expect(Self.counts(messages) == reference.counts)
        let records = messages.filter { $0.globalNumber == 20 }.map { [$0[253], $0[3]] }
        #expect(records == reference.records)

        // The importer's activity heart rates are fitparse's, minus the ones refused (0, invalid), at fitparse's times.
        let measurements = FITMeasurements(messages: messages, fileName: name)
        let ours = measurements.records.filter { $0.sourceRecordId?.hasPrefix("activity-hr/") == true }
        let expected = (reference.records ?? []).compactMap { pair -> (String, Double)? in
            guard let time = pair[0], let bpm = pair[1], (1...300).contains(bpm) else { return nil }
            return (FITMeasurements.text(Int64(time)), bpm)
        }
        // The same time again with the same rate is passed on (the hub counts a duplicate); with another rate it
        // is a conflict, reported, and the first is kept.
        var first: [String: Double] = [:]
        var kept: [(String, Double)] = []
        var conflicting = 0
        for (time, bpm) in expected {
            if let earlier = first[time], earlier != bpm {
                conflicting += 1
            } else {
                first[time] = first[time] ?? bpm
                kept.append((time, bpm))
            }
        }
        #expect(ours.map(\.effectiveTime) == kept.map(\.0))
        #expect(ours.map(\.value) == kept.map(\.1))
        #expect(
            measurements.problems.filter { $0.reason.hasPrefix("conflict: record activity-hr/") }.count == conflicting
        )
    }

    /// Garmin's SDK expands every `hr` message (anchors, `event_timestamp`, packed `event_timestamp_12`)
    /// into beat times; the importer must place every beat at the same millisecond with the same rate.
    @Test(arguments: ["event_timestamp.fit", "sample_mulitple_header.fit"])
    func heartBeatsAgreeWithGarminsSDK(_ name: String) async throws {
        let path = Self.fixtures.appendingPathComponent(name).path
        let script = """
            import json, sys
            from garmin_fit_sdk import Decoder, Stream
            messages, errors = Decoder(Stream.from_file(sys.argv[1])).read(convert_datetimes_to_dates=False,
                convert_types_to_strings=False, merge_heart_rates=False)
            assert not errors, errors
            beats, anchor = [], None
            for m in messages['hr_mesgs']:
                events = m['event_timestamp'] if isinstance(m['event_timestamp'], list) else [m['event_timestamp']]
                bpms = m['filtered_bpm'] if isinstance(m['filtered_bpm'], list) else [m['filtered_bpm']]
                if m.get('timestamp') is not None:
                    anchor = (m['timestamp'] + (m.get('fractional_timestamp') or 0), events[0])
                for event, bpm in zip(events, bpms):
                    if event < anchor[1] and anchor[1] - event > 0x400000:
                        event += 0x400000
                    beats.append([round((anchor[0] + event - anchor[1]) * 1000), bpm])
            print(json.dumps(beats))
            """
        let output = try await FITGarminSDKTests.python(script, [path])
        let garmin = try JSONDecoder().decode([[Double]].self, from: Data(output.utf8))
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let measurements = FITMeasurements(messages: try FITDecoder.decode(bytes).messages, fileName: name)
        let ours = measurements.records.compactMap { record -> [Double]? in
            guard let id = record.sourceRecordId, id.hasPrefix("hr-beat/"), let value = record.value else { return nil }
            return [Double(id.dropFirst("hr-beat/".count))!, value]
        }
        let plausible = garmin.filter { (1...300).contains($0[1]) }
        #expect(garmin.count > 1_000)
        #expect(ours.count == plausible.count)
        // Milliseconds may round apart by one where Garmin's double sum and ours differ in the last bit.
        let mismatched = zip(ours, plausible).filter { abs($0[0] - $1[0]) > 1 || $0[1] != $1[1] }
        #expect(mismatched.isEmpty, "first mismatches: \(Array(mismatched.prefix(3)))")
        #expect(measurements.problems.count == garmin.count - plausible.count)
    }

    /// Any folder of FIT files, when `KIDNEYHUB_FIT_CORPUS` names one: every file fitparse reads is read
    /// here to the same messages; every file fitparse refuses is refused here too.
    @Test func aCorpusFolderAgreesWithFitparse() async throws {
        guard let folder = ProcessInfo.processInfo.environment["KIDNEYHUB_FIT_CORPUS"] else { return }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter {
            $0.lowercased().hasSuffix(".fit")
        }.sorted()
        #expect(!names.isEmpty)
        var agreed = (read: 0, refused: 0)
        for name in names {
            let path = "\(folder)/\(name)"
            let reference = try await Self.fitparse(path)
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            let decoded = Result { () throws(FITDecoder.Failure) in try FITDecoder.decode(bytes) }
            switch (decoded, reference.error) {
            case (.success(let (_, messages)), nil):
                #expect(Self.counts(messages) == reference.counts, "\(name)")
                #expect(
                    messages.filter { $0.globalNumber == 20 }.map { [$0[253], $0[3]] } == reference.records,
                    "\(name)"
                )
                agreed.read += 1
            case (.failure(let failure), let error?):
                print("\(name): both refuse: ours \(failure), fitparse \(error)")
                agreed.refused += 1
            case (.success, let error?) where error.hasPrefix("Invalid field size"):
                // fitparse refuses a field whose size is not a multiple of its type's; Garmin's SDKs skip the
                // field and read the file (devices.md §6.2), as this reader does.
                print("\(name): fitparse refuses (\(error)); read here skipping that field, as Garmin's SDKs do")
            case (.success, let error?):
                Issue.record("\(name): fitparse refuses (\(error)), we read it")
            case (.failure(let failure), nil):
                Issue.record("\(name): we refuse (\(failure)), fitparse reads it")
            }
        }
        print("FIT corpus: \(names.count) files, \(agreed.read) read identically, \(agreed.refused) refused by both")
    }
}
