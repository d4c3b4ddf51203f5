import Hummingbird
import NIOCore

/// An HTML page response.
func htmlResponse(_ html: String, status: HTTPResponse.Status = .ok) -> Response {
    Response(
        status: status,
        headers: [.contentType: "text/html; charset=utf-8"],
        body: .init(byteBuffer: ByteBuffer(string: html))
    )
}

/// 303 See Other to `path`: a form posted, the browser loads the page again with GET.
func seeOther(_ path: String) -> Response {
    Response(status: .seeOther, headers: [.location: path])
}
