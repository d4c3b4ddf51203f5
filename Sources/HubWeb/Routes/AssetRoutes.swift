import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices
import Hummingbird
import NIOCore

/// The app's own script and stylesheet.
enum AssetRoutes {
    static func register(on router: Router<WebContext>) {
        router.get("/assets/app.js") { _, _ in asset(AppScript.source, type: "text/javascript; charset=utf-8") }
        router.get("/assets/app.css") { _, _ in asset(AppStyle.source, type: "text/css; charset=utf-8") }
    }

    private static func asset(_ text: String, type: String) -> Response {
        Response(
            status: .ok,
            headers: [.contentType: type, .cacheControl: "max-age=300"],
            body: .init(byteBuffer: ByteBuffer(string: text))
        )
    }
}
