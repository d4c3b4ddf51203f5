import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices
import Hummingbird
import Synchronization

/// Server-sent events at /api/v1/events for the session's profile, from when the stream opened: each notification
/// posted, as an event named `notification`, and each reading of the profile stored (or one nobody owns, while the
/// store has that one profile), by whatever path, this process or another, as an event named `reading`. Readings this
/// process commits are pushed (`ReadingArrivals`, told by the post-commit work); a look every `tick` finds those
/// another process stored (a `kidneyhub import` beside `serve`) and the notifications. The stream ends when the server
/// shuts down or after `lifetime` (the browser's EventSource reconnects by itself).
struct EventRoutes {
    let web: WebApp
    let stopping: ShutdownFlag
    /// How often the stream looks without a push: for readings another process stored, and for notifications (an
    /// alert the post-commit work raises comes about a second after its reading, soon enough for a feed).
    static let tick: Duration = .seconds(1)
    static let lifetime: Duration = .seconds(300)

    struct Event: Encodable {
        var id: Int64
        var title: String
        var body: String
    }

    /// The newest reading of a look, the number that arrived with it and when the earliest of them was stored.
    struct Reading: Encodable {
        var id: Int64
        var kind: String
        var count: Int
        var receivedAtMs: Int64
    }

    /// What the stream has seen: the notifications and the newest reading.
    struct Seen: Sendable {
        var notifications: Set<Int64>
        var newestReading: Int64
    }

    func register(on router: Router<WebContext>) {
        router.get("/api/v1/events") { _, context in
            let profile = await web.profileName(context)
            // A notification is written in the language of the page that opened the stream.
            let language = await web.language()
            let web = web
            let start = Seen(
                notifications: Set(
                    try await web.app.notifications.list(profile: profile, unreadOnly: false, limit: 200).map(\.id)
                ),
                newestReading: try await web.app.measurements.newestId()
            )
            return EventStream.response(
                startingFrom: start,
                wakes: EventStream.wakes(every: Self.tick, pushes: web.app.readingArrivals.stream()),
                lifetime: Self.lifetime,
                stopping: stopping
            ) { seen in
                var messages: [EventStream.Message] = []
                // One event per look however many arrived (an import stores thousands): the newest reading, how many
                // came with it, and the earliest of their commit times.
                let arrived = try await web.app.measurements.arrived(
                    afterId: seen.newestReading,
                    profile: profile,
                    limit: 1000
                )
                if let newest = arrived.last {
                    seen.newestReading = newest.id
                    let event = Reading(
                        id: newest.id,
                        kind: newest.kind,
                        count: arrived.count,
                        receivedAtMs: arrived.map(\.receivedAtMs).min() ?? newest.receivedAtMs
                    )
                    messages.append(try EventStream.Message(name: "reading", id: "r\(newest.id)", value: event))
                }
                let fresh = try await web.app.notifications.list(profile: profile, unreadOnly: false, limit: 50)
                    .filter { !seen.notifications.contains($0.id) }
                for note in fresh.sorted(by: { $0.id < $1.id }) {
                    seen.notifications.insert(note.id)
                    let (title, body) = language.notification(note)
                    messages.append(
                        try EventStream.Message(
                            name: "notification",
                            id: note.id,
                            value: Event(id: note.id, title: title, body: body)
                        )
                    )
                }
                return messages
            }
        }
    }
}

/// Set once the server begins its graceful shutdown, so long-lived streams end and do not hold it back.
final class ShutdownFlag: Sendable {
    private let value = Mutex(false)
    var isSet: Bool { value.withLock { $0 } }
    func set() { value.withLock { $0 = true } }
}
