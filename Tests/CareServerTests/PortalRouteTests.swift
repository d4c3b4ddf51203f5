import CareServer
import CareServerStore
import Foundation
import HTTPTypes
import PostgresNIO
import Testing

@Suite("Clinician portal routes", .throwawayCluster)
struct PortalRouteTests {
    @Test("sign-in: a CSRF-checked form, an HttpOnly SameSite=Strict session, a CSP without script; sign-out ends it")
    func signInAndOut() async throws {
        try await PortalHarness.with { portal async throws in
            _ = try await portal.api.clinic("North")
            let form = try await portal.get("/portal/sign-in")
            #expect(form.status == .ok)
            let policy = form.headers[.contentSecurityPolicy] ?? ""
            #expect(
                policy.contains("default-src 'none'") && !policy.contains("script-src") && !policy.contains("unsafe")
            )
            #expect(!form.text.contains("<script"))
            let csrfCookie = try require2(form.cookies["kh_portal_csrf"], "no CSRF cookie")
            #expect(csrfCookie.header.contains("HttpOnly") && csrfCookie.header.contains("SameSite=Strict"))

            // Without the form's token, or with another one, nobody signs in.
            let forged = try await portal.post(
                "/portal/sign-in",
                cookie: "kh_portal_csrf=\(csrfCookie.value)",
                form: ["csrf": "0123", "username": "clinician-North", "password": "clinic1234"]
            )
            #expect(forged.status == .forbidden)
            #expect(forged.cookies["kh_portal_session"] == nil)

            let wrong = try await portal.signIn("clinician-North", "wrong")
            #expect(wrong.page.status == .badRequest && wrong.cookie == nil)
            #expect(wrong.page.text.contains("The username or password is wrong."))

            let (cookie, answer) = try await portal.signIn("clinician-North", "clinic1234")
            #expect(answer.status == .seeOther)
            #expect(answer.headers[.location] == "/portal/patients")
            let session = try require2(answer.cookies["kh_portal_session"], "no session cookie")
            #expect(session.header.contains("HttpOnly") && session.header.contains("SameSite=Strict"))
            #expect(session.header.contains("Path=/portal"))
            #expect(!session.header.contains("Secure"))  // no TLS in this test; the gate adds it under TLS
            let list = try await portal.get("/portal/patients", cookie: cookie)
            #expect(list.status == .ok)
            let signOutToken = try require2(list.csrf, "the page has no sign-out token")

            #expect(
                try await portal.post("/portal/sign-out", cookie: cookie, form: ["csrf": "nope"]).status == .forbidden
            )
            let out = try await portal.post("/portal/sign-out", cookie: cookie, form: ["csrf": signOutToken])
            #expect(out.status == .seeOther && out.headers[.location] == "/portal/sign-in")
            let after = try await portal.get("/portal/patients", cookie: cookie)
            #expect(after.status == .seeOther && after.headers[.location] == "/portal/sign-in")
            #expect(try await portal.get("/portal/patients").status == .seeOther)
        }
    }

    @Test("doses marked as not taken in the last week, pushed as a hub does, flag the patient; older ones do not")
    func missedDosesAfterASync() async throws {
        try await PortalHarness.with { portal async throws in
            let north = try await portal.api.clinic("North")
            let ana = try await portal.api.patient("9000000001", in: north)
            let bo = try await portal.api.patient("9000000002", in: north)
            let now = Date()
            try await portal.pushDoses(
                [
                    ("d1", "not-done", now.addingTimeInterval(-2 * 86_400)),
                    ("d2", "completed", now.addingTimeInterval(-86_400)),
                ],
                patientID: ana.id,
                clinic: north
            )
            // Bo's only dose not taken is ten days old: outside the week.
            try await portal.pushDoses(
                [("d3", "not-done", now.addingTimeInterval(-10 * 86_400))],
                patientID: bo.id,
                clinic: north
            )
            let (cookie, _) = try await portal.signIn("clinician-North", "clinic1234")
            let list = try await portal.get("/portal/patients", cookie: cookie)
            let anaRow = try require2(Self.row(of: ana.id, in: list.text), "Ana is not listed")
            #expect(anaRow.contains(#"data-flag="missed-doses""#))
            #expect(anaRow.contains("1 dose marked as not taken in the last 7 days"))
            let boRow = try require2(Self.row(of: bo.id, in: list.text), "Bo is not listed")
            #expect(!boRow.contains("missed-doses"))
        }
    }

    @Test("a patient flagged for a 4.5 % gain after a sync; her page has charts with titles and tables; reads audited")
    func flaggedPatientAndPage() async throws {
        try await PortalHarness.with { portal async throws in
            let north = try await portal.api.clinic("North")
            let ana = try await portal.api.patient("9000000001", in: north)
            let bo = try await portal.api.patient("9000000002", in: north)
            let now = Date()
            try await portal.pushWeights(
                [
                    ("w1", 70.0, "post", now.addingTimeInterval(-2 * 86_400)),
                    ("w2", 73.15, "pre", now.addingTimeInterval(-3600)),
                ],
                patientID: ana.id,
                clinic: north
            )
            let (cookie, _) = try await portal.signIn("clinician-North", "clinic1234")
            let list = try await portal.get("/portal/patients?sort=gain", cookie: cookie)
            #expect(list.status == .ok)
            let anaRow = try require2(Self.row(of: ana.id, in: list.text), "Ana is not listed")
            #expect(anaRow.contains(#"data-flag="weight-gain""#))
            #expect(anaRow.contains("4.5 %"))
            let boRow = try require2(Self.row(of: bo.id, in: list.text), "Bo is not listed")
            #expect(!boRow.contains("weight-gain") && boRow.contains("No data yet"))
            // Sorted by gain: Ana, with one, comes before Bo, without.
            let anaAt = try require2(list.text.range(of: #"data-patient="\#(ana.id)""#), "no Ana").lowerBound
            let boAt = try require2(list.text.range(of: #"data-patient="\#(bo.id)""#), "no Bo").lowerBound
            #expect(anaAt < boAt)

            let page = try await portal.get("/portal/patients/\(ana.id)", cookie: cookie)
            #expect(page.status == .ok)
            #expect(page.text.contains(#"data-flag="weight-gain""#))
            #expect(
                page.text.contains(#"<svg id="chart-weight""#)
                    && page.text.contains(#"<title id="chart-weight-title">"#)
            )
            #expect(page.text.contains(#"<desc id="chart-weight-desc">"#))
            #expect(page.text.contains(#"<table id="table-gain">"#) && page.text.contains("<td>4.5</td>"))

            await portal.api.server.auditRecorder.flush()
            let rows = try await portal.api.server.store.client.query(
                """
                SELECT resource FROM audit_event
                WHERE action = 'read' AND patient_id = \(Int64(ana.id)) AND actor_role = 'clinician'
                """
            )
            var resources = Set<String>()
            for try await resource in rows.decode(String.self) { resources.insert(resource) }
            #expect(resources.isSuperset(of: ["portal_flags", "readings", "labs", "symptom_lists"]))
        }
    }

    @Test("another clinic's patient answers 404; a patient's or caregiver's account answers 403")
    func permissions() async throws {
        try await PortalHarness.with { portal async throws in
            let north = try await portal.api.clinic("North")
            let south = try await portal.api.clinic("South")
            let ana = try await portal.api.patient("9000000001", in: north)
            let cy = try await portal.api.patient("9000000003", in: south)
            let (cookie, _) = try await portal.signIn("clinician-North", "clinic1234")

            let other = try await portal.get("/portal/patients/\(cy.id)", cookie: cookie)
            #expect(other.status == .notFound)
            #expect(!other.text.contains("9000000003"))
            #expect(try await portal.get("/portal/patients/999999", cookie: cookie).status == .notFound)
            let list = try await portal.get("/portal/patients", cookie: cookie)
            #expect(Self.row(of: ana.id, in: list.text) != nil && Self.row(of: cy.id, in: list.text) == nil)

            // A patient signs in with the right password: refused, and no session is set.
            let patient = try await portal.signIn("9000000001", "pass1234")
            #expect(patient.page.status == .forbidden && patient.cookie == nil)
            // Her token as a session cookie is refused on every page.
            let asPatient = "kh_portal_session=\(ana.token)"
            #expect(try await portal.get("/portal/patients", cookie: asPatient).status == .forbidden)
            #expect(try await portal.get("/portal/patients/\(ana.id)", cookie: asPatient).status == .forbidden)

            let created = try await portal.api.send(
                .post,
                "/patients/\(ana.id)/caregivers/",
                token: ana.token,
                json: #"{"username":"carer-ana","password":"care1234","first_name":"Carer"}"#
            )
            #expect(created.status == .created)
            let caregiver = try await portal.signIn("carer-ana", "care1234")
            #expect(caregiver.page.status == .forbidden && caregiver.cookie == nil)
            let carerToken = try await portal.api.signIn("carer-ana", "care1234")
            let asCarer = "kh_portal_session=\(carerToken)"
            #expect(try await portal.get("/portal/patients/\(ana.id)", cookie: asCarer).status == .forbidden)
        }
    }

    /// The list's table row of patient `id`.
    static func row(of id: Int, in html: String) -> String? {
        guard let start = html.range(of: #"<tr data-patient="\#(id)">"#) else { return nil }
        guard let end = html.range(of: "</tr>", range: start.upperBound..<html.endIndex) else { return nil }
        return String(html[start.lowerBound..<end.upperBound])
    }
}
