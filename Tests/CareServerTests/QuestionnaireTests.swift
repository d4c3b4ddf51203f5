import CareServer
import CareServerStore
import Foundation
import GRDB
import HTTPTypes
import HubRecords
import HubServices
import HubStore
import HummingbirdTesting
import Logging
import PostgresNIO
import TestSupport
import Testing

/// Questionnaires on the care-team server (issue 20 item 6): a clinician assigns one of the library, the patient
/// (or her hub) answers it as a FHIR `QuestionnaireResponse` validated against it, the answer is stored once per
/// identifier with its symptom score, and the scores come back as a time series; who may do what, and the audit.
@Suite("Care server questionnaires", .throwawayCluster)
struct QuestionnaireTests {
    typealias Role = PermissionMatrixTests.Role
    typealias Target = PermissionMatrixTests.Target

    /// The symptom check's ten rated items.
    static let symptoms = [
        "tiredness", "itching", "breathlessness", "nausea", "appetite", "pain", "cramps", "sleep", "low-mood",
        "restless-legs",
    ]

    /// A `QuestionnaireResponse` to the symptom check: `ratings` per linkId (every symptom at 2 unless given),
    /// items left out by `omitting`, `extraItems` appended as JSON text.
    static func answer(
        id: String,
        authored: String = "2026-11-20T08:00:00+01:00",
        ratings: [String: String] = [:],
        omitting: Set<String> = [],
        extraItems: [String] = []
    ) -> String {
        let items =
            symptoms.filter { !omitting.contains($0) }.map { linkId in
                #"{"linkId":"\#(linkId)","answer":[{"valueInteger":\#(ratings[linkId] ?? "2")}]}"#
            } + extraItems
        return """
            {"resourceType":"QuestionnaireResponse","status":"completed",\
            "identifier":{"system":"urn:kidneyhub:test","value":"\(id)"},\
            "questionnaire":"\(SymptomCheckInstrument.url)|\(SymptomCheckInstrument.version)",\
            "authored":"\(authored)","item":[\(items.joined(separator: ","))]}
            """
    }

    /// The library id of the symptom check.
    static func symptomCheckID(_ harness: CareHarness, token: String) async throws -> Int {
        let library = try await harness.send(.get, "/api/v1/questionnaires", token: token)
        #expect(library.status == .ok)
        let entry = try #require(library.array.first { $0["url"] as? String == SymptomCheckInstrument.url })
        return try #require(entry["id"] as? Int)
    }

    @Test("assigned, answered by the patient and by her hub (once per identifier), scored and trended, audited")
    func endToEnd() async throws {
        try await CareHarness.with { harness async throws in
            let clinic = try await harness.clinic("North")
            let ada = try await harness.patient("9000000001", in: clinic)
            let questionnaireID = try await Self.symptomCheckID(harness, token: clinic.clinicianToken)
            let base = "/api/v1/patients/\(ada.id)"
            // Not assigned yet: the answer is refused, naming the questionnaire.
            let early = try await harness.send(
                .post,
                "\(base)/questionnaire-responses",
                token: ada.token,
                json: Self.answer(id: "early")
            )
            #expect(early.status == .badRequest)
            #expect(early.pointers == ["#/questionnaire"])
            let assign = #"{"questionnaire":\#(questionnaireID)}"#
            let assigned = try await harness.send(
                .post,
                "\(base)/questionnaires",
                token: clinic.clinicianToken,
                json: assign
            )
            #expect(assigned.status == .created, "\(assigned.text)")
            let again = try await harness.send(
                .post,
                "\(base)/questionnaires",
                token: clinic.clinicianToken,
                json: assign
            )
            #expect(again.status == .ok)
            #expect(again.object["id"] as? Int == assigned.object["id"] as? Int)
            let listed = try await harness.send(.get, "\(base)/questionnaires", token: ada.token)
            #expect(listed.array.count == 1)
            let resource = (listed.array.first?["questionnaire"] as? [String: Any])?["resource"] as? [String: Any]
            #expect(resource?["resourceType"] as? String == "Questionnaire")
            #expect((resource?["item"] as? [Any])?.count == 11)

            // The patient answers; the score is the sum of the ten ratings.
            let first = try await harness.send(
                .post,
                "\(base)/questionnaire-responses",
                token: ada.token,
                json: Self.answer(
                    id: "week-1",
                    authored: "2026-11-13T09:00:00Z",
                    ratings: ["tiredness": "7", "itching": "5"],
                    extraItems: [#"{"linkId":"other","answer":[{"valueString":"Cramps after dialysis"}]}"#]
                )
            )
            #expect(first.status == .created, "\(first.text)")
            #expect(first.object["score"] as? Int == 7 + 5 + 8 * 2)

            // Her hub pushes another answer with its device token, twice: stored once.
            let device = try await harness.deviceToken(for: ada.id, clinic: clinic)
            let hubAnswer = Self.answer(id: "hub-7f3a", authored: "2026-11-20T09:00:00Z", ratings: ["pain": "0"])
            let pushed = try await harness.send(
                .post,
                "\(base)/questionnaire-responses",
                json: hubAnswer,
                headers: [.authorization: "Bearer \(device)"]
            )
            #expect(pushed.status == .created, "\(pushed.text)")
            let repeated = try await harness.send(
                .post,
                "\(base)/questionnaire-responses",
                json: hubAnswer,
                headers: [.authorization: "Bearer \(device)"]
            )
            #expect(repeated.status == .ok)
            #expect(repeated.object["id"] as? Int == pushed.object["id"] as? Int)
            let hubPull = try await harness.send(
                .get,
                "\(base)/questionnaires",
                headers: [.authorization: "Bearer \(device)"]
            )
            #expect(hubPull.status == .ok && hubPull.array.count == 1)

            let answers = try await harness.send(.get, "\(base)/questionnaire-responses", token: clinic.clinicianToken)
            #expect(answers.array.count == 2)
            let scores = try await harness.send(.get, "\(base)/symptom-scores", token: clinic.clinicianToken)
            #expect(scores.status == .ok)
            let points = scores.object["points"] as? [[String: Any]] ?? []
            #expect(points.map { $0["score"] as? Int } == [28, 18])
            #expect(
                points.map { $0["authored"] as? String } == [
                    "2026-11-13T09:00:00.000000Z", "2026-11-20T09:00:00.000000Z",
                ]
            )
            #expect(points.allSatisfy { $0["maximum_score"] as? Int == 100 })
            #expect((scores.object["definition"] as? String)?.contains("sum") == true)

            let log = try await harness.send(.get, "/audit/", token: clinic.administratorToken)
            let events = log.array.map { "\($0["action"] as? String ?? "") \($0["resource"] as? String ?? "")" }
            for expected in [
                "create questionnaire_assignment", "create questionnaire_response", "read questionnaire_assignments",
                "read questionnaire_responses", "read symptom_scores",
            ] {
                #expect(events.contains(expected), "no \(expected) in the audit log")
            }
            #expect(events.filter { $0 == "create questionnaire_response" }.count == 2)
            #expect(!log.text.contains("Cramps after dialysis"))
        }
    }

    @Test("bad answers are refused naming the field by pointer and the item by linkId; nothing is stored")
    func validation() async throws {
        try await CareHarness.with { harness async throws in
            let clinic = try await harness.clinic("North")
            let ada = try await harness.patient("9000000001", in: clinic)
            let questionnaireID = try await Self.symptomCheckID(harness, token: clinic.clinicianToken)
            let base = "/api/v1/patients/\(ada.id)"
            _ = try await harness.send(
                .post,
                "\(base)/questionnaires",
                token: clinic.clinicianToken,
                json: #"{"questionnaire":\#(questionnaireID)}"#
            )
            let cases: [(body: String, pointers: [String], mentions: String)] = [
                (Self.answer(id: "a", omitting: ["pain"]), ["#/item"], #"Item "pain""#),
                (Self.answer(id: "b", ratings: ["itching": "11"]), ["#/item/1/answer/0/valueInteger"], #""itching""#),
                (Self.answer(id: "c", ratings: ["nausea": "-1"]), ["#/item/3/answer/0/valueInteger"], "from 0 to 10"),
                (Self.answer(id: "d", ratings: ["sleep": #""four""#]), ["#/item/7/answer/0/valueInteger"], #""sleep""#),
                (
                    Self.answer(id: "e", extraItems: [#"{"linkId":"fever","answer":[{"valueInteger":1}]}"#]),
                    ["#/item/10/linkId"], #""fever""#
                ),
                (
                    Self.answer(id: "f", extraItems: [#"{"linkId":"pain","answer":[{"valueInteger":1}]}"#]),
                    ["#/item/10/linkId"], "answered twice"
                ),
                (
                    Self.answer(id: "g", extraItems: [#"{"linkId":"other","answer":[{"valueInteger":1}]}"#]),
                    ["#/item/10/answer/0"], "valueString"
                ),
                (
                    Self.answer(id: "h", omitting: ["cramps"], extraItems: [#"{"linkId":"x"}"#]),
                    ["#/item/-", "#/item/9/linkId"], #"Item "cramps""#
                ),
                (Self.answer(id: "i", authored: "yesterday"), ["#/authored"], "dateTime"),
                (Self.answer(id: "j", authored: "2099-01-01T00:00:00Z"), ["#/authored"], "future"),
                (
                    Self.answer(id: "k").replacingOccurrences(of: #""completed""#, with: #""in-progress""#),
                    ["#/status"], "completed"
                ),
                (
                    Self.answer(id: "l").replacingOccurrences(of: #""status""#, with: #""severity":1,"status""#),
                    ["#/severity"], "Unknown field"
                ),
                (
                    Self.answer(id: "m").replacingOccurrences(of: "symptom-check|1", with: "phq-9"),
                    ["#/questionnaire"], "assigned"
                ),
                (
                    Self.answer(id: "n").replacingOccurrences(
                        of: #""status""#,
                        with: #""subject":{"reference":"Patient/999999"},"status""#
                    ),
                    ["#/subject"], "Patient/\(ada.id)"
                ),
            ]
            for (body, pointers, mentions) in cases {
                let answer = try await harness.send(
                    .post,
                    "\(base)/questionnaire-responses",
                    token: ada.token,
                    json: body
                )
                #expect(answer.status == .badRequest, "\(body)")
                #expect(answer.pointers == pointers, "\(answer.text)")
                #expect(answer.detail.contains(mentions), "\(answer.text)")
                #expect(answer.object["status"] as? Int == 400)
            }
            let stored = try await harness.send(.get, "\(base)/questionnaire-responses", token: ada.token)
            #expect(stored.status == .ok && stored.array.isEmpty)
            let unknown = try await harness.send(
                .post,
                "\(base)/questionnaires",
                token: clinic.clinicianToken,
                json: #"{"questionnaire":999,"role":"admin"}"#
            )
            #expect(unknown.status == .badRequest)
            #expect(unknown.pointers == ["#/questionnaire"])
        }
    }

    @Test("every role × endpoint × own patient, another patient, another clinic answers as expected, leaking nothing")
    func permissions() async throws {
        try await CareHarness.with { harness async throws in
            let world = try await PermissionMatrixTests.world(harness)
            let clinician = try #require(world.tokens[.clinician])
            let questionnaireID = try await Self.symptomCheckID(harness, token: clinician)
            let ok = HTTPResponse.Status.ok
            let created = HTTPResponse.Status.created
            let forbidden = HTTPResponse.Status.forbidden
            let notFound = HTTPResponse.Status.notFound
            let unauthorized = HTTPResponse.Status.unauthorized
            let all = { (status: HTTPResponse.Status) in [status, status, status] }
            let readers: [Role: [HTTPResponse.Status]] = [
                .anonymous: all(unauthorized), .administrator: all(forbidden), .clinician: [ok, ok, notFound],
                .patient: [ok, notFound, notFound], .caregiver: [ok, notFound, notFound],
            ]
            typealias Row = (
                String, HTTPRequest.Method, (Int) -> String, ((Int) -> String)?, [Role: [HTTPResponse.Status]]
            )
            let rows: [Row] = [
                (
                    "library", .get, { _ in "/api/v1/questionnaires" }, nil,
                    [
                        .anonymous: all(unauthorized), .administrator: all(ok), .clinician: all(ok), .patient: all(ok),
                        .caregiver: all(ok),
                    ]
                ),
                (
                    "assign", .post, { "/api/v1/patients/\($0)/questionnaires" },
                    { _ in #"{"questionnaire":\#(questionnaireID)}"# },
                    [
                        .anonymous: all(unauthorized), .administrator: all(forbidden),
                        .clinician: [created, created, notFound], .patient: all(forbidden), .caregiver: all(forbidden),
                    ]
                ),
                ("assigned", .get, { "/api/v1/patients/\($0)/questionnaires" }, nil, readers),
                (
                    "answer", .post, { "/api/v1/patients/\($0)/questionnaire-responses" },
                    { Self.answer(id: "matrix-\($0)") },
                    [
                        .anonymous: all(unauthorized), .administrator: all(forbidden), .clinician: all(forbidden),
                        .patient: [created, notFound, notFound], .caregiver: [forbidden, notFound, notFound],
                    ]
                ),
                ("answers", .get, { "/api/v1/patients/\($0)/questionnaire-responses" }, nil, readers),
                ("scores", .get, { "/api/v1/patients/\($0)/symptom-scores" }, nil, readers),
            ]
            var checked = 0
            for (name, method, path, body, expected) in rows {
                for role in Role.allCases {
                    let statuses = try #require(expected[role])
                    for (index, target) in Target.allCases.enumerated() {
                        let record = try #require(world.records[target])
                        let answer = try await harness.send(
                            method,
                            path(record.patientID),
                            token: world.tokens[role],
                            json: body?(checked)
                        )
                        #expect(answer.status == statuses[index], "\(role) \(name) on \(target): \(answer.text)")
                        if answer.status.code >= 400 {
                            #expect(!answer.text.contains(record.username), "\(answer.text)")
                            #expect(answer.object["errors"] == nil, "\(role) \(name): \(answer.text)")
                        }
                        checked += 1
                    }
                }
            }
            #expect(checked == rows.count * Role.allCases.count * Target.allCases.count)
            // A refusal looks the same whether or not the patient exists.
            let patient = try #require(world.tokens[.patient])
            let missing = try await harness.send(.get, "/api/v1/patients/999999/symptom-scores", token: patient)
            let otherClinic = try #require(world.records[.otherClinic])
            let elsewhere = try await harness.send(
                .get,
                "/api/v1/patients/\(otherClinic.patientID)/symptom-scores",
                token: patient
            )
            #expect(
                missing.status == .notFound && missing.text == elsewhere.text,
                "missing: \(missing.text); another clinic's: \(elsewhere.text)"
            )
        }
    }

    @Test("the portal assigns a questionnaire with a CSRF-checked form and shows the answers and the score trend")
    func portal() async throws {
        try await PortalHarness.with { portal async throws in
            let harness = portal.api
            let clinic = try await harness.clinic("North")
            let ada = try await harness.patient("9000000001", in: clinic)
            let session = try #require(try await portal.signIn("clinician-North", "clinic1234").cookie)
            let page = try await portal.get("/portal/patients/\(ada.id)", cookie: session)
            #expect(page.status == .ok)
            #expect(page.text.contains(#"<label for="assign-questionnaire">Assign a questionnaire</label>"#))
            #expect(page.text.contains("No questionnaire assigned."))
            let questionnaireID = try await Self.symptomCheckID(harness, token: clinic.clinicianToken)
            let path = "/portal/patients/\(ada.id)/questionnaires"
            // Without the session's CSRF token: refused, nothing assigned.
            let forged = try await portal.post(path, cookie: session, form: ["questionnaire": "\(questionnaireID)"])
            #expect(forged.status == .forbidden)
            let base = "/api/v1/patients/\(ada.id)"
            #expect(try await harness.send(.get, "\(base)/questionnaires", token: ada.token).array.isEmpty)
            let csrf = try #require(page.csrf)
            let posted = try await portal.post(
                path,
                cookie: session,
                form: ["csrf": csrf, "questionnaire": "\(questionnaireID)"]
            )
            #expect(posted.status == .seeOther)
            #expect(posted.headers[.location] == "/portal/patients/\(ada.id)?questionnaire=assigned#questionnaires")
            #expect(try await harness.send(.get, "\(base)/questionnaires", token: ada.token).array.count == 1)
            for (week, tiredness) in [("2026-11-06", "9"), ("2026-11-13", "6"), ("2026-11-20", "3")] {
                let answered = try await harness.send(
                    .post,
                    "\(base)/questionnaire-responses",
                    token: ada.token,
                    json: Self.answer(id: week, authored: "\(week)T10:00:00Z", ratings: ["tiredness": tiredness])
                )
                #expect(answered.status == .created)
            }
            let after = try await portal.get("/portal/patients/\(ada.id)?questionnaire=assigned", cookie: session)
            #expect(after.text.contains("The questionnaire is assigned"))
            #expect(after.text.contains("Symptom check, assigned"))
            #expect(after.text.contains(#"id="chart-questionnaire-score""#))
            // The symptom lists' own score figure is there once beside it: no id twice on the page.
            for id in ["caption-questionnaire-score", "caption-symptom-score"] {
                #expect(after.text.components(separatedBy: #"id="\#(id)""#).count == 2, "\(id)")
            }
            #expect(after.text.contains("<title"))
            #expect(after.text.contains("<td>27 of 100</td>"))
            #expect(after.text.contains("<td>2026-11-20 10:00 UTC</td><td>Symptom check</td><td>21 of 100</td>"))
            // Another clinic's patient: 404, nothing assigned.
            let south = try await harness.clinic("South")
            let bo = try await harness.patient("9000000002", in: south)
            let elsewhere = try await portal.post(
                "/portal/patients/\(bo.id)/questionnaires",
                cookie: session,
                form: ["csrf": csrf, "questionnaire": "\(questionnaireID)"]
            )
            #expect(elsewhere.status == .notFound)
            #expect(
                try await harness.send(.get, "/api/v1/patients/\(bo.id)/questionnaires", token: bo.token).array.isEmpty
            )
        }
    }

    @Test("the hub pulls the assignment, validates the answer, pushes it exactly once, even when its cursor is lost")
    func hubPullAndPush() async throws {
        try await CareHarness.with { harness async throws in
            let clinic = try await harness.clinic("North")
            let ada = try await harness.patient("9000000001", in: clinic)
            let questionnaireID = try await Self.symptomCheckID(harness, token: clinic.clinicianToken)
            let assigned = try await harness.send(
                .post,
                "/api/v1/patients/\(ada.id)/questionnaires",
                token: clinic.clinicianToken,
                json: #"{"questionnaire":\#(questionnaireID)}"#
            )
            let assignmentID = try #require(assigned.object["id"] as? Int)
            let code = try await harness.enrollmentCode(for: ada.id, clinic: clinic)
            let (directory, app, _) = try await HubSyncTests.hub(days: 1)
            defer { directory.remove() }
            #expect(try await app.questionnaires.list().isEmpty)
            let port = try #require(harness.client.port)
            _ = try await app.careTeam.connect(serverURL: "http://127.0.0.1:\(port)", code: code)
            _ = try await app.careTeam.sync()

            let pulled = try await app.questionnaires.list()
            #expect(pulled.count == 1)
            let form = try #require(pulled.first?.form)
            #expect(form.assignmentId == Int64(assignmentID) && form.title == "Symptom check")
            #expect(form.items.map(\.linkId) == Self.symptoms + ["other"])
            #expect(form.items.first?.range == 0...10 && form.items.last?.required == false)

            var answers = Dictionary(uniqueKeysWithValues: Self.symptoms.map { ($0, "3") })
            answers["pain"] = "12"
            await #expect(
                throws: QuestionnaireError.answer(
                    .outOfRange(
                        linkId: "pain",
                        text: form.items[5].text,
                        range: 0...10,
                        given: "12"
                    )
                )
            ) {
                try await app.questionnaires.answer(assignmentId: form.assignmentId, answers)
            }
            answers["pain"] = nil
            await #expect(throws: QuestionnaireError.answer(.missing(linkId: "pain", text: form.items[5].text))) {
                try await app.questionnaires.answer(assignmentId: form.assignmentId, answers)
            }
            answers["pain"] = "0"
            answers["other"] = "Itchy at night"
            let stored = try await app.questionnaires.answer(assignmentId: form.assignmentId, answers)
            #expect(stored.score == 27)

            let pushed = try await app.careTeam.sync()
            #expect(pushed.sentByKind["questionnaire-response"] == 1 && pushed.created >= 1)
            #expect(try await app.careTeam.sync().sentByKind["questionnaire-response"] == nil)
            #expect(try await Self.storedAnswers(harness.server.store, patient: ada.id) == [27])

            // The hub dies after the server's 2xx and before its cursor moved: the answer goes again, and the
            // server's conditional create on its identifier stores nothing twice.
            let store = try HubDatabase.open(atPath: directory.file("hub.sqlite"))
            try await store.pool.write { db in try db.execute(sql: "UPDATE careTeamLink SET questionnaireCursor = 0") }
            let again = try await app.careTeam.sync()
            #expect(again.sentByKind["questionnaire-response"] == 1 && again.alreadyStored == 1)
            #expect(try await Self.storedAnswers(harness.server.store, patient: ada.id) == [27])
            let listed = try await app.questionnaires.list()
            #expect(listed.first?.answers.map(\.score) == [27])
        }
    }

    /// The scores of the patient's answers on the server, counted in SQL.
    static func storedAnswers(_ store: CareStore, patient: Int) async throws -> [Int] {
        var scores: [Int] = []
        let rows = try await store.client.query(
            "SELECT score FROM questionnaire_response WHERE patient_id = \(Int64(patient)) ORDER BY id",
            logger: Logger(label: "test")
        )
        for try await score in rows.decode(Int.self) { scores.append(score) }
        return scores
    }
}
