import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices
import Hummingbird
import NIOCore

/// An RFC 9457 problem detail: what went wrong, for a program, naming the field when one is at fault.
struct Problem: Encodable, Sendable {
    var type: String = "about:blank"
    var title: String
    var status: Int
    var detail: String?
    /// The request field at fault (a form field, a query parameter, a header), when one is.
    var field: String?

    init(status: HTTPResponse.Status, title: String, detail: String? = nil, field: String? = nil) {
        self.title = title
        self.status = status.code
        self.detail = detail
        self.field = field
    }

    /// The problem as an `application/problem+json` response.
    func response() -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = (try? encoder.encode(self)) ?? Data("{\"title\":\"error\"}".utf8)
        return Response(
            status: HTTPResponse.Status(code: status),
            headers: [.contentType: "application/problem+json"],
            body: .init(byteBuffer: ByteBuffer(bytes: data))
        )
    }
}
