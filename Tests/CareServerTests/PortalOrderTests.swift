import CarePortal
import CareServer
import CareServerStore
import Foundation
import HTTPTypes
import Testing

/// The patient page's orders, doses and symptom score (issue 20 items 3 and 8): a clinician writes an order with
/// the form (CSRF), a refused field is named beside its input with the values kept, she stops an order; the
/// symptom score chart says how the score is made.
@Suite("Clinician portal orders, doses and symptom score", .throwawayCluster)
struct PortalOrderTests {
    @Test("the form writes an order, names a refused field, needs its CSRF token; the stop button stops it")
    func writeAndStop() async throws {
        try await PortalHarness.with { portal async throws in
            let clinic = try await portal.api.clinic("North")
            let ada = try await portal.api.patient("9000000001", in: clinic)
            for scale in [2, 5] {
                _ = try await portal.api.send(
                    .post,
                    "/sym/",
                    token: ada.token,
                    json: #"{"symptoms":[{"symptom_no":1,"scale":\#(scale)},{"symptom_no":4,"scale":3}]}"#
                )
            }
            let (cookie, _) = try await portal.signIn("clinician-North", "clinic1234")
            let page = try await portal.get("/portal/patients/\(ada.id)", cookie: cookie)
            let csrf = try #require(page.csrf)
            #expect(page.text.contains("Write an order") && page.text.contains("No medication order yet."))
            #expect(
                page.text.contains("sum of its symptoms&#39; severities") || page.text.contains("sum of its symptoms")
            )
            #expect(page.text.contains(#"<table id="table-symptom-score">"#))
            #expect(page.text.contains("<td>2</td><td>5</td></tr>") && page.text.contains("<td>2</td><td>8</td></tr>"))

            let path = "/portal/patients/\(ada.id)/orders"
            let form = [
                "csrf": csrf, "medication": "sevelamer carbonate 800 mg tablet", "dose": "1 tablet",
                "times": "3", "when": "C", "start": "2026-12-01",
            ]
            var forged = form
            forged["csrf"] = "0"
            #expect(try await portal.post(path, cookie: cookie, form: forged).status == .forbidden)
            let forgedAssignment = try await portal.post(
                "/portal/patients/\(ada.id)/questionnaires",
                cookie: cookie,
                form: ["csrf": "0"]
            )
            #expect(forgedAssignment.status == .forbidden && forgedAssignment.text.contains("Form expired"))
            let signedOut = try await portal.post(path, form: form)
            #expect(signedOut.status == .seeOther && signedOut.headers[.location] == "/portal/sign-in")

            var wrong = form
            wrong["dose"] = "1 spoonful"
            let refused = try await portal.post(path, cookie: cookie, form: wrong)
            #expect(refused.status == .badRequest)
            #expect(refused.text.contains(#"id="order-dose-error""#) && refused.text.contains("spoonful"))
            #expect(refused.text.contains(#"value="sevelamer carbonate 800 mg tablet""#))
            #expect(refused.text.contains(#"aria-invalid="true" aria-describedby="order-dose-error""#))

            let written = try await portal.post(path, cookie: cookie, form: form)
            #expect(written.status == .seeOther, "\(written.text)")
            let listed = try await portal.api.send(.get, "/api/v1/patients/\(ada.id)/orders", token: ada.token)
            let order = try #require(listed.array.first)
            let identifier = try #require(order["id"] as? String)
            let timing =
                ((order["dosageInstruction"] as? [[String: Any]])?.first?["timing"] as? [String: Any])?["repeat"]
                as? [String: Any]
            #expect(timing?["frequency"] as? Int == 3 && timing?["when"] as? [String] == ["C"])
            let shown = try await portal.get("/portal/patients/\(ada.id)", cookie: cookie)
            #expect(shown.text.contains(#"<tr data-order="\#(identifier)">"#))
            #expect(shown.text.contains("Stop sevelamer carbonate 800 mg tablet"))

            let stop = try await portal.post("\(path)/\(identifier)/stop", cookie: cookie, form: ["csrf": csrf])
            #expect(stop.status == .seeOther)
            let after = try await portal.api.send(.get, "/api/v1/patients/\(ada.id)/orders", token: ada.token)
            #expect(after.array.first?["status"] as? String == "stopped")
            // Another clinic's clinician can neither see nor stop it.
            let south = try await portal.api.clinic("South")
            _ = south
            let (southCookie, _) = try await portal.signIn("clinician-South", "clinic1234")
            let southPage = try await portal.get("/portal/patients/\(ada.id)", cookie: southCookie)
            let southCSRF = try #require(southPage.csrf)
            let southStop = try await portal.post(
                "\(path)/\(identifier)/stop",
                cookie: southCookie,
                form: ["csrf": southCSRF]
            )
            #expect(southStop.status == .notFound)
            let southWrite = try await portal.post(
                path,
                cookie: southCookie,
                form: form.merging(["csrf": southCSRF]) { $1 }
            )
            #expect(southWrite.status == .notFound)
        }
    }
}
