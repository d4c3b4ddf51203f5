import Foundation
import Testing

@testable import AdapterProtocol

/// One record, as JSON text, and the malformed fields both decoders must name for it.
struct RecordCase: Sendable, CustomTestStringConvertible {
    var name: String
    var json: String
    var malformed: [String] = []
    var testDescription: String { name }
}

private let weight =
    #""sourceRecordId":"r1","kind":"body_weight","unit":"kg","effectiveTime":"2026-11-17T07:10:00+01:00""#

/// `SubmitFastPath.decode` against the Codable path, record by record and message by message.
struct SubmitFastPathDecodeTests {
    static let validRecords: [RecordCase] = [
        .init(name: "scalar value", json: #"{\#(weight),"value":82.4}"#),
        .init(
            name: "blood pressure components",
            json:
                #"{"sourceRecordId":"bp","kind":"blood_pressure","components":{"systolic":120,"diastolic":80,"mean":93.3},"unit":"mm[Hg]","effectiveTime":"2026-11-17T07:10:00Z"}"#
        ),
        .init(
            name: "effectivePeriod",
            json:
                #"{"sourceRecordId":"s","kind":"steps","value":4211,"unit":"{steps}","effectivePeriod":{"start":"2026-11-17T00:00:00+01:00","end":"2026-11-18T00:00:00+01:00"}}"#
        ),
        .init(
            name: "full context",
            json:
                #"{\#(weight),"value":80,"context":{"mealRelation":"fasting","bodyPosition":"standing","measurementStatus":["body_movement","cuff_loose"],"userIndex":2,"dialysisPhase":"pre","sampleSite":"finger"}}"#
        ),
        .init(name: "empty context and status", json: #"{\#(weight),"value":80,"context":{"measurementStatus":[]}}"#),
        .init(
            name: "per-record device",
            json:
                #"{\#(weight),"value":80,"device":{"deviceId":"scale-2","manufacturer":"ACME","model":"S1","serial":"0042"}}"#
        ),
        .init(name: "per-record device, id only", json: #"{\#(weight),"value":80,"device":{"deviceId":"scale-3"}}"#),
        .init(
            name: "unicode strings",
            json:
                #"{"sourceRecordId":"Körper–日本語–😀","kind":"body_weight","value":1,"unit":"kg","effectiveTime":"2026-11-17T07:10:00Z","context":{"sampleSite":"Zeigefinger rechts ✋🏽"}}"#
        ),
        .init(
            name: "escaped strings",
            json:
                #"{"sourceRecordId":"a\"b\\c\/d\n\t\r\b\f\u0001\u00e9\ud83d\ude00","kind":"body_weight","value":1,"unit":"kg","effectiveTime":"x\u0000y"}"#
        ),
        .init(
            name: "nulls count as absent",
            json: #"{\#(weight),"value":null,"components":null,"effectivePeriod":null,"context":null,"device":null}"#
        ),
        .init(
            name: "null context members count as absent",
            json:
                #"{\#(weight),"value":1,"context":{"mealRelation":null,"bodyPosition":null,"measurementStatus":null,"userIndex":null,"dialysisPhase":null,"sampleSite":null}}"#
        ),
        .init(
            name: "device members null",
            json: #"{\#(weight),"value":1,"device":{"deviceId":"d","manufacturer":null,"model":null,"serial":null}}"#
        ),
        .init(name: "an empty record", json: "{}"),
        .init(
            name: "unknown members ignored",
            json:
                #"{\#(weight),"value":1,"futureField":{"x":[1,2]},"context":{"mood":"fine","userIndex":1},"device":{"deviceId":"d","color":"red"}}"#
        ),
        .init(
            name: "members in another order, with whitespace",
            json:
                #" { "value" : 82.4 ,"unit":"kg" ,\#t"kind" : "body_weight","effectiveTime":"t","sourceRecordId" : "r" } "#
        ),
        .init(name: "value -0", json: #"{\#(weight),"value":-0}"#),
        .init(name: "value -0.0", json: #"{\#(weight),"value":-0.0}"#),
        .init(name: "value 1e5", json: #"{\#(weight),"value":1e5}"#),
        .init(name: "value 1E-3", json: #"{\#(weight),"value":1E-3}"#),
        .init(name: "value 0.1", json: #"{\#(weight),"value":0.1}"#),
        .init(name: "value 1e-7", json: #"{\#(weight),"value":1e-7}"#),
        .init(name: "value 1e21", json: #"{\#(weight),"value":1e21}"#),
        .init(name: "value negative", json: #"{\#(weight),"value":-12.5}"#),
        .init(name: "value max", json: #"{\#(weight),"value":1.7976931348623157e308}"#),
        .init(name: "value min subnormal", json: #"{\#(weight),"value":4.9e-324}"#),
        .init(name: "value zero with a huge exponent", json: #"{\#(weight),"value":0e999}"#),
        .init(name: "value with 25 digits", json: #"{\#(weight),"value":1234567890123456789012345}"#),
        .init(name: "userIndex 1.0", json: #"{\#(weight),"value":1,"context":{"userIndex":1.0}}"#),
        .init(name: "userIndex 1e2", json: #"{\#(weight),"value":1,"context":{"userIndex":1e2}}"#),
        .init(name: "userIndex -0", json: #"{\#(weight),"value":1,"context":{"userIndex":-0}}"#),
        .init(
            name: "userIndex 0.99999999999999999",
            json: #"{\#(weight),"value":1,"context":{"userIndex":0.99999999999999999}}"#
        ),
        .init(name: "userIndex 2^53 - 1", json: #"{\#(weight),"value":1,"context":{"userIndex":9007199254740991}}"#),
        .init(
            name: "userIndex -(2^53 - 1)",
            json: #"{\#(weight),"value":1,"context":{"userIndex":-9007199254740991}}"#
        ),
        .init(name: "userIndex 9e15", json: #"{\#(weight),"value":1,"context":{"userIndex":9000000000000000}}"#),
        .init(name: "duplicate value, number first", json: #"{\#(weight),"value":1,"value":"x"}"#),
        .init(name: "duplicate kind", json: #"{\#(weight),"kind":"heart_rate","value":1}"#),
        .init(name: "duplicate component name", json: #"{\#(weight),"components":{"a":1,"a":"x","b":2}}"#),
        .init(name: "duplicate context", json: #"{\#(weight),"value":1,"context":{"userIndex":1},"context":"x"}"#),
    ]

    static let malformedRecords: [RecordCase] = [
        .init(name: "value as string", json: #"{\#(weight),"value":"82.4"}"#, malformed: ["value"]),
        .init(name: "value as bool", json: #"{\#(weight),"value":true}"#, malformed: ["value"]),
        .init(name: "value as array", json: #"{\#(weight),"value":[1]}"#, malformed: ["value"]),
        .init(name: "value as object", json: #"{\#(weight),"value":{}}"#, malformed: ["value"]),
        .init(
            name: "components with a string",
            json: #"{\#(weight),"components":{"systolic":"120","diastolic":80}}"#,
            malformed: ["components"]
        ),
        .init(
            name: "components with null",
            json: #"{\#(weight),"components":{"systolic":null}}"#,
            malformed: ["components"]
        ),
        .init(
            name: "components with an object",
            json: #"{\#(weight),"components":{"systolic":{}}}"#,
            malformed: ["components"]
        ),
        .init(name: "components as array", json: #"{\#(weight),"components":[120,80]}"#, malformed: ["components"]),
        .init(name: "components as number", json: #"{\#(weight),"components":120}"#, malformed: ["components"]),
        .init(
            name: "userIndex as string",
            json: #"{\#(weight),"value":1,"context":{"userIndex":"1"}}"#,
            malformed: ["context.userIndex"]
        ),
        .init(
            name: "userIndex 1.5",
            json: #"{\#(weight),"value":1,"context":{"userIndex":1.5}}"#,
            malformed: ["context.userIndex"]
        ),
        .init(
            name: "userIndex 5e-1",
            json: #"{\#(weight),"value":1,"context":{"userIndex":5e-1}}"#,
            malformed: ["context.userIndex"]
        ),
        .init(
            name: "userIndex as bool",
            json: #"{\#(weight),"value":1,"context":{"userIndex":true}}"#,
            malformed: ["context.userIndex"]
        ),
        .init(
            name: "measurementStatus with a number",
            json: #"{\#(weight),"value":1,"context":{"measurementStatus":["ok",1]}}"#,
            malformed: ["context.measurementStatus"]
        ),
        .init(
            name: "measurementStatus with null",
            json: #"{\#(weight),"value":1,"context":{"measurementStatus":[null]}}"#,
            malformed: ["context.measurementStatus"]
        ),
        .init(
            name: "measurementStatus as string",
            json: #"{\#(weight),"value":1,"context":{"measurementStatus":"cuff_loose"}}"#,
            malformed: ["context.measurementStatus"]
        ),
        .init(
            name: "effectivePeriod missing end",
            json: #"{\#(weight),"value":1,"effectivePeriod":{"start":"2026-11-17T00:00:00Z"}}"#,
            malformed: ["effectivePeriod"]
        ),
        .init(
            name: "effectivePeriod end null",
            json: #"{\#(weight),"value":1,"effectivePeriod":{"start":"a","end":null}}"#,
            malformed: ["effectivePeriod"]
        ),
        .init(
            name: "effectivePeriod start a number",
            json: #"{\#(weight),"value":1,"effectivePeriod":{"start":1,"end":"b"}}"#,
            malformed: ["effectivePeriod"]
        ),
        .init(
            name: "effectivePeriod as string",
            json: #"{\#(weight),"value":1,"effectivePeriod":"P1D"}"#,
            malformed: ["effectivePeriod"]
        ),
        .init(
            name: "device missing deviceId",
            json: #"{\#(weight),"value":1,"device":{"model":"S1"}}"#,
            malformed: ["device"]
        ),
        .init(
            name: "device deviceId null",
            json: #"{\#(weight),"value":1,"device":{"deviceId":null}}"#,
            malformed: ["device"]
        ),
        .init(
            name: "device deviceId a number",
            json: #"{\#(weight),"value":1,"device":{"deviceId":7}}"#,
            malformed: ["device"]
        ),
        .init(
            name: "device manufacturer a number",
            json: #"{\#(weight),"value":1,"device":{"deviceId":"d","manufacturer":1}}"#,
            malformed: ["device"]
        ),
        .init(name: "device as string", json: #"{\#(weight),"value":1,"device":"scale"}"#, malformed: ["device"]),
        .init(name: "context as array", json: #"{\#(weight),"value":1,"context":[]}"#, malformed: ["context"]),
        .init(name: "context as string", json: #"{\#(weight),"value":1,"context":"fasting"}"#, malformed: ["context"]),
        .init(
            name: "strings of the wrong type",
            json: #"{"sourceRecordId":1,"kind":true,"value":1,"unit":["kg"],"effectiveTime":1731827400}"#,
            malformed: ["sourceRecordId", "kind", "unit", "effectiveTime"]
        ),
        .init(
            name: "every field wrong, in declaration order, context members last",
            json:
                #"{"context":{"sampleSite":2,"userIndex":"x","mealRelation":1,"bodyPosition":[],"measurementStatus":{},"dialysisPhase":false},"device":[],"effectivePeriod":1,"effectiveTime":{},"unit":1,"components":"c","value":"v","kind":2,"sourceRecordId":3}"#,
            malformed: [
                "sourceRecordId", "kind", "value", "components", "unit", "effectiveTime", "effectivePeriod", "device",
                "context.mealRelation", "context.bodyPosition", "context.measurementStatus", "context.userIndex",
                "context.dialysisPhase", "context.sampleSite",
            ]
        ),
        .init(
            name: "duplicate value, string first",
            json: #"{\#(weight),"value":"x","value":1}"#,
            malformed: ["value"]
        ),
        .init(
            name: "duplicate component name, string first",
            json: #"{\#(weight),"components":{"a":"x","a":1}}"#,
            malformed: ["components"]
        ),
    ]

    private func check(_ record: RecordCase) throws {
        let line = submitLine(records: [record.json])
        let fast = try #require(Oracle.fast(line), "the fast path handed \(record.name) to the Codable path")
        let codable = Oracle.codable(line)
        #expect(fast == codable, "fast: \(fast)\ncodable: \(codable)")
        #expect(fast.numberBits == codable.numberBits)
        let (id, direct) = try Oracle.jsonDecoder(line)
        #expect(fast == .request(id, direct))
        guard case .request(_, let request) = fast else {
            Issue.record("not a request: \(fast)")
            return
        }
        #expect(request.records.first?.malformedFields == record.malformed)
        #expect(Oracle.messageDecoder(line) == fast)
    }

    @Test(arguments: validRecords)
    func validRecordsDecodeAsCodableDoes(record: RecordCase) throws {
        try check(record)
    }

    @Test(arguments: malformedRecords)
    func malformedRecordsNameTheSameFieldsAsCodable(record: RecordCase) throws {
        try check(record)
    }

    @Test func spotChecksOfTheDecodedValues() throws {
        func decoded(_ name: String) throws -> MeasurementRecord {
            let json = try #require(Self.validRecords.first { $0.name == name }?.json)
            guard case .request(_, let request)? = Oracle.fast(submitLine(records: [json])) else {
                throw CancellationError()
            }
            return try #require(request.records.first)
        }
        #expect(try decoded("scalar value").value == 82.4)
        #expect(
            try decoded("blood pressure components").components == ["systolic": 120, "diastolic": 80, "mean": 93.3]
        )
        let context = try #require(try decoded("full context").context)
        #expect(context.measurementStatus == ["body_movement", "cuff_loose"])
        #expect(context.userIndex == 2)
        #expect(context.sampleSite == "finger")
        #expect(try decoded("effectivePeriod").effectivePeriod?.end == "2026-11-18T00:00:00+01:00")
        #expect(try decoded("per-record device").device?.serial == "0042")
        #expect(try decoded("escaped strings").sourceRecordId == "a\"b\\c/d\n\t\r\u{8}\u{C}\u{1}é😀")
        #expect(try decoded("escaped strings").effectiveTime == "x\u{0}y")
        #expect(try decoded("unicode strings").sourceRecordId == "Körper–日本語–😀")
        #expect(try decoded("value -0").value?.sign == .minus)
        #expect(try decoded("value 1e21").value == 1e21)
        #expect(try decoded("userIndex 2^53 - 1").context?.userIndex == 9_007_199_254_740_991)
        #expect(try decoded("userIndex 1e2").context?.userIndex == 100)
        #expect(try decoded("duplicate value, number first").value == 1)
        #expect(try decoded("duplicate kind").kind == "body_weight")
        #expect(try decoded("duplicate component name").components == ["a": 1, "b": 2])
    }

    // MARK: Whole messages

    static let messages: [String] = [
        // Batch device with every member, cursor, several records.
        #"{"jsonrpc":"2.0","id":7,"method":"measurements/submit","params":{"batchId":"b7","device":{"deviceId":"d","manufacturer":"ACME","model":"M","serial":"S"},"cursor":"c-42","records":[{"sourceRecordId":"r1","kind":"body_weight","value":82.4,"unit":"kg","effectiveTime":"t"},{"sourceRecordId":"r2","kind":"heart_rate","value":61,"unit":"/min","effectiveTime":"t","device":{"deviceId":"hr"}},{}]}}"#,
        // No batch device, no cursor, no records.
        #"{"jsonrpc":"2.0","id":1,"method":"measurements/submit","params":{"batchId":"b","records":[]}}"#,
        // Null device and cursor count as absent.
        #"{"jsonrpc":"2.0","id":1,"method":"measurements/submit","params":{"batchId":"b","device":null,"cursor":null,"records":[]}}"#,
        // String ids, including escapes and unicode.
        #"{"jsonrpc":"2.0","id":"abc-1","method":"measurements/submit","params":{"batchId":"b","records":[]}}"#,
        #"{"jsonrpc":"2.0","id":"","method":"measurements/submit","params":{"batchId":"b","records":[]}}"#,
        #"{"jsonrpc":"2.0","id":"q\"\u00e9😀","method":"measurements/submit","params":{"batchId":"b\n","records":[]}}"#,
        // Numeric ids.
        #"{"jsonrpc":"2.0","id":0,"method":"measurements/submit","params":{"batchId":"b","records":[]}}"#,
        #"{"jsonrpc":"2.0","id":-5,"method":"measurements/submit","params":{"batchId":"b","records":[]}}"#,
        #"{"jsonrpc":"2.0","id":1.0,"method":"measurements/submit","params":{"batchId":"b","records":[]}}"#,
        #"{"jsonrpc":"2.0","id":1e3,"method":"measurements/submit","params":{"batchId":"b","records":[]}}"#,
        #"{"jsonrpc":"2.0","id":-0,"method":"measurements/submit","params":{"batchId":"b","records":[]}}"#,
        #"{"jsonrpc":"2.0","id":8999999999999999,"method":"measurements/submit","params":{"batchId":"b","records":[]}}"#,
        // Members in any order, whitespace, unknown members, a trailing line feed.
        " { \"params\" : { \"records\" : [ ] , \"batchId\" : \"b\" , \"extra\" : [1,{}] } , \"method\" : \"measurements/submit\" , \"id\" : 3 , \"jsonrpc\" : \"2.0\" } \r\n",
        // Unicode and escaped batch members.
        #"{"jsonrpc":"2.0","id":2,"method":"measurements/submit","params":{"batchId":"Bätch 😀","device":{"deviceId":"gerät\/1\t"},"cursor":"\u00e9\ud83d\ude00","records":[]}}"#,
        // Duplicate members: the first one counts, as in JSONDecoder.
        #"{"jsonrpc":"2.0","id":1,"id":2,"method":"measurements/submit","params":{"batchId":"first","batchId":"second","records":[]}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"measurements/submit","params":{"batchId":"b","records":[],"records":7}}"#,
    ]

    @Test(arguments: messages)
    func wholeMessagesDecodeAsCodableDoes(line: String) throws {
        let bytes = Array(line.utf8)
        let fast = try #require(Oracle.fast(bytes), "the fast path handed the line to the Codable path")
        let codable = Oracle.codable(bytes)
        #expect(fast == codable, "fast: \(fast)\ncodable: \(codable)")
        #expect(fast.numberBits == codable.numberBits)
        let (id, direct) = try Oracle.jsonDecoder(bytes)
        #expect(fast == .request(id, direct))
    }

    @Test func aBatchKeepsRecordOrderAndPerRecordResults() throws {
        let records = Self.validRecords.map(\.json) + Self.malformedRecords.map(\.json)
        let line = submitLine(records: records, id: #""batch""#, extraParams: #","cursor":"c""#)
        let fast = try #require(Oracle.fast(line))
        #expect(fast == Oracle.codable(line))
        #expect(fast.numberBits == Oracle.codable(line).numberBits)
        guard case .request(let id, let request) = fast else {
            Issue.record("not a request")
            return
        }
        #expect(id == .string("batch"))
        #expect(request.batchId == "b-1")
        #expect(request.device == DeviceIdentity(deviceId: "dev-1"))
        #expect(request.cursor == "c")
        #expect(request.records.count == records.count)
        #expect(request.records.map(\.malformedFields) == (Self.validRecords + Self.malformedRecords).map(\.malformed))
    }

    // MARK: Lines the fast path leaves to the Codable path

    /// Numbers the fast path cannot read exactly as `JSONDecoder` does: it leaves the whole line
    /// to the Codable path, so `MessageDecoder` still answers exactly as that path does.
    @Test(arguments: [
        #"{\#(weight),"value":1e999}"#,
        #"{\#(weight),"value":-1e999}"#,
        #"{\#(weight),"value":1e-400}"#,
        #"{\#(weight),"components":{"systolic":1e400}}"#,
        #"{\#(weight),"value":1,"context":{"userIndex":9007199254740993}}"#,
        #"{\#(weight),"value":1,"context":{"userIndex":12345678901234567}}"#,
        #"{\#(weight),"value":1,"context":{"userIndex":9223372036854775807}}"#,
        #"{\#(weight),"value":1,"context":{"userIndex":-9223372036854775808}}"#,
        #"{\#(weight),"value":1,"context":{"userIndex":9223372036854775808}}"#,
        #"{\#(weight),"value":1,"context":{"userIndex":1e16}}"#,
        #"{\#(weight),"value":1,"context":{"userIndex":1e19}}"#,
        #"{\#(weight),"value":1,"context":{"userIndex":9007199254740992}}"#,
    ])
    func numbersOnlyTheCodablePathReadsExactly(record: String) throws {
        let line = submitLine(records: [record])
        #expect(Oracle.fast(line) == nil)
        let answer = Oracle.messageDecoder(line)
        #expect(answer == Oracle.codable(line))
        guard case .request = answer else {
            Issue.record("not a request: \(answer)")
            return
        }
    }

    @Test func theCodablePathReadsLargeUserIndexesExactly() throws {
        let line = submitLine(records: [#"{\#(weight),"value":1,"context":{"userIndex":12345678901234567}}"#])
        guard case .request(_, let request) = Oracle.messageDecoder(line) else {
            Issue.record("not a request")
            return
        }
        #expect(request.records.first?.context?.userIndex == 12_345_678_901_234_567)
        #expect(request.records.first?.malformedFields == [])
        let huge = submitLine(records: [#"{\#(weight),"value":1e999}"#])
        guard case .request(_, let refused) = Oracle.messageDecoder(huge) else {
            Issue.record("not a request")
            return
        }
        #expect(refused.records.first?.value == nil)
        #expect(refused.records.first?.malformedFields == ["value"])
    }

    @Test(arguments: [
        "not json",
        "",
        "measurements/submit",
        #"{"jsonrpc":"1.0","id":1,"method":"measurements/submit","params":{"batchId":"b","records":[]}}"#,
        #"{"id":1,"method":"measurements/submit","params":{"batchId":"b","records":[]}}"#,
        #"{"jsonrpc":2.0,"id":1,"method":"measurements/submit","params":{"batchId":"b","records":[]}}"#,
        // A notification: no id, or a null one.
        #"{"jsonrpc":"2.0","method":"measurements/submit","params":{"batchId":"b","records":[]}}"#,
        #"{"jsonrpc":"2.0","id":null,"method":"measurements/submit","params":{"batchId":"b","records":[]}}"#,
        // Ids that are neither an integer nor a string.
        #"{"jsonrpc":"2.0","id":{"n":1},"method":"measurements/submit","params":{"batchId":"b","records":[]}}"#,
        #"{"jsonrpc":"2.0","id":[1],"method":"measurements/submit","params":{"batchId":"b","records":[]}}"#,
        #"{"jsonrpc":"2.0","id":true,"method":"measurements/submit","params":{"batchId":"b","records":[]}}"#,
        #"{"jsonrpc":"2.0","id":1.5,"method":"measurements/submit","params":{"batchId":"b","records":[]}}"#,
        // Integer ids beyond what a Double holds exactly.
        #"{"jsonrpc":"2.0","id":9007199254740993,"method":"measurements/submit","params":{"batchId":"b","records":[]}}"#,
        #"{"jsonrpc":"2.0","id":9223372036854775807,"method":"measurements/submit","params":{"batchId":"b","records":[]}}"#,
        // Another method that merely mentions the submit method.
        #"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"note":"measurements/submit"}}"#,
        #"{"jsonrpc":"2.0","method":"$/log","params":{"level":"info","message":"measurements/submit"}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"nope","params":{"batchId":"measurements/submit","records":[]}}"#,
        #"{"jsonrpc":"2.0","id":1,"result":"measurements/submit"}"#,
        #"{"jsonrpc":"2.0","id":1,"method":["measurements/submit"],"params":{"batchId":"b","records":[]}}"#,
        // The method spelled with an escaped slash is not found by the byte search.
        #"{"jsonrpc":"2.0","id":1,"method":"measurements\/submit","params":{"batchId":"b","records":[]}}"#,
        // Not an object, or not strict JSON.
        #"[{"jsonrpc":"2.0","id":1,"method":"measurements/submit","params":{"batchId":"b","records":[]}}]"#,
        #""measurements/submit""#,
        #"{"jsonrpc":"2.0","id":1,"method":"measurements/submit","params":{"batchId":"b","records":[]}} x"#,
        #"{"jsonrpc":"2.0","id":1,"method":"measurements/submit","params":{"batchId":"b","records":[],}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"measurements/submit","params":{"batchId":"b","records":[]}"#,
        #"{"jsonrpc":"2.0","id":01,"method":"measurements/submit","params":{"batchId":"b","records":[]}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"measurements/submit","params":{"batchId":"\ud800","records":[]}}"#,
    ])
    func linesThatFallBackToTheCodablePath(line: String) {
        let bytes = Array(line.utf8)
        #expect(SubmitFastPath.decode(bytes) == nil)
        // MessageDecoder still answers every one of them, through JSONDecoder.
        _ = Oracle.messageDecoder(bytes)
    }

    @Test func fallbackLinesAreAnsweredByTheCodablePath() {
        func answer(_ line: String) -> DecodeOutcome { Oracle.messageDecoder(Array(line.utf8)) }
        #expect(answer("not json") == .malformed(.parseError))
        #expect(
            answer(#"{"jsonrpc":"1.0","id":1,"method":"measurements/submit","params":{"batchId":"b","records":[]}}"#)
                == .malformed(.invalidRequest)
        )
        #expect(
            answer(
                #"{"jsonrpc":"2.0","id":{"n":1},"method":"measurements/submit","params":{"batchId":"b","records":[]}}"#
            )
                == .malformed(.invalidRequest)
        )
        #expect(
            answer(#"{"jsonrpc":"2.0","method":"measurements/submit","params":{"batchId":"b","records":[]}}"#)
                == .other("unservable notification measurements/submit: unknown method")
        )
        #expect(
            answer(#"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"note":"measurements/submit"}}"#)
                == .other("request 1 PingRequest")
        )
        let big = answer(
            #"{"jsonrpc":"2.0","id":9007199254740993,"method":"measurements/submit","params":{"batchId":"b","records":[]}}"#
        )
        #expect(
            big
                == .request(
                    .number(9_007_199_254_740_993),
                    SubmitMeasurementsRequest(batchId: "b", device: nil, records: [])
                )
        )
    }

    @Test func deepNestingFallsBackAndIsStillAnswered() {
        let deep = String(repeating: "[", count: 70) + String(repeating: "]", count: 70)
        let line = submitLine(records: [#"{\#(weight),"value":1,"extra":\#(deep)}"#])
        #expect(SubmitFastPath.decode(line) == nil)
        #expect(Oracle.messageDecoder(line) == Oracle.codable(line))
    }

    // MARK: Params that cannot be read at all: -32602 naming the path

    static let unreadableParams: [(params: String, reason: String)] = [
        (#"{"records":[]}"#, "params.batchId is missing"),
        (#"{"batchId":7,"records":[]}"#, "params.batchId has the wrong type"),
        (#"{"batchId":null,"records":[]}"#, "params.batchId is null"),
        (#"{"batchId":"b"}"#, "params.records is missing"),
        (#"{"batchId":"b","records":{}}"#, "params.records has the wrong type"),
        (#"{"batchId":"b","records":"r"}"#, "params.records has the wrong type"),
        (#"{"batchId":"b","records":null}"#, "params.records is null"),
        (#"{"batchId":"b","records":[1]}"#, "params.records[0] has the wrong type"),
        (#"{"batchId":"b","records":[{},[]]}"#, "params.records[1] has the wrong type"),
        (#"{"batchId":"b","records":[{},{},"x"]}"#, "params.records[2] has the wrong type"),
        (#"{"batchId":"b","records":[null]}"#, "params.records[0] is null"),
        (#"{"batchId":"b","device":"d","records":[]}"#, "params.device has the wrong type"),
        (#"{"batchId":"b","device":{},"records":[]}"#, "params.device.deviceId is missing"),
        (#"{"batchId":"b","device":{"deviceId":null},"records":[]}"#, "params.device.deviceId is null"),
        (#"{"batchId":"b","device":{"deviceId":1},"records":[]}"#, "params.device.deviceId has the wrong type"),
        (
            #"{"batchId":"b","device":{"deviceId":"d","serial":5},"records":[]}"#,
            "params.device.serial has the wrong type"
        ),
        (#"{"batchId":"b","cursor":5,"records":[]}"#, "params.cursor has the wrong type"),
        (#"{"batchId":"b","cursor":{},"records":[]}"#, "params.cursor has the wrong type"),
        // The first problem in the Codable path's order: batchId, device, cursor, records.
        (#"{"records":7,"device":1}"#, "params.batchId is missing"),
        (#"{"batchId":"b","records":7,"device":1}"#, "params.device has the wrong type"),
        (#"{"batchId":"b","records":7,"cursor":1}"#, "params.cursor has the wrong type"),
        (#"{"batchId":"b","records":[1],"cursor":1}"#, "params.cursor has the wrong type"),
        // params itself.
        ("[]", "params has the wrong type"),
        (#""p""#, "params has the wrong type"),
        ("null", "params is null"),
    ]

    @Test(arguments: unreadableParams)
    func unreadableParamsAreInvalidParamsNamingThePath(params: String, reason: String) throws {
        let line = submitLine(params: params, id: #""u""#)
        let fast = try #require(Oracle.fast(line), "the fast path handed the line to the Codable path")
        let codable = Oracle.codable(line)
        #expect(fast == codable, "fast: \(fast)\ncodable: \(codable)")
        guard case .unservableRequest(let id, let error) = fast else {
            Issue.record("not unservable: \(fast)")
            return
        }
        #expect(id == .string("u"))
        #expect(error.code == .invalidParams)
        #expect(error.code.rawValue == -32602)
        #expect(error.message == "Invalid params for measurements/submit: \(reason)")
    }

    @Test func omittedParamsAreMissingABatchId() throws {
        let line = Array(#"{"jsonrpc":"2.0","id":4,"method":"measurements/submit"}"#.utf8)
        let fast = try #require(Oracle.fast(line))
        #expect(fast == Oracle.codable(line))
        #expect(
            fast
                == .unservableRequest(
                    .number(4),
                    RPCError(.invalidParams, "Invalid params for measurements/submit: params.batchId is missing")
                )
        )
    }
}
