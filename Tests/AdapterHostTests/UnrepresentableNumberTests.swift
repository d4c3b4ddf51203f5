import AdapterHost
import AdapterProtocol
import Clinical
import Foundation
import HubStore
import TestSupport
import Testing

/// Issue 21, drill finding 6: a value of 1e400 was refused as "wrong JSON type". It is a number, too large for a
/// Double: the refusal says so, naming the field.
struct UnrepresentableNumberTests {
    @Test(arguments: [#""value":1e400"#, #""value":-1e400"#])
    func aNumberBeyondADoublesRangeIsRefusedAsSuch(member: String) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try HubDatabase.open(atPath: directory.file("store.sqlite"))
        _ = try await store.acceptTerms(version: TermsOfService.current.version, atMs: 0)
        let line =
            #"{"batchId":"b1","device":{"deviceId":"scale-1"},"records":[{"sourceRecordId":"w/1","#
            + #""kind":"body_weight",\#(member),"unit":"kg","effectiveTime":"2026-11-17T07:10:00+01:00"}]}"#
        let request = try JSONDecoder().decode(SubmitMeasurementsRequest.self, from: Data(line.utf8))
        guard case .failure(let error) = await IngestPipeline(store: store).submit(request, from: "sim") else {
            Issue.record("stored a value of \(member)")
            return
        }
        let invalid = try #require(error.invalidRecords.first)
        #expect(invalid.field == "value")
        #expect(invalid.reason.contains("too large or too small"), "\(invalid.reason)")
        #expect(!invalid.reason.contains("wrong JSON type"))
    }
}
