import Care
import CareServer
import CareServerStore
import Clinical
import Foundation
import HTTPTypes
import HubCore
import HubRecords
import HubServices
import HummingbirdTesting
import TestSupport
import Testing

/// Orders flow down (issue 20 items 3 and 7): a clinician writes an order, the hub's sync pulls it into the
/// profile's medications with its schedule, a dose taken on the hub is pushed and shows in the portal's adherence;
/// a stop reaches the hub as a stop; a repeated pull changes nothing; the patient's own change to an ordered
/// medication stays; a server that is down fails the pull after its retries and loses nothing.
@Suite("A hub pulls its care team's medication orders", .throwawayCluster)
struct HubOrderPullTests {
    /// Calcitriol 0.25 micrograms once a day at 08:00, as a renal unit orders it (RxNorm 197434: calcitriol 0.25 MCG
    /// Oral Capsule).
    static let calcitriol = #"""
        {"resourceType":"MedicationRequest",
         "medicationCodeableConcept":{"text":"calcitriol 0.25 microgram capsule",
           "coding":[{"system":"http://www.nlm.nih.gov/research/umls/rxnorm","code":"197434"}]},
         "dosageInstruction":[{"timing":{"repeat":{"frequency":1,"period":1,"periodUnit":"d","timeOfDay":["08:00:00"]}},
           "doseAndRate":[{"doseQuantity":{"value":1,"unit":"capsule","code":"{capsule}"}}]}]}
        """#

    @Test(
        "order → hub medication with its schedule → dose taken → pushed → portal adherence; stop → stopped; again → no change"
    )
    func orderRoundTrip() async throws {
        try await PortalHarness.with { portal async throws in
            let harness = portal.api
            let clinic = try await harness.clinic("North")
            let ada = try await harness.patient("9000000001", in: clinic)
            let code = try await harness.enrollmentCode(for: ada.id, clinic: clinic)
            let (directory, app, _) = try await HubSyncTests.hub(days: 2)
            defer { directory.remove() }
            let port = try #require(harness.client.port)
            _ = try await app.careTeam.connect(serverURL: "http://127.0.0.1:\(port)", code: code)

            let written = try await harness.send(
                .post,
                "/api/v1/patients/\(ada.id)/orders",
                token: clinic.clinicianToken,
                json: Self.calcitriol
            )
            #expect(written.status == .created, "\(written.text)")
            let identifier = try #require(written.object["id"] as? String)

            let first = try await app.careTeam.sync()
            #expect(first.orders?.added == ["calcitriol 0.25 microgram capsule"])
            let (_, listed) = try await app.medications.list(profile: nil)
            let ordered = try #require(listed.first { $0.order.id.uuidString.lowercased() == identifier })
            #expect(ordered.order.prescriber == .clinician("Clinician"))
            #expect(ordered.order.dosages.first?.timing?.timeOfDay == [LocalTime(wallClockMinutes: 8 * 60)])
            #expect(ordered.order.dosages.first?.dose == .quantity(1, .capsule))
            #expect(ordered.careTeam?.orderedBy == "Clinician")

            // A repeated pull changes nothing.
            let again = try await app.careTeam.sync()
            #expect(again.orders == CareTeamOrderChanges())
            #expect(try await app.medications.list(profile: nil).1.map(\.order) == listed.map(\.order))

            // A dose taken on the hub is pushed and shows in the portal's adherence.
            _ = try await app.doses.take("calcitriol 0.25 microgram capsule", profile: nil)
            let pushed = try await app.careTeam.sync()
            #expect(pushed.sentByKind["dose"] == 1)
            let tallies = try await harness.server.store.doseTallies(patientID: Int64(ada.id), now: Date())
            #expect(tallies.map(\.medication) == ["calcitriol 0.25 microgram capsule"])
            #expect(tallies.first?.taken7 == 1 && tallies.first?.taken30 == 1 && tallies.first?.notTaken30 == 0)
            let (cookie, _) = try await portal.signIn("clinician-North", "clinic1234")
            let page = try await portal.get("/portal/patients/\(ada.id)", cookie: cookie)
            #expect(page.status == .ok)
            #expect(page.text.contains(#"<table id="adherence">"#))
            #expect(
                page.text.contains("<tr><th scope=\"row\">calcitriol 0.25 microgram capsule</th><td>1</td><td>0</td>")
            )

            // The patient changes her dose herself; then the clinic stops the order: it stops, her dose stays.
            _ = try await app.medications.edit(identifier, profile: nil) {
                $0.dosages[0].dose = .quantity(2, .capsule)
            }
            let stopped = try await harness.send(
                .post,
                "/api/v1/patients/\(ada.id)/orders/\(identifier)/stop",
                token: clinic.clinicianToken
            )
            #expect(stopped.status == .ok)
            let stopReport = try await app.careTeam.sync()
            #expect(stopReport.orders?.stopped == ["calcitriol 0.25 microgram capsule"])
            let (_, after) = try await app.medications.show(identifier, profile: nil)
            #expect(after.order.status == .stopped)
            #expect(after.order.dosages.first?.dose == .quantity(2, .capsule))
            let last = try await app.careTeam.sync()
            #expect(last.orders == CareTeamOrderChanges())
            #expect(try await app.medications.show(identifier, profile: nil).1.order == after.order)
        }
    }

    @Test("the server down and nothing to push: the pull fails after its retries, named, and nothing pulled is lost")
    func pullWhileServerDown() async throws {
        try await CareHarness.with { harness async throws in
            let clinic = try await harness.clinic("North")
            let ada = try await harness.patient("9000000001", in: clinic)
            let questionnaireID = try await QuestionnaireTests.symptomCheckID(harness, token: clinic.clinicianToken)
            let assigned = try await harness.send(
                .post,
                "/api/v1/patients/\(ada.id)/questionnaires",
                token: clinic.clinicianToken,
                json: #"{"questionnaire":\#(questionnaireID)}"#
            )
            #expect(assigned.status == .created, "\(assigned.text)")
            let written = try await harness.send(
                .post,
                "/api/v1/patients/\(ada.id)/orders",
                token: clinic.clinicianToken,
                json: Self.calcitriol
            )
            let identifier = try #require(written.object["id"] as? String)
            let code = try await harness.enrollmentCode(for: ada.id, clinic: clinic)
            let (directory, app, _) = try await HubSyncTests.hub(days: 1)
            defer { directory.remove() }
            let database = harness.server.configuration.databaseURL
            let first = try await RunningCareServer.start(database: database)
            _ = try await app.careTeam.connect(serverURL: "http://127.0.0.1:\(first.port)", code: code)
            let synced = try await app.careTeam.sync()
            #expect(synced.orders?.added == ["calcitriol 0.25 microgram capsule"] && synced.questionnaires == 1)
            try await first.stop()

            // Nothing is left to push, so the first request is the orders pull: it fails after every attempt, as
            // the questionnaire pull and every push would (one retried request, `exchange`), and says so.
            let offline = CareTeamSyncOptions(
                attempts: 3,
                initialBackoff: .milliseconds(20),
                // A stopped server on this machine refuses at once; each attempt ends after this.
                connectTimeout: .seconds(1)
            )
            do {
                _ = try await app.careTeam.sync(options: offline)
                Issue.record("a sync to a stopped server succeeded")
            } catch CareTeamError.pullFailed(let kind, let reason, let acknowledged, let attempts) {
                #expect(kind == "orders" && acknowledged == 0 && attempts == 3)
                #expect(reason.hasPrefix("no answer"), "\(reason)")
            }
            #expect(try await app.careTeam.status().lastError?.hasPrefix("pulling orders: no answer") == true)
            // What was pulled before stays: the ordered medication and the assigned questionnaire.
            let (_, medications) = try await app.medications.list(profile: nil)
            #expect(medications.contains { $0.order.id.uuidString.lowercased() == identifier })
            let forms = try await app.questionnaires.list()
            #expect(forms.count == 1)

            // Answered offline: now there is something to push, and that push fails first, the answer kept.
            let form = try #require(forms.first?.form)
            let ratings = Dictionary(uniqueKeysWithValues: QuestionnaireTests.symptoms.map { ($0, "1") })
            _ = try await app.questionnaires.answer(assignmentId: form.assignmentId, ratings)
            do {
                _ = try await app.careTeam.sync(options: offline)
                Issue.record("a sync to a stopped server succeeded")
            } catch CareTeamError.pushFailed(_, let acknowledged, let attempts) {
                #expect(acknowledged == 0 && attempts == 3)
            }
            #expect(
                try await app.careTeam.status().lastError?.hasPrefix("pushing questionnaire answers: no answer") == true
            )

            // Meanwhile the clinic stopped the order; the server is back on the same address: the answer goes up
            // once, the stop comes down, the questionnaire is still assigned, and the failure note is gone.
            let stopped = try await harness.send(
                .post,
                "/api/v1/patients/\(ada.id)/orders/\(identifier)/stop",
                token: clinic.clinicianToken
            )
            #expect(stopped.status == .ok)
            let second = try await RunningCareServer.start(database: database, port: first.port)
            let back = try await app.careTeam.sync()
            try await second.stop()
            #expect(back.sentByKind["questionnaire-response"] == 1 && back.created == 1)
            #expect(back.orders?.stopped == ["calcitriol 0.25 microgram capsule"] && back.questionnaires == 1)
            #expect(try await QuestionnaireTests.storedAnswers(harness.server.store, patient: ada.id) == [10])
            #expect(try await app.careTeam.status().lastError == nil)
        }
    }
}
