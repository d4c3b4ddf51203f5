import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices
import Hummingbird
import NIOCore
import Synchronization

/// Server-sent events at /api/v1/events: each notification posted for the session's profile after the stream opened,
/// as an event named `notification`. The stream ends when the server shuts down or after `lifetime` (the browser's
/// EventSource reconnects by itself).
struct EventRoutes {
    let web: WebApp
    let stopping: ShutdownFlag
    /// How often the feed is read for new notifications.
    static let interval: Duration = .milliseconds(500)
    static let lifetime: Duration = .seconds(300)

    struct Event: Encodable {
        var id: Int64
        var title: String
        var body: String
    }

    func register(on router: Router<WebContext>) {
        router.get("/api/v1/events") { _, context in
            let profile = await web.profileName(context)
            let web = web
            let stopping = stopping
            let known = Set(
                try await web.app.notifications.list(profile: profile, unreadOnly: false, limit: 200).map(\.id)
            )
            var headers = HTTPFields()
            headers[.contentType] = "text/event-stream"
            headers[.cacheControl] = "no-store"
            return Response(
                status: .ok,
                headers: headers,
                body: ResponseBody { writer in
                    var seen = known
                    let clock = ContinuousClock()
                    let end = clock.now.advanced(by: Self.lifetime)
                    try await writer.write(ByteBuffer(string: ": connected\n\n"))
                    while clock.now < end, !stopping.isSet, !Task.isCancelled {
                        try await Task.sleep(for: Self.interval)
                        let fresh = try await web.app.notifications.list(profile: profile, unreadOnly: false, limit: 50)
                            .filter { !seen.contains($0.id) }
                        for note in fresh.sorted(by: { $0.id < $1.id }) {
                            seen.insert(note.id)
                            let data = try JSONEncoder().encode(Event(id: note.id, title: note.title, body: note.body))
                            try await writer.write(
                                ByteBuffer(
                                    string:
                                        "event: notification\nid: \(note.id)\ndata: \(String(decoding: data, as: UTF8.self))\n\n"
                                )
                            )
                        }
                    }
                    try await writer.finish(nil)
                }
            )
        }
    }
}

/// Set once the server begins its graceful shutdown, so long-lived streams end and do not hold it back.
final class ShutdownFlag: Sendable {
    private let value = Mutex(false)
    var isSet: Bool { value.withLock { $0 } }
    func set() { value.withLock { $0 = true } }
}
