import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// JSON responses: one encoder for the server, keys in declaration order as the document's server prints them.
enum JSONResponse {
    static let encoder = JSONEncoder()

    static func make(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let data = try encoder.encode(value)
        return Response(
            status: status,
            headers: [.contentType: "application/json"],
            body: .init(byteBuffer: ByteBuffer(bytes: data))
        )
    }
}
