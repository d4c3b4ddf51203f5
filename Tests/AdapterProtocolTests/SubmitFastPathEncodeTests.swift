import Foundation
import TestSupport
import Testing

@testable import AdapterProtocol

struct EncodeCase: Sendable, CustomTestStringConvertible {
    var name: String
    var id: RequestID = .number(1)
    var request: SubmitMeasurementsRequest
    var testDescription: String { name }
}

private func record(
    _ id: String = "r",
    kind: String = "body_weight",
    value: Double? = 82.4,
    unit: String = "kg"
) -> MeasurementRecord {
    MeasurementRecord(
        sourceRecordId: id,
        kind: kind,
        value: value,
        unit: unit,
        effectiveTime: "2026-11-17T07:10:00+01:00"
    )
}

private func batch(_ records: [MeasurementRecord], device: DeviceIdentity? = nil, cursor: String? = nil)
    -> SubmitMeasurementsRequest
{
    SubmitMeasurementsRequest(batchId: "b", device: device, cursor: cursor, records: records)
}

/// `SubmitFastPath.encode` writes what the Codable path would, and both decoders read it back.
struct SubmitFastPathEncodeTests {
    static let awkward =
        "q\"uote back\\slash /slash\nline\rreturn\ttab \u{1}\u{0}\u{8}\u{C}\u{1F}\u{7F} é€😀 日本 \u{2028}\u{FEFF}"

    static let cases: [EncodeCase] =
        [
            .init(name: "minimal", request: batch([record()])),
            .init(name: "no records", request: batch([])),
            .init(
                name: "every member",
                id: .string("req-1"),
                request: SubmitMeasurementsRequest(
                    batchId: "batch-9",
                    device: DeviceIdentity(deviceId: "d", manufacturer: "ACME", model: "M1", serial: "S/N 1"),
                    cursor: "cursor-42",
                    records: [
                        MeasurementRecord(
                            sourceRecordId: "bp",
                            kind: "blood_pressure",
                            components: ["systolic": 120, "diastolic": 80, "mean": 93.3],
                            unit: "mm[Hg]",
                            effectiveTime: "2026-11-17T07:10:00Z",
                            context: MeasurementContext(
                                mealRelation: "fasting",
                                bodyPosition: "sitting",
                                measurementStatus: ["cuff_loose", "irregular_pulse"],
                                userIndex: 3,
                                dialysisPhase: "pre",
                                sampleSite: "arm"
                            ),
                            device: DeviceIdentity(deviceId: "cuff", manufacturer: "Omron")
                        ),
                        MeasurementRecord(
                            sourceRecordId: "steps",
                            kind: "steps",
                            value: 4211,
                            unit: "{steps}",
                            effectivePeriod: TimePeriod(
                                start: "2026-11-17T00:00:00+01:00",
                                end: "2026-11-18T00:00:00+01:00"
                            )
                        ),
                        MeasurementRecord(
                            sourceRecordId: "empty context",
                            kind: "body_weight",
                            value: 1,
                            unit: "kg",
                            context: MeasurementContext()
                        ),
                        MeasurementRecord(
                            sourceRecordId: "empty status",
                            kind: "body_weight",
                            components: [:],
                            unit: "kg",
                            context: MeasurementContext(measurementStatus: [])
                        ),
                    ]
                )
            ),
            .init(
                name: "strings needing escapes",
                id: .string(awkward),
                request: SubmitMeasurementsRequest(
                    batchId: awkward,
                    device: DeviceIdentity(deviceId: awkward, manufacturer: "\"", model: "\\", serial: "\n"),
                    cursor: awkward,
                    records: [
                        MeasurementRecord(
                            sourceRecordId: awkward,
                            kind: "\t",
                            value: 1,
                            components: [awkward: 1, "": 2, "\"": 3],
                            unit: "mmol/L",
                            effectiveTime: awkward,
                            effectivePeriod: TimePeriod(start: awkward, end: "\u{1}"),
                            context: MeasurementContext(
                                mealRelation: awkward,
                                bodyPosition: "\u{0}",
                                measurementStatus: [awkward, "", "\\", "\u{1}"],
                                dialysisPhase: "😀",
                                sampleSite: "\u{1F}"
                            ),
                            device: DeviceIdentity(deviceId: awkward)
                        )
                    ]
                )
            ),
            .init(
                name: "every control character",
                request: batch([record(String((0..<32).map { Character(Unicode.Scalar(UInt8($0))) }))])
            ),
            .init(
                name: "empty strings",
                id: .string(""),
                request: SubmitMeasurementsRequest(
                    batchId: "",
                    device: DeviceIdentity(deviceId: ""),
                    cursor: "",
                    records: [record("", kind: "", unit: "")]
                )
            ),
            .init(
                name: "unicode",
                request: batch(
                    [record("Körper–日本語–😀–\u{10FFFF}", kind: "gewicht", unit: "[lb_av]")],
                    device: DeviceIdentity(deviceId: "Waage ⚖️")
                )
            ),
            .init(name: "id 0", id: .number(0), request: batch([record()])),
            .init(name: "negative id", id: .number(-7), request: batch([record()])),
            .init(name: "large id", id: .number(8_999_999_999_999_999), request: batch([record()])),
            .init(
                name: "no value and no time",
                request: batch([MeasurementRecord(sourceRecordId: "r", kind: "k", unit: "u")])
            ),
            .init(
                name: "userIndex bounds",
                request: batch([
                    MeasurementRecord(
                        sourceRecordId: "a",
                        kind: "k",
                        unit: "u",
                        context: MeasurementContext(userIndex: 0)
                    ),
                    MeasurementRecord(
                        sourceRecordId: "b",
                        kind: "k",
                        unit: "u",
                        context: MeasurementContext(userIndex: 255)
                    ),
                    MeasurementRecord(
                        sourceRecordId: "c",
                        kind: "k",
                        unit: "u",
                        context: MeasurementContext(userIndex: -1)
                    ),
                    MeasurementRecord(
                        sourceRecordId: "d",
                        kind: "k",
                        unit: "u",
                        context: MeasurementContext(userIndex: 9_007_199_254_740_991)
                    ),
                ])
            ),
        ] + numbers.map { value in .init(name: "value \(value)", request: batch([record(value: value)])) }

    static let numbers: [Double] = [
        0, -0.0, 1, -1, 82, 82.4, 0.1, 0.2, 0.30000000000000004, 1.0 / 3, -273.15, 1e-7, 1e-300, 1e21, 1e22, 1e100,
        123_456_789, 999_999_999_999_999, 1e15, -1e15, 1e16, 9_007_199_254_740_992, 9_007_199_254_740_994, 0x1p60,
        .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNormalMagnitude, .leastNonzeroMagnitude, .ulpOfOne,
        4.35, 5e-324, 2.5, 1234.5678,
    ]

    /// The checks every encoded request must pass.
    private func check(_ request: SubmitMeasurementsRequest, id: RequestID) throws {
        let line = SubmitFastPath.encode(request, id: id)
        // One line, ending in a line feed.
        #expect(line.last == 0x0A)
        #expect(line.filter { $0 == 0x0A }.count == 1)
        #expect(line.filter { $0 == 0x0D }.isEmpty)
        // JSON by Foundation's reading and by the strict parser's.
        #expect((try? JSONSerialization.jsonObject(with: Data(line.dropLast()))) != nil)
        #expect((try? JSONParser.parse(Array(line.dropLast()))) != nil)
        // The same JSON value JSONEncoder writes for the request.
        let written = try JSONDecoder().decode(JSONValue.self, from: Data(line))
        let reference = try JSONDecoder().decode(
            JSONValue.self,
            from: JSONEncoder().encode(SubmitEnvelope(id: id, params: request))
        )
        #expect(written == reference)
        // MessageEncoder writes the same bytes.
        #expect(try MessageEncoder().request(request, id: id) == line)
        // Read back equal, bit for bit, by the fast path and by JSONDecoder.
        let fast = try #require(Oracle.fast(line), "the fast path handed its own line to the Codable path")
        #expect(fast == .request(id, request))
        #expect(fast.numberBits == request.numberBits)
        let (decodedID, decoded) = try Oracle.jsonDecoder(line)
        #expect(decodedID == id)
        #expect(decoded == request)
        #expect(decoded.numberBits == request.numberBits)
        #expect(Oracle.messageDecoder(line) == fast)
    }

    @Test(arguments: cases)
    func encodesWhatBothDecodersReadBack(testCase: EncodeCase) throws {
        try check(testCase.request, id: testCase.id)
    }

    @Test func escapesAsJSONRequires() {
        let line = String(decoding: SubmitFastPath.encode(batch([record(Self.awkward)]), id: .number(1)), as: UTF8.self)
        #expect(
            line.contains(
                #""sourceRecordId":"q\"uote back\\slash /slash\nline\rreturn\ttab \u0001\u0000\u0008\u000c\u001f\#u{7F} é€😀 日本 \#u{2028}\#u{FEFF}""#
            )
        )
        #expect(line.contains(#""unit":"kg""#))
        let slash = String(
            decoding: SubmitFastPath.encode(batch([record(unit: "mmol/L")]), id: .number(1)),
            as: UTF8.self
        )
        #expect(slash.contains(#""unit":"mmol/L""#))
    }

    @Test(arguments: [
        (82.0, "82"), (-5.0, "-5"), (0.0, "0"), (-0.0, "-0"), (1e14, "100000000000000"),
        (999_999_999_999_999.0, "999999999999999"), (1e15, "1000000000000000"), (0x1p53, "9007199254740992"),
        (-0x1p53, "-9007199254740992"), (0x1p53 + 2, "9.007199254740994e+15"), (1e16, "1e+16"), (1e21, "1e+21"),
        (82.4, "82.4"), (0.1, "0.1"), (1e-7, "1e-07"), (2.5, "2.5"), (-273.15, "-273.15"),
    ])
    func writesNumbersCompactly(value: Double, text: String) throws {
        let line = String(decoding: SubmitFastPath.encode(batch([record(value: value)]), id: .number(1)), as: UTF8.self)
        #expect(line.contains(#""value":\#(text),"#), "\(line)")
        let fast = try #require(Oracle.fast(Array(line.utf8)))
        #expect(fast.numberBits == [value.bitPattern])
    }

    /// JSON has no NaN or infinity: the fast encoder writes null (JSONEncoder would throw). A
    /// null `value` reads back as absent, not malformed, on both paths, so the hub refuses the
    /// record for a missing value; a null component makes `components` malformed.
    @Test(arguments: [Double.nan, .infinity, -.infinity, .signalingNaN])
    func nonFiniteNumbersAreWrittenAsNull(value: Double) throws {
        var withComponents = record(value: value)
        withComponents.components = ["systolic": value, "diastolic": 80]
        let line = SubmitFastPath.encode(batch([withComponents]), id: .number(1))
        let text = String(decoding: line, as: UTF8.self)
        #expect(text.contains(#""value":null"#))
        #expect(text.contains(#""components":{"diastolic":80,"systolic":null}"#))
        #expect((try? JSONSerialization.jsonObject(with: Data(line))) != nil)
        #expect(throws: EncodingError.self) {
            try JSONEncoder().encode(SubmitEnvelope(id: .number(1), params: batch([withComponents])))
        }
        let fast = try #require(Oracle.fast(line))
        #expect(fast == Oracle.codable(line))
        guard case .request(_, let decoded) = fast else {
            Issue.record("not a request")
            return
        }
        #expect(decoded.records[0].value == nil)
        #expect(decoded.records[0].components == nil)
        #expect(decoded.records[0].malformedFields == ["components"])
    }

    /// A userIndex beyond 2^53 is written exactly; the fast path cannot read it exactly (a
    /// Double), so it hands the line to the Codable path, which reads it back unchanged.
    @Test(arguments: [Int.max, Int.min, 9_007_199_254_740_993, -9_007_199_254_740_993, 12_345_678_901_234_567])
    func largeUserIndexesRoundTripThroughTheCodablePath(userIndex: Int) throws {
        let request = batch([
            MeasurementRecord(
                sourceRecordId: "r",
                kind: "k",
                unit: "u",
                context: MeasurementContext(userIndex: userIndex)
            )
        ])
        let line = SubmitFastPath.encode(request, id: .number(1))
        #expect(String(decoding: line, as: UTF8.self).contains(#""userIndex":\#(userIndex)}"#))
        #expect(Oracle.fast(line) == nil)
        #expect(Oracle.messageDecoder(line) == .request(.number(1), request))
        #expect(try Oracle.jsonDecoder(line).1 == request)
    }

    /// Ids the fast path leaves to the Codable path round-trip through `MessageDecoder`.
    @Test(arguments: [Int.max, Int.min, 9_007_199_254_740_993])
    func largeIdsRoundTripThroughTheCodablePath(id: Int) throws {
        let request = batch([record()])
        let line = SubmitFastPath.encode(request, id: .number(id))
        #expect(Oracle.fast(line) == nil)
        #expect(Oracle.messageDecoder(line) == .request(.number(id), request))
    }

    // MARK: Randomized round trip

    @Test func fiveHundredRandomRecordsRoundTrip() throws {
        var random = RandomRequests(seed: 20_261_117)
        var records: [MeasurementRecord] = []
        for _ in 0..<500 { records.append(random.record()) }

        // One batch of all of them.
        let all = SubmitMeasurementsRequest(
            batchId: random.string(),
            device: random.device(),
            cursor: random.string(),
            records: records
        )
        try check(all, id: .string(random.string()))

        // And in batches of random sizes, with random batch members and ids.
        var start = 0
        while start < records.count {
            let end = min(records.count, start + Int.random(in: 1...40, using: &random.generator))
            let request = SubmitMeasurementsRequest(
                batchId: random.string(),
                device: Bool.random(using: &random.generator) ? random.device() : nil,
                cursor: Bool.random(using: &random.generator) ? random.string() : nil,
                records: Array(records[start..<end])
            )
            let id: RequestID =
                Bool.random(using: &random.generator)
                ? .number(Int.random(in: -8_999_999_999_999_999...8_999_999_999_999_999, using: &random.generator))
                : .string(random.string())
            try check(request, id: id)
            start = end
        }
    }
}

/// Random requests from a fixed seed.
struct RandomRequests {
    var generator: SplitMix64

    init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    private static let pool: [Character] = Array(
        "abcXYZ019 -_:./\"\\\n\r\t\u{0}\u{1}\u{8}\u{C}\u{1F}\u{7F}é€日😀\u{2028}\u{FEFF}\u{10FFFF}"
    )

    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &generator) < percent }

    mutating func string() -> String {
        var text = ""
        for _ in 0..<Int.random(in: 0...12, using: &generator) {
            if chance(10) {
                // Any scalar that is not a surrogate.
                var scalar: Unicode.Scalar?
                while scalar == nil { scalar = Unicode.Scalar(UInt32.random(in: 0...0x10FFFF, using: &generator)) }
                text.unicodeScalars.append(scalar!)
            } else {
                text.append(Self.pool.randomElement(using: &generator)!)
            }
        }
        return text
    }

    mutating func optionalString() -> String? { chance(30) ? nil : string() }

    mutating func number() -> Double {
        switch Int.random(in: 0..<6, using: &generator) {
        case 0:
            var value = Double.nan
            while !value.isFinite { value = Double(bitPattern: generator.next()) }
            return value
        case 1: return Double(Int.random(in: -1_000_000...1_000_000, using: &generator))
        case 2:
            return Double(Int.random(in: -10_000_000...10_000_000, using: &generator))
                / [1, 10, 100, 1000, 1e6].randomElement(using: &generator)!
        case 3: return Double.random(in: -1e3...1e3, using: &generator)
        case 4: return Double(Int64.random(in: .min ... .max, using: &generator))
        default:
            return [
                0, -0.0, 0.1, 1e-7, 1e21, 1e15, 999_999_999_999_999, .greatestFiniteMagnitude, .leastNonzeroMagnitude,
            ]
            .randomElement(using: &generator)!
        }
    }

    mutating func device() -> DeviceIdentity {
        DeviceIdentity(
            deviceId: string(),
            manufacturer: optionalString(),
            model: optionalString(),
            serial: optionalString()
        )
    }

    mutating func record() -> MeasurementRecord {
        var record = MeasurementRecord(sourceRecordId: string(), kind: string(), unit: string())
        if chance(20) { record.sourceRecordId = nil }
        if chance(10) { record.kind = nil }
        if chance(10) { record.unit = nil }
        if chance(70) { record.value = number() }
        if chance(30) {
            var components: [String: Double] = [:]
            for _ in 0..<Int.random(in: 0...4, using: &generator) { components[string()] = number() }
            record.components = components
        }
        record.effectiveTime = optionalString()
        if chance(20) { record.effectivePeriod = TimePeriod(start: string(), end: string()) }
        if chance(40) {
            record.context = MeasurementContext(
                mealRelation: optionalString(),
                bodyPosition: optionalString(),
                measurementStatus: chance(50)
                    ? nil : (0..<Int.random(in: 0...3, using: &generator)).map { _ in string() },
                userIndex: chance(50)
                    ? nil
                    : chance(80)
                        ? Int.random(in: 0...255, using: &generator)
                        : Int.random(in: -9_007_199_254_740_991...9_007_199_254_740_991, using: &generator),
                dialysisPhase: optionalString(),
                sampleSite: optionalString()
            )
        }
        if chance(20) { record.device = device() }
        return record
    }
}
