import Foundation
import HTTPTypes
import HummingbirdCore
import NIOCore
import Testing

@testable import CareServer
@testable import CareServerStore

@Suite("Symptom lists written as JSON by hand, against JSONEncoder (pure)")
struct SymptomListJSONTests {
    private func list(_ id: Int64, date: String, _ symptoms: [(Int32, Int32)]) -> SymptomListResponse {
        SymptomListResponse(
            StoredList(
                id: id,
                patientID: 3,
                recordedAt: date,
                entries: symptoms.map { SymptomEntry(symptomNo: $0.0, scale: $0.1) }
            )
        )
    }

    private func parsed(_ data: Data) throws -> NSObject {
        try #require(try JSONSerialization.jsonObject(with: data) as? NSObject)
    }

    @Test("the same value as JSONEncoder's, for odd dates, numbers at the ends of their types and no symptoms")
    func sameAsJSONEncoder() throws {
        let lists = [
            list(1, date: "2026-11-28T01:30:11.089946Z", [(1, 8), (2, 10)]),
            list(
                Int64.max,
                date: #"quote " backslash \ tab \#t newline \#n bell \#u{07} del \#u{7F} é ✓ 🫘"#,
                [(Int32.min, 0), (Int32.max, -1)]
            ),
            list(-5, date: "", []),
        ]
        let mine = Data(SymptomListJSON.bytes(lists).readableBytesView)
        #expect(try parsed(mine) == parsed(try JSONEncoder().encode(lists)))
        for one in lists {
            let single = Data(SymptomListJSON.bytes(one).readableBytesView)
            #expect(try parsed(single) == parsed(try JSONEncoder().encode(one)))
        }
        #expect(String(buffer: SymptomListJSON.bytes([])) == "[]")
    }

    @Test("the keys in the document's order; the response's status and content type")
    func documentOrder() {
        let one = list(4001, date: "2026-11-26T12:08:16.544439Z", [(1, 8), (2, 10)])
        #expect(
            String(buffer: SymptomListJSON.bytes(one))
                == #"{"id":4001,"date":"2026-11-26T12:08:16.544439Z","symptoms":[{"symptom_no":1,"scale":8},{"symptom_no":2,"scale":10}]}"#
        )
        let response = SymptomListJSON.response(one, status: .created)
        #expect(response.status == .created)
        #expect(response.headers[.contentType] == "application/json")
    }
}
