import AdapterProtocol
import Testing

struct MessageCodingTests {
    let decoder = MessageDecoder(registry: .hubSide)

    @Test func decodesARequestIntoItsRegisteredType() throws {
        let line =
            #"{"jsonrpc":"2.0","id":7,"method":"measurements/submit","params":{"batchId":"b1","device":{"deviceId":"d"},"records":[{"sourceRecordId":"r1","kind":"body_weight","value":82.4,"unit":"kg","effectiveTime":"2026-11-17T07:10:00+01:00"}]}}"#
        guard case .request(let id, let request) = try decoder.decode(Array(line.utf8)) else {
            Issue.record("not decoded as a request")
            return
        }
        #expect(id == .number(7))
        let submit = try #require(request as? SubmitMeasurementsRequest)
        #expect(submit.records.first?.value == 82.4)
        #expect(submit.records.first?.malformedFields == [])
    }

    @Test func recordFieldsOfTheWrongTypeAreNamedNotFatal() throws {
        let line =
            #"{"jsonrpc":"2.0","id":1,"method":"measurements/submit","params":{"batchId":"b","records":[{"sourceRecordId":"r","kind":"body_weight","value":"heavy","unit":"kg","effectiveTime":"2026-11-17T07:10:00Z","context":{"userIndex":"one"}}]}}"#
        guard case .request(_, let request) = try decoder.decode(Array(line.utf8)) else {
            Issue.record("not decoded as a request")
            return
        }
        let record = try #require((request as? SubmitMeasurementsRequest)?.records.first)
        #expect(record.value == nil)
        #expect(record.malformedFields == ["value", "context.userIndex"])
    }

    @Test func unknownRequestMethodIsUnservableWithMethodNotFound() throws {
        let line = #"{"jsonrpc":"2.0","id":"x","method":"nope/never"}"#
        guard case .unservableRequest(let id, _, let error) = try decoder.decode(Array(line.utf8)) else {
            Issue.record("expected an unservable request")
            return
        }
        #expect(id == .string("x"))
        #expect(error.code == .methodNotFound)
    }

    @Test func badParamsAreInvalidParamsNamingThePath() throws {
        let line = #"{"jsonrpc":"2.0","id":2,"method":"measurements/submit","params":{"records":[]}}"#
        guard case .unservableRequest(_, _, let error) = try decoder.decode(Array(line.utf8)) else {
            Issue.record("expected an unservable request")
            return
        }
        #expect(error.code == .invalidParams)
        #expect(error.message.contains("batchId"))
    }

    @Test func omittedParamsDecodeAsEmpty() throws {
        guard
            case .request(_, let request) = try decoder.decode(Array(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#.utf8))
        else {
            Issue.record("expected a request")
            return
        }
        #expect(request is PingRequest)
    }

    @Test(arguments: [
        ("not json at all", ErrorCode.parseError),
        (#"{"jsonrpc":"1.0","id":1,"method":"ping"}"#, ErrorCode.invalidRequest),
        (#"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#, ErrorCode.invalidRequest),
        (#"{"jsonrpc":"2.0","id":{"x":1},"method":"ping"}"#, ErrorCode.invalidRequest),
        (#"{"jsonrpc":"2.0"}"#, ErrorCode.invalidRequest),
    ])
    func malformedLinesAreRejected(line: String, code: ErrorCode) {
        #expect(throws: MalformedMessage.self) { try decoder.decode(Array(line.utf8)) }
        do {
            _ = try decoder.decode(Array(line.utf8))
        } catch {
            #expect(error.code == code)
        }
    }

    @Test func encodesCompactLinesWithReadableUnitsAndNullIds() throws {
        let encoder = MessageEncoder()
        let record = MeasurementRecord(
            sourceRecordId: "r",
            kind: "blood_glucose",
            value: 5.5,
            unit: "mmol/L",
            effectiveTime: "2026-11-17T06:50:00+01:00"
        )
        let line = try encoder.request(
            SubmitMeasurementsRequest(batchId: "b", device: nil, records: [record]),
            id: .number(1)
        )
        let text = String(decoding: line, as: UTF8.self)
        #expect(text.hasSuffix("\n"))
        #expect(text.dropLast().contains("\n") == false)
        #expect(text.contains(#""unit":"mmol/L""#))
        #expect(!text.contains("malformedFields"))
        let error = String(
            decoding: try encoder.errorResponse(id: nil, error: RPCError(.parseError, "bad")),
            as: UTF8.self
        )
        #expect(error.contains(#""id":null"#))
        #expect(error.contains(#""retryable":false"#))
    }

    @Test func invalidRecordsRoundTripThroughTheErrorData() {
        let records = [InvalidRecord(index: 3, sourceRecordId: "r3", field: "unit", reason: "unit 'x' does not fit")]
        let error = RPCError.invalidRecords(records)
        #expect(error.code == .invalidParams)
        #expect(error.retryable == false)
        #expect(error.invalidRecords == records)
    }
}
