import CareServer
import Foundation
import HTTPTypes
import Testing

/// Every role × every endpoint × the caller's own record, another patient's record in the same clinic and a record
/// in another clinic, with the expected status; a 403 or 404 body says only which rule refused, never what is there.
@Suite("Care server permission matrix", .throwawayCluster)
struct PermissionMatrixTests {
    enum Role: String, CaseIterable {
        case anonymous, administrator, clinician, patient, caregiver
    }

    /// Whose record the request is about: the patient in the caller's care (herself for the patient), another
    /// patient of the same clinic, a patient of another clinic.
    enum Target: CaseIterable {
        case own, another, otherClinic
    }

    struct Endpoint {
        let name: String
        let method: HTTPRequest.Method
        /// The path for a target patient (its id, its list's id, its questionnaire's id).
        let path: (World.Record) -> String
        /// The body, given a number no other request used (for usernames that must be new).
        let body: ((Int) -> String)?
        /// Per role: the statuses for own, another, other clinic.
        let expected: [Role: [HTTPResponse.Status]]
    }

    /// The people and records the matrix runs over.
    struct World {
        struct Record {
            let patientID: Int
            let username: String
            let listID: Int
            let questionnaireID: Int
        }
        var tokens: [Role: String]
        var records: [Target: Record]
        /// The caregiver's account id (for revoking her).
        var caregiverID: Int
    }

    static let ok = HTTPResponse.Status.ok
    static let created = HTTPResponse.Status.created
    static let forbidden = HTTPResponse.Status.forbidden
    static let unauthorized = HTTPResponse.Status.unauthorized
    static let allForbidden: [HTTPResponse.Status] = [forbidden, forbidden, forbidden]
    static let allUnauthorized: [HTTPResponse.Status] = [unauthorized, unauthorized, unauthorized]

    static func endpoints() -> [Endpoint] {
        let ownOnly: [HTTPResponse.Status] = [ok, forbidden, forbidden]
        let readers: [Role: [HTTPResponse.Status]] = [
            .anonymous: allUnauthorized, .administrator: allForbidden, .clinician: allForbidden,
            .patient: ownOnly, .caregiver: ownOnly,
        ]
        let noTarget = { (status: [Role: HTTPResponse.Status]) -> [Role: [HTTPResponse.Status]] in
            status.mapValues { [$0, $0, $0] }
        }
        return [
            Endpoint(
                name: "register a patient",
                method: .post,
                path: { _ in "/patients/" },
                body: { n in
                    #"{"nhs_number":"\#(n)","first_name":"N","password":"p","drug_course_id":1,"month_of_treatment":1}"#
                },
                expected: noTarget([
                    .anonymous: unauthorized, .administrator: forbidden, .clinician: created, .patient: forbidden,
                    .caregiver: forbidden,
                ])
            ),
            Endpoint(
                name: "list patients",
                method: .get,
                path: { _ in "/patients/" },
                body: nil,
                expected: noTarget([
                    .anonymous: unauthorized, .administrator: forbidden, .clinician: ok, .patient: forbidden,
                    .caregiver: forbidden,
                ])
            ),
            Endpoint(
                name: "read a patient",
                method: .get,
                path: { "/patients/\($0.patientID)/" },
                body: nil,
                expected: readers
            ),
            Endpoint(
                name: "change a patient",
                method: .patch,
                path: { "/patients/\($0.patientID)/" },
                body: { _ in #"{"month_of_treatment":4}"# },
                expected: [
                    .anonymous: allUnauthorized, .administrator: allForbidden, .clinician: allForbidden,
                    .patient: ownOnly, .caregiver: allForbidden,
                ]
            ),
            Endpoint(
                name: "list a patient's symptom lists",
                method: .get,
                path: { "/patients/\($0.patientID)/symptoms/" },
                body: nil,
                expected: readers
            ),
            Endpoint(
                name: "list a patient's questionnaires",
                method: .get,
                path: { "/patients/\($0.patientID)/side_effects/" },
                body: nil,
                expected: readers
            ),
            Endpoint(
                name: "read a symptom list",
                method: .get,
                path: { "/sym/\($0.listID)/" },
                body: nil,
                expected: readers
            ),
            Endpoint(
                name: "read a questionnaire",
                method: .get,
                path: { "/se/\($0.questionnaireID)/" },
                body: nil,
                expected: readers
            ),
            Endpoint(
                name: "delete a symptom list",
                method: .delete,
                path: { "/sym/\($0.listID)/" },
                body: nil,
                expected: [
                    .anonymous: allUnauthorized, .administrator: allForbidden, .clinician: allForbidden,
                    .patient: Array(repeating: .methodNotAllowed, count: 3),
                    .caregiver: Array(repeating: .methodNotAllowed, count: 3),
                ]
            ),
            Endpoint(
                name: "post a symptom list",
                method: .post,
                path: { _ in "/sym/" },
                body: { _ in #"{"symptoms":[{"symptom_no":"1","scale":"8"}]}"# },
                expected: noTarget([
                    .anonymous: unauthorized, .administrator: forbidden, .clinician: forbidden, .patient: created,
                    .caregiver: forbidden,
                ])
            ),
            Endpoint(
                name: "list own symptom lists",
                method: .get,
                path: { _ in "/sym/" },
                body: nil,
                expected: noTarget([
                    .anonymous: unauthorized, .administrator: forbidden, .clinician: forbidden, .patient: ok,
                    .caregiver: forbidden,
                ])
            ),
            Endpoint(
                name: "post a questionnaire",
                method: .post,
                path: { _ in "/se/" },
                body: { _ in #"{"questions":[{"question_no":"4","answer":true}]}"# },
                expected: noTarget([
                    .anonymous: unauthorized, .administrator: forbidden, .clinician: forbidden, .patient: created,
                    .caregiver: forbidden,
                ])
            ),
            Endpoint(
                name: "add a caregiver",
                method: .post,
                path: { "/patients/\($0.patientID)/caregivers/" },
                body: { n in #"{"username":"carer\#(n)","password":"p","first_name":"C"}"# },
                expected: [
                    .anonymous: allUnauthorized, .administrator: allForbidden, .clinician: allForbidden,
                    .patient: [created, forbidden, forbidden], .caregiver: allForbidden,
                ]
            ),
            Endpoint(
                name: "create a clinician",
                method: .post,
                path: { _ in "/clinicians/" },
                body: { n in #"{"username":"clin\#(n)","password":"p","first_name":"C"}"# },
                expected: noTarget([
                    .anonymous: unauthorized, .administrator: created, .clinician: forbidden, .patient: forbidden,
                    .caregiver: forbidden,
                ])
            ),
            Endpoint(
                name: "read the audit log",
                method: .get,
                path: { _ in "/audit/" },
                body: nil,
                expected: noTarget([
                    .anonymous: unauthorized, .administrator: ok, .clinician: forbidden, .patient: forbidden,
                    .caregiver: forbidden,
                ])
            ),
        ]
    }

    /// The only bodies a refusal may have.
    static let refusalDetails: Set<String> = [
        "Authentication credentials were not provided.", "Only clinicians may do this.",
        "Only the patient herself may do this.", "Only clinic administrators may do this.", "Not found.",
        "Method \"DELETE\" not allowed.",
    ]

    @Test("every role, endpoint and record answers as expected, and refusals leak nothing")
    func matrix() async throws {
        try await CareHarness.with { harness async throws in
            let world = try await Self.world(harness)
            var checked = 0
            for endpoint in Self.endpoints() {
                for role in Role.allCases {
                    let expected = try #require(endpoint.expected[role], "\(endpoint.name) has no row for \(role)")
                    for (index, target) in Target.allCases.enumerated() {
                        let record = try #require(world.records[target])
                        let answer = try await harness.send(
                            endpoint.method,
                            endpoint.path(record),
                            token: world.tokens[role],
                            json: endpoint.body?(9_100_000_000 + checked)
                        )
                        #expect(
                            answer.status == expected[index],
                            "\(role) \(endpoint.name) on \(target): \(answer.status) \(answer.text)"
                        )
                        if answer.status.code >= 400 {
                            #expect(answer.object.count == 1, "\(answer.text)")
                            let detail = answer.object["detail"] as? String ?? ""
                            #expect(Self.refusalDetails.contains(detail), "\(role) \(endpoint.name): \(answer.text)")
                            #expect(!answer.text.contains(record.username))
                        }
                        checked += 1
                    }
                }
            }
            #expect(checked == Self.endpoints().count * Role.allCases.count * Target.allCases.count)
        }
    }

    @Test("an unknown list is 404 for a patient; a revoked caregiver reads nothing")
    func unknownAndRevoked() async throws {
        try await CareHarness.with { harness async throws in
            let world = try await Self.world(harness)
            let patient = try #require(world.tokens[.patient])
            #expect(try await harness.send(.get, "/sym/999999999/", token: patient).status == .notFound)
            #expect(try await harness.send(.get, "/patients/999999999/symptoms/", token: patient).status == .forbidden)
            let own = try #require(world.records[.own])
            let caregiver = try #require(world.tokens[.caregiver])
            let caregivers = world.caregiverID
            #expect(
                try await harness.send(.get, "/patients/\(own.patientID)/symptoms/", token: caregiver).status == .ok
            )
            let removed = try await harness.send(
                .delete,
                "/patients/\(own.patientID)/caregivers/\(caregivers)/",
                token: patient
            )
            #expect(removed.status == .noContent)
            #expect(
                try await harness.send(.get, "/patients/\(own.patientID)/symptoms/", token: caregiver).status
                    == .forbidden
            )
        }
    }

    @Test("reads and writes of patient data are in the audit log, with who, what and where, and no patient data")
    func auditLog() async throws {
        try await CareHarness.with { harness async throws in
            let world = try await Self.world(harness)
            let own = try #require(world.records[.own])
            _ = try await harness.send(.get, "/patients/\(own.patientID)/symptoms/", token: world.tokens[.patient])
            let answer = try await harness.send(.get, "/audit/", token: world.tokens[.administrator])
            #expect(answer.status == .ok)
            let events = answer.array
            #expect(
                events.contains {
                    $0["action"] as? String == "read" && $0["resource"] as? String == "symptom_lists"
                        && $0["patient_id"] as? Int == own.patientID && $0["actor_role"] as? String == "patient"
                        && ($0["address"] as? String)?.isEmpty == false
                }
            )
            #expect(
                events.contains {
                    $0["action"] as? String == "create" && $0["resource"] as? String == "symptom_list"
                        && $0["resource_id"] as? Int == own.listID
                }
            )
            #expect(!answer.text.contains(own.username))
            #expect(!answer.text.contains("pass1234"))
        }
    }

    @Test("audit reads racing the periodic write all answer, each with every read made before it")
    func auditReadsRacingThePeriodicWrite() async throws {
        // A 1 ms period keeps a write under way almost always, so most reads of the log find one to wait for (a
        // read that waited in a loop on the actor once held the actor from the writer for good: the CI run hung).
        // Few rounds: on a loaded 2-core run each request waits behind the writes, and the race needs only a few.
        try await CareHarness.with(configure: { $0.auditFlushInterval = .milliseconds(1) }) { harness async throws in
            let clinic = try await harness.clinic("North")
            let patient = try await harness.patient("9000000001", in: clinic)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for reader in 0..<3 {
                    group.addTask {
                        for round in 1...6 {
                            let read = try await harness.send(.get, "/patients/\(patient.id)/", token: patient.token)
                            #expect(read.status == .ok, "reader \(reader), round \(round)")
                            let log = try await harness.send(.get, "/audit/", token: clinic.administratorToken)
                            #expect(log.status == .ok)
                            let reads = log.array.filter {
                                $0["action"] as? String == "read" && $0["patient_id"] as? Int == patient.id
                            }
                            #expect(
                                reads.count >= round,
                                "reader \(reader) saw \(reads.count) reads after \(round) of its own"
                            )
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
    }

    /// Clinic North (administrator, clinician, the patient, another patient, the patient's caregiver) and clinic
    /// South (its own clinician and patient), each patient with one symptom list and one questionnaire.
    static func world(_ harness: CareHarness) async throws -> World {
        let north = try await harness.clinic("North")
        let south = try await harness.clinic("South")
        let patient = try await harness.patient("9000000001", in: north)
        let another = try await harness.patient("9000000002", in: north)
        let elsewhere = try await harness.patient("9000000003", in: south)
        let carer = try await harness.send(
            .post,
            "/patients/\(patient.id)/caregivers/",
            token: patient.token,
            json: #"{"username":"carer","password":"care1234","first_name":"Cara"}"#
        )
        let caregiverID = try #require(carer.object["id"] as? Int, "\(carer.text)")
        let caregiverToken = try await harness.signIn("carer", "care1234")
        var records: [Target: World.Record] = [:]
        for (target, who) in [(Target.own, patient), (.another, another), (.otherClinic, elsewhere)] {
            let list = try await harness.send(
                .post,
                "/sym/",
                token: who.token,
                json: #"{"symptoms":[{"symptom_no":1,"scale":3}]}"#
            )
            let questionnaire = try await harness.send(
                .post,
                "/se/",
                token: who.token,
                json: #"{"questions":[{"question_no":4,"answer":false}]}"#
            )
            records[target] = World.Record(
                patientID: who.id,
                username: who.username,
                listID: try #require(list.object["id"] as? Int),
                questionnaireID: try #require(questionnaire.object["id"] as? Int)
            )
        }
        return World(
            tokens: [
                .administrator: north.administratorToken, .clinician: north.clinicianToken, .patient: patient.token,
                .caregiver: caregiverToken,
            ],
            records: records,
            caregiverID: caregiverID
        )
    }
}
