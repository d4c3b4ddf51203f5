import CarePortal
import CareServer
import CareServerStore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import TestSupport

/// The care-team server with the clinician portal, in process on a fresh database of the suite's cluster, and a
/// client that speaks form posts and cookies to it (redirects are not followed, so tests see them).
struct PortalHarness: Sendable {
    let api: CareHarness

    static func with(_ body: @escaping @Sendable (PortalHarness) async throws -> Void) async throws {
        var configuration = CareServerConfiguration(
            databaseURL: try await SuiteCluster.freshDatabase(),
            tokenSecret: Array(repeating: 7, count: 32)
        )
        configuration.port = 0
        var logger = Logger(label: "care-portal-tests")
        logger.logLevel = .warning
        let server = CareServer(configuration: configuration, logger: logger)
        let app = try server.makeApplication(adding: ClinicianPortal.register)
        try await within(CareHarness.testLimit, "the test's body against its in-process portal") {
            try await app.test(.live) { client in
                try await body(PortalHarness(api: CareHarness(client: client, server: server)))
            }
        }
    }

    struct Page {
        let status: HTTPResponse.Status
        let headers: HTTPFields
        let text: String
        /// `name=value` of each `Set-Cookie`, by name, with the whole header.
        var cookies: [String: (value: String, header: String)] {
            var found: [String: (value: String, header: String)] = [:]
            for header in headers[values: .setCookie] {
                let pair = header.split(separator: ";")[0].split(separator: "=", maxSplits: 1)
                found[String(pair[0])] = (value: pair.count > 1 ? String(pair[1]) : "", header: header)
            }
            return found
        }
        /// The value of the first hidden `csrf` field.
        var csrf: String? {
            guard let range = text.range(of: #"name="csrf" value=""#) else { return nil }
            return String(text[range.upperBound...].prefix { $0 != "\"" })
        }
    }

    func get(_ path: String, cookie: String? = nil) async throws -> Page {
        try await send(.get, path, cookie: cookie, form: nil)
    }

    func post(_ path: String, cookie: String? = nil, form: [String: String]) async throws -> Page {
        try await send(.post, path, cookie: cookie, form: form)
    }

    private func send(_ method: HTTPRequest.Method, _ path: String, cookie: String?, form: [String: String]?)
        async throws -> Page
    {
        var headers = HTTPFields()
        if let cookie { headers[.cookie] = cookie }
        var body: ByteBuffer?
        if let form {
            headers[.contentType] = "application/x-www-form-urlencoded"
            let text = form.map { key, value in
                "\(key)=\(value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
            }.joined(separator: "&")
            body = ByteBuffer(string: text)
        }
        let response = try await api.client.executeRequest(uri: path, method: method, headers: headers, body: body)
        return Page(status: response.status, headers: response.headers, text: String(buffer: response.body))
    }

    /// Signs in through the form; the session cookie (`name=value`) on success, else the answer.
    func signIn(_ username: String, _ password: String) async throws -> (cookie: String?, page: Page) {
        let form = try await get("/portal/sign-in")
        let csrfCookie = try require2(form.cookies["kh_portal_csrf"]?.value, "the form set no CSRF cookie")
        let answer = try await post(
            "/portal/sign-in",
            cookie: "kh_portal_csrf=\(csrfCookie)",
            form: [
                "csrf": try require2(form.csrf, "the form has no CSRF field"), "username": username,
                "password": password,
            ]
        )
        return (answer.cookies["kh_portal_session"].map { "kh_portal_session=\($0.value)" }, answer)
    }

    /// Pushes weights tagged with their dialysis phase through `POST /api/v1/sync`, as a hub does.
    func pushWeights(
        _ weights: [(key: String, kilograms: Double, phase: String, at: Date)],
        patientID: Int,
        clinic: CareHarness.Clinic
    ) async throws {
        let device = try await api.deviceToken(for: patientID, clinic: clinic)
        let entries = weights.map { weight -> [String: Any] in
            var entry = SyncBundles.weight(
                weight.key,
                kilograms: weight.kilograms,
                at: weight.at.formatted(.iso8601),
                patient: "Patient/\(patientID)"
            )
            var resource = entry["resource"] as? [String: Any] ?? [:]
            resource["extension"] = [
                ["url": PortalCodes.dialysisPhaseExtension, "valueCode": weight.phase]
            ]
            entry["resource"] = resource
            return entry
        }
        let answer = try await api.send(
            .post,
            "/api/v1/sync",
            json: try SyncBundles.transaction(entries),
            headers: [.authorization: "Bearer \(device)"]
        )
        guard answer.status == .ok else {
            throw CareHarness.Unexpected(description: "the sync answered \(answer.status): \(answer.text)")
        }
    }
}

extension PortalHarness {
    /// Pushes `doses` (key, FHIR status, when) for patient `patientID` through `POST /api/v1/sync`, as her hub would.
    func pushDoses(_ doses: [(key: String, status: String, at: Date)], patientID: Int, clinic: CareHarness.Clinic)
        async throws
    {
        let device = try await api.deviceToken(for: patientID, clinic: clinic)
        let entries = doses.map {
            SyncBundles.dose($0.key, status: $0.status, at: $0.at.formatted(.iso8601), patient: "Patient/\(patientID)")
        }
        let answer = try await api.send(
            .post,
            "/api/v1/sync",
            json: try SyncBundles.transaction(entries),
            headers: [.authorization: "Bearer \(device)"]
        )
        guard answer.status == .ok else {
            throw CareHarness.Unexpected(description: "the sync answered \(answer.status): \(answer.text)")
        }
    }
}

/// `value`, or an error saying `what` is missing.
func require2<T>(_ value: T?, _ what: String) throws -> T {
    guard let value else { throw CareHarness.Unexpected(description: what) }
    return value
}
