import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

extension CareTeamHTTP {
    /// GETs `url` with the device token; throws only when no answer came (connection refused, timeout, TLS).
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
}
