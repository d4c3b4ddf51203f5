import Foundation
import NIOCore
import Testing

@testable import CareServer
@testable import CareServerStore

@Suite("The sync's transaction-response (pure)")
struct TransactionResponseTests {
    @Test("one entry per resource in order: 201 with its location when stored now, 200 when there already")
    func entries() throws {
        let body = TransactionResponse.body([
            StoredSyncReading(id: 7, created: true),
            StoredSyncReading(id: 12, created: false, resourceType: "MedicationAdministration"),
            StoredSyncReading(id: 9_000_000_001, created: false, updated: true),
        ])
        let text = String(buffer: body)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["resourceType"] as? String == "Bundle")
        #expect(object["type"] as? String == "transaction-response")
        let responses = try #require(object["entry"] as? [[String: Any]]).map { $0["response"] as? [String: String] }
        #expect(
            responses == [
                ["status": "201 Created", "location": "Observation/7"],
                ["status": "200 OK", "location": "MedicationAdministration/12"],
                ["status": "200 OK", "location": "Observation/9000000001"],
            ]
        )
        let empty = String(buffer: TransactionResponse.body([]))
        #expect(empty == #"{"resourceType":"Bundle","type":"transaction-response","entry":[]}"#)
    }
}
