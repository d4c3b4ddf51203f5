import CareServer
import CareServerStore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import TestSupport

/// A care-team server running in process on a throwaway cluster, and a client that speaks to it.
struct CareHarness: Sendable {
    /// One answer: its status and body.
    struct Answer {
        let status: HTTPResponse.Status
        let text: String
        var json: Any? { try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) }
        var object: [String: Any] { json as? [String: Any] ?? [:] }
        var array: [[String: Any]] { json as? [[String: Any]] ?? [] }
        /// The JSON pointers a problem details answer names in `errors`.
        var pointers: [String] { (object["errors"] as? [[String: Any]] ?? []).compactMap { $0["pointer"] as? String } }
        /// A problem details answer's `detail`.
        var detail: String { object["detail"] as? String ?? "" }
    }

    let client: any TestClientProtocol
    let server: CareServer

    /// Runs `body` against a new server on a fresh database in the suite's cluster (`@Suite(.throwawayCluster)`).
    static func with(
        configure: (inout CareServerConfiguration) -> Void = { _ in },
        _ body: @escaping @Sendable (CareHarness) async throws -> Void
    ) async throws {
        var configuration = CareServerConfiguration(
            databaseURL: try await SuiteCluster.freshDatabase(),
            tokenSecret: Array(repeating: 7, count: 32)
        )
        configuration.port = 0
        configure(&configuration)
        var logger = Logger(label: "care-server-tests")
        logger.logLevel = .warning
        let server = CareServer(configuration: configuration, logger: logger)
        let app = try server.makeApplication()
        try await within(testLimit, "the test's body against its in-process care-team server") {
            try await app.test(.live) { client in
                try await body(CareHarness(client: client, server: server))
            }
        }
    }

    /// The longest a test against the server may take: the year drill takes about a minute on a loaded 2-core
    /// machine, so ten is a hang, which then fails its test instead of stopping the whole run.
    static let testLimit = Duration.seconds(600)

    /// Sends a request; `json` is sent as `application/json` text exactly as given.
    func send(
        _ method: HTTPRequest.Method,
        _ path: String,
        token: String? = nil,
        json: String? = nil,
        headers extra: HTTPFields = [:]
    ) async throws -> Answer {
        var headers = extra
        if let token { headers[.authorization] = "Token \(token)" }
        if json != nil && headers[.contentType] == nil { headers[.contentType] = "application/json" }
        let response = try await client.executeRequest(
            uri: path,
            method: method,
            headers: headers,
            body: json.map { ByteBuffer(string: $0) }
        )
        return Answer(status: response.status, text: String(buffer: response.body))
    }

    /// Signs in; the token.
    func signIn(_ username: String, _ password: String) async throws -> String {
        let answer = try await send(
            .post,
            "/get_auth_token/",
            json: #"{"username":"\#(username)","password":"\#(password)"}"#
        )
        guard answer.status == .ok, let token = answer.object["token"] as? String else {
            throw Unexpected(description: "sign-in of \(username) answered \(answer.status): \(answer.text)")
        }
        return token
    }

    /// A clinic with an administrator (signed in through the one-time link) and a clinician.
    func clinic(_ name: String) async throws -> Clinic {
        let link = try await server.firstAdministratorLink(clinicName: name, baseURL: "")
        let answer = try await send(.get, link)
        guard let admin = answer.object["token"] as? String else {
            throw Unexpected(description: "the one-time link answered \(answer.status): \(answer.text)")
        }
        let clinicianName = "clinician-\(name)"
        let created = try await send(
            .post,
            "/clinicians/",
            token: admin,
            json: #"{"username":"\#(clinicianName)","password":"clinic1234","first_name":"Clinician"}"#
        )
        guard created.status == .created else {
            throw Unexpected(description: "creating a clinician answered \(created.status): \(created.text)")
        }
        return Clinic(administratorToken: admin, clinicianToken: try await signIn(clinicianName, "clinic1234"))
    }

    /// A patient registered by the clinic's clinician, signed in.
    func patient(_ nhsNumber: String, in clinic: Clinic) async throws -> Patient {
        let answer = try await send(
            .post,
            "/patients/",
            token: clinic.clinicianToken,
            json:
                #"{"nhs_number":"\#(nhsNumber)","first_name":"Ada","password":"pass1234","drug_course_id":1,"month_of_treatment":2}"#
        )
        guard answer.status == .created, let id = answer.object["id"] as? Int else {
            throw Unexpected(description: "registering \(nhsNumber) answered \(answer.status): \(answer.text)")
        }
        return Patient(id: id, username: nhsNumber, token: try await signIn(nhsNumber, "pass1234"))
    }

    struct Clinic {
        let administratorToken: String
        let clinicianToken: String
    }

    struct Patient {
        let id: Int
        let username: String
        let token: String
    }

    struct Unexpected: Error, CustomStringConvertible {
        let description: String
    }
}

extension CareHarness {
    /// A one-time enrollment code for `patientID`, made by the clinic's clinician.
    func enrollmentCode(for patientID: Int, clinic: Clinic) async throws -> String {
        let answer = try await send(
            .post,
            "/api/v1/patients/\(patientID)/enrollment-codes",
            token: clinic.clinicianToken
        )
        guard answer.status == .created, let code = answer.object["code"] as? String else {
            throw Unexpected(description: "creating an enrollment code answered \(answer.status): \(answer.text)")
        }
        return code
    }

    /// A device token for `patientID`, through an enrollment code.
    func deviceToken(for patientID: Int, clinic: Clinic) async throws -> String {
        let code = try await enrollmentCode(for: patientID, clinic: clinic)
        let answer = try await send(.post, "/api/v1/enrollments", json: #"{"code":"\#(code)"}"#)
        guard answer.status == .created, let token = answer.object["token"] as? String else {
            throw Unexpected(description: "enrolling answered \(answer.status): \(answer.text)")
        }
        return token
    }
}
