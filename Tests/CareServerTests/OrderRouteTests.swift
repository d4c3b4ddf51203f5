import CareServer
import CareServerStore
import Foundation
import HTTPTypes
import Testing

/// Clinicians' medication orders (issue 20 items 3 and 6): written by a clinician of the patient's clinic as a FHIR
/// R4 `MedicationRequest`, read by the patient, her caregiver and the clinic, stopped as a new version, pulled by the
/// patient's hub after a cursor; refused bodies name the field; every read and write audited.
@Suite("Care server medication orders", .throwawayCluster)
struct OrderRouteTests {
    /// Sevelamer with each meal, as a renal unit writes it (RxNorm 1372688: sevelamer carbonate 800 MG Oral Tablet).
    static func sevelamer(identifier: String? = nil) -> String {
        let identifierMember =
            identifier.map {
                #""identifier":[{"system":"urn:kidneyhub:medication-order","value":"\#($0)"}],"#
            } ?? ""
        return #"""
            {"resourceType":"MedicationRequest",\#(identifierMember)
             "medicationCodeableConcept":{"text":"sevelamer carbonate 800 mg tablet",
               "coding":[{"system":"http://www.nlm.nih.gov/research/umls/rxnorm","code":"1372688"}]},
             "dosageInstruction":[{"timing":{"repeat":{"when":["CM","CD","CV"],"frequency":3,"period":1,"periodUnit":"d"}},
               "doseAndRate":[{"doseQuantity":{"value":1,"unit":"tablet","code":"{tablet}"}}]}]}
            """#
    }

    /// Two clinics, a patient with a caregiver and another patient in the first, a patient in the second.
    struct World {
        let north: CareHarness.Clinic
        let south: CareHarness.Clinic
        let ada: CareHarness.Patient
        let bob: CareHarness.Patient
        let eve: CareHarness.Patient
        let caregiverToken: String
    }

    static func world(_ harness: CareHarness) async throws -> World {
        let north = try await harness.clinic("North")
        let south = try await harness.clinic("South")
        let ada = try await harness.patient("9000000001", in: north)
        let bob = try await harness.patient("9000000002", in: north)
        let eve = try await harness.patient("9000000003", in: south)
        let carer = try await harness.send(
            .post,
            "/patients/\(ada.id)/caregivers/",
            token: ada.token,
            json: #"{"username":"carer","password":"care1234","first_name":"Cara"}"#
        )
        #expect(carer.status == .created, "\(carer.text)")
        return World(
            north: north,
            south: south,
            ada: ada,
            bob: bob,
            eve: eve,
            caregiverToken: try await harness.signIn("carer", "care1234")
        )
    }

    @Test("a clinician of the clinic writes and stops orders; patient and caregiver read; others 403 or 404; audited")
    func permissions() async throws {
        try await CareHarness.with { harness async throws in
            let world = try await Self.world(harness)
            let path = "/api/v1/patients/\(world.ada.id)/orders"
            let identifier = UUID().uuidString.lowercased()
            let written = try await harness.send(
                .post,
                path,
                token: world.north.clinicianToken,
                json: Self.sevelamer(identifier: identifier)
            )
            #expect(written.status == .created, "\(written.text)")
            #expect(written.object["id"] as? String == identifier)
            #expect(written.object["status"] as? String == "active")
            #expect(written.object["intent"] as? String == "order")
            #expect((written.object["meta"] as? [String: Any])?["versionId"] as? String == "1")
            #expect((written.object["requester"] as? [String: Any])?["display"] as? String == "Clinician")
            #expect((written.object["subject"] as? [String: Any])?["reference"] as? String == "Patient/\(world.ada.id)")
            // A retried write is the same order, stored once.
            let retried = try await harness.send(
                .post,
                path,
                token: world.north.clinicianToken,
                json: Self.sevelamer(identifier: identifier)
            )
            #expect(retried.status == .ok && retried.object["id"] as? String == identifier, "\(retried.text)")

            // Writing: only the patient's own clinic's clinicians.
            for (token, status) in [
                (world.ada.token, HTTPResponse.Status.forbidden), (world.caregiverToken, .forbidden),
                (world.north.administratorToken, .forbidden), (world.south.clinicianToken, .notFound),
            ] {
                let refused = try await harness.send(.post, path, token: token, json: Self.sevelamer())
                #expect(refused.status == status, "\(refused.text)")
                #expect(!refused.text.contains(world.ada.username))
            }
            #expect(try await harness.send(.post, path, json: Self.sevelamer()).status == .unauthorized)
            #expect(
                try await harness.send(
                    .post,
                    "/api/v1/patients/999999999/orders",
                    token: world.north.clinicianToken,
                    json: Self.sevelamer()
                ).status == .notFound
            )

            // Reading: the clinic, the patient, her caregiver; not another patient, not another clinic.
            for token in [world.north.clinicianToken, world.ada.token, world.caregiverToken] {
                let read = try await harness.send(.get, path, token: token)
                #expect(read.status == .ok, "\(read.text)")
                #expect(read.array.map { $0["id"] as? String } == [identifier])
            }
            #expect(try await harness.send(.get, path, token: world.bob.token).status == .forbidden)
            #expect(try await harness.send(.get, path, token: world.south.clinicianToken).status == .notFound)
            #expect(try await harness.send(.get, path, token: world.north.administratorToken).status == .forbidden)

            // Stopping: a new version; a repeated stop changes nothing; the patient may not stop it.
            let stopPath = "\(path)/\(identifier)/stop"
            #expect(try await harness.send(.post, stopPath, token: world.ada.token).status == .forbidden)
            #expect(try await harness.send(.post, stopPath, token: world.south.clinicianToken).status == .notFound)
            let stopped = try await harness.send(.post, stopPath, token: world.north.clinicianToken)
            #expect(stopped.status == .ok, "\(stopped.text)")
            #expect(stopped.object["status"] as? String == "stopped")
            #expect((stopped.object["meta"] as? [String: Any])?["versionId"] as? String == "2")
            let again = try await harness.send(.post, stopPath, token: world.north.clinicianToken)
            #expect((again.object["meta"] as? [String: Any])?["versionId"] as? String == "2")
            let unknown = "\(path)/\(UUID().uuidString)/stop"
            #expect(try await harness.send(.post, unknown, token: world.north.clinicianToken).status == .notFound)

            let audit = try await harness.send(.get, "/audit/", token: world.north.administratorToken)
            let events = audit.array.filter { $0["patient_id"] as? Int == world.ada.id }
            func has(_ action: String, _ resource: String, _ role: String) -> Bool {
                events.contains {
                    $0["action"] as? String == action && $0["resource"] as? String == resource
                        && $0["actor_role"] as? String == role
                }
            }
            #expect(has("create", "medication_order", "clinician"))
            #expect(has("update", "medication_order", "clinician"))
            #expect(has("read", "medication_orders", "patient"))
            #expect(has("read", "medication_orders", "caregiver"))
            #expect(!audit.text.contains("sevelamer"))
        }
    }

    @Test("a refused order is problem details naming each field by JSON pointer, and nothing is stored")
    func validation() async throws {
        try await CareHarness.with { harness async throws in
            let world = try await Self.world(harness)
            let path = "/api/v1/patients/\(world.ada.id)/orders"
            let token = world.north.clinicianToken
            let good = Self.sevelamer()
            let cases: [(String, String)] = [
                // The reference validator takes "day"; the hub's reader does not (UCUM's d).
                (
                    good.replacingOccurrences(of: #""periodUnit":"d""#, with: #""periodUnit":"day""#),
                    "#/dosageInstruction/0/timing/repeat/periodUnit"
                ),
                (
                    good.replacingOccurrences(of: #""CM","CD","CV""#, with: #""CM","LUNCHTIME""#),
                    "#/dosageInstruction/0/timing/repeat/when/1"
                ),
                (
                    good.replacingOccurrences(of: #""frequency":3"#, with: #""frequency":0"#),
                    "#/dosageInstruction/0/timing/repeat/frequency"
                ),
                (
                    good.replacingOccurrences(of: #""frequency":3"#, with: #""frequency":1e300"#),
                    "#/dosageInstruction/0/timing/repeat/frequency"
                ),
                (
                    good.replacingOccurrences(of: #""value":1,"#, with: #""value":-2,"#),
                    "#/dosageInstruction/0/doseAndRate/0/doseQuantity/value"
                ),
                (
                    good.replacingOccurrences(of: #""resourceType":"MedicationRequest","#, with: #""colour":"red","#),
                    "#/colour"
                ),
                (
                    good.replacingOccurrences(
                        of: #""resourceType":"MedicationRequest","#,
                        with: #""status":"stopped","#
                    ),
                    "#/status"
                ),
                (#"{"medicationCodeableConcept":{"text":"calcitriol"}}"#, "#/dosageInstruction"),
                (
                    #"{"medicationCodeableConcept":{"text":"calcitriol"},"dosageInstruction":[{"text":"daily"}]}"#,
                    "#/dosageInstruction/0/timing"
                ),
                (
                    #"{"medicationCodeableConcept":{},"dosageInstruction":[{"asNeededBoolean":true}]}"#,
                    "#/medicationCodeableConcept/text"
                ),
            ]
            for (body, pointer) in cases {
                let refused = try await harness.send(.post, path, token: token, json: body)
                #expect(refused.status == .badRequest, "\(pointer): \(refused.text)")
                #expect(refused.pointers == [pointer], "\(refused.text)")
                #expect(refused.detail.contains(pointer.dropFirst(2)), "\(refused.text)")
            }
            let listed = try await harness.send(.get, path, token: token)
            #expect(listed.status == .ok && listed.array.isEmpty, "\(listed.text)")
        }
    }

    @Test("the hub pulls orders changed after its cursor with its device token; a stop comes as a new version")
    func pull() async throws {
        try await CareHarness.with { harness async throws in
            let world = try await Self.world(harness)
            let device = try await harness.deviceToken(for: world.ada.id, clinic: world.north)
            let path = "/api/v1/patients/\(world.ada.id)/orders"
            let first = try await harness.send(.post, path, token: world.north.clinicianToken, json: Self.sevelamer())
            let id = try #require(first.object["id"] as? String)
            // Another patient's order is not in Ada's pull.
            _ = try await harness.send(
                .post,
                "/api/v1/patients/\(world.bob.id)/orders",
                token: world.north.clinicianToken,
                json: Self.sevelamer()
            )
            let all = try await harness.send(.get, "/api/v1/sync/orders", token: device)
            #expect(all.status == .ok, "\(all.text)")
            #expect((all.object["orders"] as? [[String: Any]])?.map { $0["id"] as? String } == [id])
            let cursor = try #require(all.object["cursor"] as? Int)
            let none = try await harness.send(.get, "/api/v1/sync/orders?after=\(cursor)", token: device)
            #expect((none.object["orders"] as? [Any])?.isEmpty == true && none.object["cursor"] as? Int == cursor)
            _ = try await harness.send(.post, "\(path)/\(id)/stop", token: world.north.clinicianToken)
            let changed = try await harness.send(.get, "/api/v1/sync/orders?after=\(cursor)", token: device)
            let orders = try #require(changed.object["orders"] as? [[String: Any]])
            #expect(orders.map { $0["status"] as? String } == ["stopped"])
            #expect((changed.object["cursor"] as? Int ?? 0) > cursor)

            let refused = try await harness.send(.get, "/api/v1/sync/orders?after=-1", token: device)
            #expect(refused.status == .badRequest && refused.pointers == ["#/after"], "\(refused.text)")
            // A sign-in token is not a device token.
            #expect(try await harness.send(.get, "/api/v1/sync/orders", token: world.ada.token).status == .unauthorized)
        }
    }
}
