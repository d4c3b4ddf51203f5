import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// The care-team server's HTTP API as the hub speaks it: one JSON POST, its status and body. AsyncHTTPClient
/// (already built for the test client, so it costs no build time) on NIO's shared event loop group: timeouts and
/// TLS through swift-nio-ssl, the same stack as the server, rather than FoundationNetworking's libcurl. One client
/// per run (`with`), shut down at its end: a Bundle after another reuses the connection, and no idle connection
/// outlives the run (a server's graceful shutdown would wait for it).
struct CareTeamHTTP: Sendable {
    let client: HTTPClient

    /// Runs `body` with a client of its own, shut down when it returns or throws. The client keeps trying to
    /// connect to a server that refuses until `connectTimeout` has passed: that bounds one attempt at a server
    /// that is down.
    static func with<T>(
        connectTimeout: Duration = .seconds(10),
        _ body: (CareTeamHTTP) async throws(CareTeamError) -> T
    ) async throws(CareTeamError) -> T {
        var configuration = HTTPClient.Configuration()
        configuration.timeout = .init(connect: .milliseconds(milliseconds(connectTimeout)), read: nil)
        do {
            return try await HTTPClient.withHTTPClient(configuration: configuration) { client in
                try await body(CareTeamHTTP(client: client))
            }
        } catch let error as CareTeamError {
            throw error
        } catch {
            // Only the client's shutdown throws anything else.
            throw .unreachable(String(describing: error))
        }
    }

    /// An answer: its status and its body.
    struct Answer: Sendable {
        var status: Int
        var body: Data
        /// The body as a JSON object, if it is one.
        var object: [String: Any]? { try? JSONSerialization.jsonObject(with: body) as? [String: Any] }
        /// RFC 9457's `detail` (with the named fields), or the body's start.
        var detail: String {
            guard let object else { return String(decoding: body.prefix(300), as: UTF8.self) }
            var text = object["detail"] as? String ?? "no detail"
            if let errors = object["errors"] as? [[String: Any]], !errors.isEmpty, text.isEmpty {
                text = errors.compactMap { $0["pointer"] as? String }.joined(separator: ", ")
            }
            return text
        }
    }

    /// The largest answer read (a transaction-response of 1,000 entries is about 70 kB).
    static let maximumAnswerBytes = 4 * 1024 * 1024

    /// POSTs `body` to `url`; throws only when no answer came (connection refused, timeout, TLS).
    func post(
        _ url: String,
        body: Data,
        contentType: String,
        token: String? = nil,
        timeout: Duration
    ) async throws -> Answer {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: contentType)
        request.headers.add(name: "Accept", value: "application/fhir+json, application/json")
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        request.body = .bytes(ByteBuffer(bytes: body))
        let response = try await client.execute(request, timeout: .milliseconds(Self.milliseconds(timeout)))
        var collected = try await response.body.collect(upTo: Self.maximumAnswerBytes)
        let bytes = collected.readBytes(length: collected.readableBytes) ?? []
        return Answer(status: Int(response.status.code), body: Data(bytes))
    }

    /// GETs `url`; throws only when no answer came.
    func get(_ url: String, token: String, timeout: Duration) async throws -> Answer {
        var request = HTTPClientRequest(url: url)
        request.method = .GET
        request.headers.add(name: "Accept", value: "application/json")
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        let response = try await client.execute(request, timeout: .milliseconds(Self.milliseconds(timeout)))
        var collected = try await response.body.collect(upTo: Self.maximumAnswerBytes)
        let bytes = collected.readBytes(length: collected.readableBytes) ?? []
        return Answer(status: Int(response.status.code), body: Data(bytes))
    }

    static func milliseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    }
}
