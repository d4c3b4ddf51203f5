import CareServer
import CareServerStore
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The clinician portal under `/portal/` (issue 20 item 8): server-rendered pages, no script. Staff sign in with
/// the API's own password check and limits; the session cookie holds the account's token; every POST carries a
/// CSRF token; only clinicians pass the access check, and only for their clinic's patients (another clinic's
/// patient answers 404, a patient's or caregiver's session 403). Every read of patient data is audited.
package struct ClinicianPortal: Sendable {
    let gate: PortalGate
    /// How many days of trends the patient page draws.
    static let trendDays = 90
    /// How many lab results and symptom lists the patient page lists.
    static let listedLabs = 50
    static let listedSymptomLists = 20

    /// Adds the portal's routes to `router` (what `kidneyhub-server` passes to `CareServer.makeApplication`).
    package static func register(_ gate: PortalGate, on router: Router<CareRequestContext>) {
        let portal = ClinicianPortal(gate: gate)
        let group = router.group("portal").add(middleware: PortalHeadersMiddleware())
        group.get { request, _ in try await portal.home(request) }
        group.get("style.css") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "text/css; charset=utf-8", .cacheControl: "max-age=3600"],
                body: .init(byteBuffer: ByteBuffer(string: PortalStyle.css))
            )
        }
        group.get("sign-in") { _, _ in portal.signInForm(error: nil, status: .ok) }
        group.post("sign-in") { request, context in try await portal.signIn(request, context) }
        group.post("sign-out") { request, _ in try await portal.signOut(request) }
        group.get("patients") { request, context in try await portal.patientList(request, context) }
        group.get("patients/:id") { request, context in try await portal.patientPage(request, context) }
        registerOrders(portal, on: group)
        registerQuestionnaires(portal, on: group)
    }

    // MARK: - Sessions

    /// The signed-in account and its session token, or the answer to give instead (the sign-in page, or 403).
    enum Session {
        case signedIn(Principal, token: String)
        case answer(Response)
    }

    func session(_ request: Request) async throws -> Session {
        guard let token = PortalCookies.value(PortalCookies.session, in: request),
            let principal = try await gate.principal(token: token)
        else { return .answer(Self.redirect("/portal/sign-in")) }
        if let status = gate.refusal(principal, .usePortal) {
            return .answer(
                Self.html(
                    MessagePage.render(
                        title: "Not for this account",
                        message: "The portal is for the clinic's clinicians.",
                        csrf: gate.csrfToken(session: token)
                    ),
                    status: status
                )
            )
        }
        return .signedIn(principal, token: token)
    }

    /// The signed-in clinician and the session's CSRF token; throws the answer to give instead.
    func signedIn(_ request: Request) async throws -> (caller: Principal, csrf: String) {
        switch try await session(request) {
        case .answer(let response): throw PortalAnswer(answer: response)
        case .signedIn(let caller, let token): return (caller, gate.csrfToken(session: token))
        }
    }

    /// A signed-in clinician's posted form carrying the session's CSRF token; throws the answer to give instead
    /// (403 "Form expired" when the token is missing or another's).
    func signedInForm(_ request: Request) async throws -> (caller: Principal, csrf: String, form: PortalForm) {
        let (caller, csrf) = try await signedIn(request)
        let form = try await PortalForm(request)
        guard Self.same(form["csrf"], csrf) else {
            throw PortalAnswer(
                answer: Self.html(
                    MessagePage.render(
                        title: "Form expired",
                        message: "The form expired; reload the page and try again.",
                        csrf: csrf
                    ),
                    status: .forbidden
                )
            )
        }
        return (caller, csrf, form)
    }

    private func home(_ request: Request) async throws -> Response {
        switch try await session(request) {
        case .signedIn: Self.redirect("/portal/patients")
        case .answer(let response): response
        }
    }

    private func signInForm(error: String?, status: HTTPResponse.Status, username: String = "") -> Response {
        let csrf = Self.randomToken()
        var response = Self.html(SignInPage.render(csrf: csrf, error: error, username: username), status: status)
        response.headers.append(
            HTTPField(
                name: .setCookie,
                value: PortalCookies.set(PortalCookies.signInCSRF, csrf, maxAge: 3600, secure: gate.usesTLS)
            )
        )
        return response
    }

    private func signIn(_ request: Request, _ context: CareRequestContext) async throws -> Response {
        let form = try await PortalForm(request)
        guard let expected = PortalCookies.value(PortalCookies.signInCSRF, in: request), !expected.isEmpty,
            Self.same(form["csrf"], expected)
        else {
            return signInForm(error: "The form expired. Please sign in again.", status: .forbidden)
        }
        let username = form["username"]
        guard !username.isEmpty, !form["password"].isEmpty, username.utf8.count <= 150 else {
            return signInForm(error: "Enter your username and password.", status: .badRequest, username: username)
        }
        switch try await gate.signIn(username: username, password: form["password"], address: context.clientAddress) {
        case .throttled(let seconds):
            var response = signInForm(
                error: "Too many failed sign-ins. Try again in \(seconds) seconds.",
                status: .tooManyRequests,
                username: username
            )
            response.headers[.retryAfter] = String(seconds)
            return response
        case .wrongCredentials:
            return signInForm(
                error: "The username or password is wrong.",
                status: .badRequest,
                username: username
            )
        case .signedIn(let token, let principal):
            if let status = gate.refusal(principal, .usePortal) {
                return Self.html(
                    MessagePage.render(
                        title: "Not for this account",
                        message: "The portal is for the clinic's clinicians. Patients and caregivers use the "
                            + "KidneyHub app.",
                        csrf: nil
                    ),
                    status: status
                )
            }
            var response = Self.redirect("/portal/patients")
            response.headers.append(
                HTTPField(
                    name: .setCookie,
                    value: PortalCookies.set(
                        PortalCookies.session,
                        token,
                        maxAge: PortalCookies.sessionSeconds,
                        secure: gate.usesTLS
                    )
                )
            )
            response.headers.append(
                HTTPField(
                    name: .setCookie,
                    value: PortalCookies.set(PortalCookies.signInCSRF, "", maxAge: 0, secure: gate.usesTLS)
                )
            )
            return response
        }
    }

    private func signOut(_ request: Request) async throws -> Response {
        let form = try await PortalForm(request)
        guard let token = PortalCookies.value(PortalCookies.session, in: request),
            let principal = try await gate.principal(token: token)
        else { return Self.redirect("/portal/sign-in") }
        guard Self.same(form["csrf"], gate.csrfToken(session: token)) else {
            return Self.html(
                MessagePage.render(
                    title: "Form expired",
                    message: "The form expired; sign out again from a fresh page.",
                    csrf: nil
                ),
                status: .forbidden
            )
        }
        try await gate.signOut(accountID: principal.accountID)
        var response = Self.redirect("/portal/sign-in")
        response.headers.append(
            HTTPField(
                name: .setCookie,
                value: PortalCookies.set(PortalCookies.session, "", maxAge: 0, secure: gate.usesTLS)
            )
        )
        return response
    }

    // MARK: - Pages

    private func patientList(_ request: Request, _ context: CareRequestContext) async throws -> Response {
        let (caller, csrf) = try await signedIn(request)
        let sort = request.uri.queryParameters.get("sort").flatMap(PatientSort.init(rawValue:)) ?? .flags
        let now = Date()
        let overviews = try await gate.store.patientOverviews(
            clinicID: caller.clinicID,
            dosesSince: FlagRules.standard.dosesSince(now)
        )
        await gate.auditRead(caller, resource: "portal_patient_list", patientID: nil, address: context.clientAddress)
        let page = request.uri.queryParameters.get("page").flatMap { Int($0) } ?? 1
        let slice = PatientListSlice(of: sort.sorted(overviews.map { PatientRow($0, now: now) }), page: page)
        return Self.html(
            PatientListPage.render(slice, sort: sort, csrf: csrf, now: now)
        )
    }

    private func patientPage(_ request: Request, _ context: CareRequestContext) async throws -> Response {
        let (caller, csrf) = try await signedIn(request)
        let notFound = Self.html(
            MessagePage.render(title: "Not found", message: "There is no such patient in your clinic.", csrf: csrf),
            status: .notFound
        )
        guard let id = context.parameters.get("id", as: Int64.self),
            let patient = try await gate.store.account(id: id), patient.role == .patient
        else { return notFound }
        if let status = gate.refusal(caller, .readClinicPatient(patientClinicID: patient.clinicID)) {
            return status == .notFound
                ? notFound
                : Self.html(
                    MessagePage.render(title: "Not allowed", message: "You may not read this record.", csrf: csrf),
                    status: status
                )
        }
        let store = gate.store
        let since = Date().addingTimeInterval(-Double(Self.trendDays) * 86_400)
        let overview = try await store.patientOverviews(
            clinicID: caller.clinicID,
            onlyPatient: id,
            dosesSince: FlagRules.standard.dosesSince(Date())
        ).first
        let weights = try await store.portalReadings(patientID: id, codes: [PortalCodes.bodyWeight], since: since)
        let pressures = try await store.portalReadings(
            patientID: id,
            codes: [PortalCodes.bloodPressurePanel],
            since: since
        )
        let potassium = try await store.portalReadings(patientID: id, codes: PortalCodes.potassium, since: since)
        let labs = try await store.portalLabs(patientID: id, limit: Self.listedLabs)
        let allSymptomLists = try await store.symptomLists(patientID: id)
        let symptomLists = allSymptomLists.suffix(Self.listedSymptomLists).reversed()
        for resource in ["portal_flags", "readings", "labs", "symptom_lists"] {
            await gate.auditRead(caller, resource: resource, patientID: id, address: context.clientAddress)
        }
        let row = PatientRow(
            overview ?? PatientOverview(patientID: id, firstName: patient.firstName, username: patient.username),
            now: Date()
        )
        let care = try await careSections(
            patientID: id,
            symptomLists: allSymptomLists,
            caller: caller,
            csrf: csrf,
            address: context.clientAddress
        )
        return Self.html(
            PatientPage.render(
                PatientPage.Content(
                    row: row,
                    weights: weights,
                    pressures: pressures,
                    potassium: potassium,
                    labs: labs,
                    symptomLists: Array(symptomLists),
                    days: Self.trendDays,
                    rules: .standard,
                    careSections: care,
                    questionnaires: try await questionnaireSection(request, patientID: id, caller, context)
                ),
                csrf: csrf
            )
        )
    }

    // MARK: - Responses

    static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            headers: [.contentType: "text/html; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: text))
        )
    }

    static func redirect(_ location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location])
    }

    /// 256 random bits as hex, for the sign-in form's CSRF value.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max, using: &generator)) }
            .joined()
    }

    /// Compares two tokens in time that does not depend on where they differ.
    static func same(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        guard x.count == y.count, !x.isEmpty else { return false }
        return zip(x, y).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
