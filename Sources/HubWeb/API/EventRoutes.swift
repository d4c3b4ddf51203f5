import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices
import Hummingbird
import Synchronization

/// Server-sent events at /api/v1/events for the session's profile, from when the stream opened: each notification
/// posted, as an event named `notification`, and each reading stored (its own or one nobody owns yet, by whatever
/// path, this process or another), as an event named `reading`. The stream ends when the server shuts down or after
/// `lifetime` (the browser's EventSource reconnects by itself).
struct EventRoutes {
    let web: WebApp
    let stopping: ShutdownFlag
    /// How often the store is asked for readings stored since the last look: a primary-key range read, cheap enough
    /// that a reading reaches an open Today page within 100 ms of its commit (the goal of issue 18).
    static let interval: Duration = .milliseconds(40)
    /// Notifications are read every this many looks (every 0.5 s): a notification list costs more than the reading
    /// check, and half a second is soon enough for an alert the post-commit work raises.
    static let notificationEvery = 12
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

    /// What the stream has seen: the notifications and the newest reading, and the looks so far.
    struct Seen: Sendable {
        var notifications: Set<Int64>
        var newestReading: Int64
        var looks = 0
    }

    func register(on router: Router<WebContext>) {
        router.get("/api/v1/events") { _, context in
            let profile = await web.profileName(context)
            let web = web
            let start = Seen(
                notifications: Set(
                    try await web.app.notifications.list(profile: profile, unreadOnly: false, limit: 200).map(\.id)
                ),
                newestReading: try await web.app.measurements.newestId()
            )
            return EventStream.response(
                startingFrom: start,
                interval: Self.interval,
                lifetime: Self.lifetime,
                stopping: stopping
            ) { seen in
                seen.looks += 1
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
                guard seen.looks % Self.notificationEvery == 0 else { return messages }
                let fresh = try await web.app.notifications.list(profile: profile, unreadOnly: false, limit: 50)
                    .filter { !seen.notifications.contains($0.id) }
                for note in fresh.sorted(by: { $0.id < $1.id }) {
                    seen.notifications.insert(note.id)
                    messages.append(
                        try EventStream.Message(
                            name: "notification",
                            id: note.id,
                            value: Event(id: note.id, title: note.title, body: note.body)
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
