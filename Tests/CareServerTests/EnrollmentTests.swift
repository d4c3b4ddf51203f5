import CareServer
import CareServerStore
import Foundation
import HTTPTypes
import Logging
import PostgresNIO
import Testing

@Suite("Care server enrollment of a patient's hub", .throwawayCluster)
struct EnrollmentTests {
    @Test("a clinician's code is answered once, stored hashed, and trades for a device token once")
    func codeOnce() async throws {
        try await CareHarness.with { harness async throws in
            let clinic = try await harness.clinic("North")
            let ada = try await harness.patient("9000000001", in: clinic)
            let created = try await harness.send(
                .post,
                "/api/v1/patients/\(ada.id)/enrollment-codes",
                token: clinic.clinicianToken
            )
            #expect(created.status == .created, "\(created.text)")
            let code = try #require(created.object["code"] as? String)
            #expect(code.count == 23)
            #expect(created.object["patient_id"] as? Int == ada.id)
            // Only the hash is kept: the code's text is nowhere in the table.
            let stored = try await harness.server.store.client.query(
                "SELECT encode(code_hash, 'hex') FROM enrollment_code",
                logger: .init(label: "test")
            )
            var hashes: [String] = []
            for try await hash in stored.decode(String.self) { hashes.append(hash) }
            #expect(hashes.count == 1 && !hashes[0].contains(code.lowercased()) && hashes[0].count == 64)

            // Typed in lower case without the hyphens, as a person might.
            let typed = code.replacingOccurrences(of: "-", with: "").lowercased()
            let enrolled = try await harness.send(.post, "/api/v1/enrollments", json: #"{"code":"\#(typed)"}"#)
            #expect(enrolled.status == .created, "\(enrolled.text)")
            #expect(enrolled.object["patient"] as? String == "Patient/\(ada.id)")
            let token = try #require(enrolled.object["token"] as? String)
            #expect(token.count == 64)

            let again = try await harness.send(.post, "/api/v1/enrollments", json: #"{"code":"\#(code)"}"#)
            #expect(again.status == .badRequest)
            #expect(again.pointers == ["#/code"], "\(again.text)")

            // The device token is good for the sync alone, and the patient's own token is not good for the sync.
            #expect(try await harness.send(.get, "/sym/", token: token).status == .unauthorized)
            let empty = try SyncBundles.transaction([])
            #expect(
                try await harness.send(.post, "/api/v1/sync", token: ada.token, json: empty).status == .unauthorized
            )
            #expect(try await harness.send(.post, "/api/v1/sync", token: token, json: empty).status == .ok)
        }
    }

    @Test("an expired code is refused naming code; a patient, another clinic's clinician and no token may not make one")
    func refusals() async throws {
        try await CareHarness.with(configure: { $0.enrollmentCodeLifetime = .zero }) { harness async throws in
            let north = try await harness.clinic("North")
            let south = try await harness.clinic("South")
            let ada = try await harness.patient("9000000001", in: north)
            let path = "/api/v1/patients/\(ada.id)/enrollment-codes"
            #expect(try await harness.send(.post, path, token: ada.token).status == .forbidden)
            #expect(try await harness.send(.post, path, token: south.clinicianToken).status == .notFound)
            #expect(try await harness.send(.post, path).status == .unauthorized)
            #expect(
                try await harness.send(.post, "/api/v1/patients/999999/enrollment-codes", token: north.clinicianToken)
                    .status == .notFound
            )
            let created = try await harness.send(.post, path, token: north.clinicianToken)
            let code = try #require(created.object["code"] as? String)
            let expired = try await harness.send(.post, "/api/v1/enrollments", json: #"{"code":"\#(code)"}"#)
            #expect(expired.status == .badRequest)
            #expect(expired.pointers == ["#/code"], "\(expired.text)")
            let malformed = try await harness.send(.post, "/api/v1/enrollments", json: #"{"code":12,"extra":true}"#)
            #expect(malformed.status == .badRequest)
            #expect(malformed.pointers == ["#/extra"], "\(malformed.text)")
            let count = try await harness.server.store.client.query(
                "SELECT count(*) FROM device_token",
                logger: .init(label: "test")
            )
            for try await devices in count.decode(Int.self) { #expect(devices == 0) }
        }
    }
}
