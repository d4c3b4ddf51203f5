import CareServer
import CareServerStore
import Foundation
import HTTPTypes
import Logging
import PostgresNIO
import Testing

@Suite("Care server sync endpoint", .throwawayCluster)
struct SyncEndpointTests {
    /// A clinic, two patients, and a device token for each.
    struct Enrolled {
        let adaID: Int
        let adaDevice: String
        let benID: Int
        let benDevice: String
    }

    static func enroll(_ harness: CareHarness) async throws -> Enrolled {
        let clinic = try await harness.clinic("North")
        let ada = try await harness.patient("9000000001", in: clinic)
        let ben = try await harness.patient("9000000002", in: clinic)
        return Enrolled(
            adaID: ada.id,
            adaDevice: try await harness.deviceToken(for: ada.id, clinic: clinic),
            benID: ben.id,
            benDevice: try await harness.deviceToken(for: ben.id, clinic: clinic)
        )
    }

    static func count(_ harness: CareHarness, patient: Int) async throws -> (rows: Int, distinct: Int) {
        let rows = try await harness.server.store.client.query(
            """
            SELECT count(*), count(DISTINCT (identifier_system, identifier_value)) FROM reading
            WHERE patient_id = \(Int64(patient))
            """,
            logger: Logger(label: "test")
        )
        for try await (all, distinct) in rows.decode((Int, Int).self) { return (all, distinct) }
        return (0, 0)
    }

    @Test("a repeated push stores nothing twice and answers the same locations; values and times are kept")
    func repeatedPush() async throws {
        try await CareHarness.with { harness async throws in
            let enrolled = try await Self.enroll(harness)
            let ada = "Patient/\(enrolled.adaID)"
            let bundle = try SyncBundles.transaction([
                SyncBundles.weight("scale/1/a", kilograms: 71.4, at: "2026-11-02T07:10:00+01:00", patient: ada),
                SyncBundles.weight("scale/1/b", kilograms: 72.9, at: "2026-11-04T07:05:00+01:00", patient: ada),
                SyncBundles.bloodPressure("cuff/2/c", 148, 91, at: "2026-11-04T07:20:00.5+01:00", patient: ada),
            ])
            let first = try await harness.send(.post, "/api/v1/sync", token: enrolled.adaDevice, json: bundle)
            #expect(first.status == .ok, "\(first.text)")
            #expect(first.object["type"] as? String == "transaction-response")
            let firstEntries = try #require(first.object["entry"] as? [[String: [String: String]]])
            #expect(firstEntries.map { $0["response"]?["status"] } == ["201 Created", "201 Created", "201 Created"])

            let second = try await harness.send(.post, "/api/v1/sync", token: enrolled.adaDevice, json: bundle)
            #expect(second.status == .ok)
            let secondEntries = try #require(second.object["entry"] as? [[String: [String: String]]])
            #expect(secondEntries.map { $0["response"]?["status"] } == ["200 OK", "200 OK", "200 OK"])
            #expect(
                secondEntries.map { $0["response"]?["location"] } == firstEntries.map { $0["response"]?["location"] }
            )
            let counted = try await Self.count(harness, patient: enrolled.adaID)
            #expect(counted.rows == 3 && counted.distinct == 3)

            let rows = try await harness.server.store.client.query(
                """
                SELECT code, value, unit, extract(epoch FROM effective_at)::float8 FROM reading
                WHERE patient_id = \(Int64(enrolled.adaID)) ORDER BY effective_at
                """,
                logger: Logger(label: "test")
            )
            var read: [String] = []
            for try await (code, value, unit, at) in rows.decode((String, Double?, String?, Double).self) {
                read.append("\(code) \(value.map { String($0) } ?? "-") \(unit ?? "-") \(Int(at))")
            }
            // 2026-11-02T06:10:00Z is 1793599800 seconds after the epoch.
            #expect(
                read == [
                    "29463-7 71.4 kg 1793599800", "29463-7 72.9 kg 1793772300", "85354-9 - - 1793773200",
                ]
            )
        }
    }

    @Test("a Bundle naming another patient is refused whole, naming the entry; nothing is stored")
    func anotherPatient() async throws {
        try await CareHarness.with { harness async throws in
            let enrolled = try await Self.enroll(harness)
            let ada = "Patient/\(enrolled.adaID)"
            let ben = "Patient/\(enrolled.benID)"
            let bundle = try SyncBundles.transaction([
                SyncBundles.weight("scale/1/a", kilograms: 71.4, at: "2026-11-02T07:10:00+01:00", patient: ada),
                SyncBundles.weight("scale/1/b", kilograms: 72.9, at: "2026-11-04T07:05:00+01:00", patient: ada),
            ])
            // Ben's hub pushes Ada's readings: refused, and Ada's record is untouched.
            let refused = try await harness.send(.post, "/api/v1/sync", token: enrolled.benDevice, json: bundle)
            #expect(refused.status == .forbidden)
            #expect(refused.detail.hasPrefix("#/entry/0/resource/subject/reference "), "\(refused.text)")
            #expect(!refused.detail.contains(ada))
            // One of Ada's own readings with one of Ben's among them: the whole Bundle is refused.
            let mixed = try SyncBundles.transaction([
                SyncBundles.weight("scale/1/a", kilograms: 71.4, at: "2026-11-02T07:10:00+01:00", patient: ada),
                SyncBundles.weight("scale/1/x", kilograms: 90.0, at: "2026-11-02T07:10:00+01:00", patient: ben),
            ])
            let mixedAnswer = try await harness.send(.post, "/api/v1/sync", token: enrolled.adaDevice, json: mixed)
            #expect(mixedAnswer.status == .forbidden)
            #expect(mixedAnswer.detail.hasPrefix("#/entry/1/resource/subject/reference "), "\(mixedAnswer.text)")
            #expect(try await Self.count(harness, patient: enrolled.adaID).rows == 0)
            #expect(try await Self.count(harness, patient: enrolled.benID).rows == 0)
        }
    }

    @Test("malformed entries are refused whole, each named by its JSON pointer; nothing is stored")
    func malformedEntries() async throws {
        try await CareHarness.with { harness async throws in
            let enrolled = try await Self.enroll(harness)
            let ada = "Patient/\(enrolled.adaID)"
            let good = SyncBundles.weight("scale/1/a", kilograms: 71.4, at: "2026-11-02T07:10:00+01:00", patient: ada)
            func changed(_ key: String, _ edit: (inout [String: Any]) -> Void) -> [String: Any] {
                var entry = SyncBundles.weight(key, kilograms: 70, at: "2026-11-03T07:10:00+01:00", patient: ada)
                var resource = entry["resource"] as! [String: Any]
                edit(&resource)
                entry["resource"] = resource
                return entry
            }
            var wrongCondition = SyncBundles.weight("scale/1/d", kilograms: 70, at: "2026-11-03T07:10Z", patient: ada)
            wrongCondition["request"] = ["method": "POST", "url": "Observation", "ifNoneExist": "identifier=x|y"]
            let cases: [(entries: [[String: Any]], pointer: String)] = [
                (
                    [good, changed("scale/1/b") { $0["valueQuantity"] = ["value": "heavy"] }],
                    "#/entry/1/resource/valueQuantity/value"
                ),
                (
                    [good, good, changed("scale/1/c") { $0["effectiveDateTime"] = "yesterday" }],
                    "#/entry/2/resource/effectiveDateTime"
                ),
                ([good, wrongCondition], "#/entry/1/request/ifNoneExist"),
                ([good, good], "#/entry/1/resource/identifier/0/value"),
                ([changed("scale/1/e") { $0["resourceType"] = "Patient" }], "#/entry/0/resource/resourceType"),
                ([good, changed("scale/1/f") { $0["code"] = ["text": "weight"] }], "#/entry/1/resource/code/coding/0"),
            ]
            for (entries, pointer) in cases {
                let answer = try await harness.send(
                    .post,
                    "/api/v1/sync",
                    token: enrolled.adaDevice,
                    json: try SyncBundles.transaction(entries)
                )
                #expect(answer.status == .badRequest, "\(pointer): \(answer.text)")
                #expect(answer.pointers.contains(pointer), "\(pointer): \(answer.text)")
            }
            let notTransaction = try await harness.send(
                .post,
                "/api/v1/sync",
                token: enrolled.adaDevice,
                json: #"{"resourceType":"Bundle","type":"collection","entry":[]}"#
            )
            #expect(notTransaction.status == .badRequest)
            #expect(notTransaction.pointers == ["#/type"])
            #expect(try await Self.count(harness, patient: enrolled.adaID).rows == 0)
        }
    }
}
