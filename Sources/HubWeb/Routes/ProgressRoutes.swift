import HubServices
import Hummingbird

/// Server-sent events at /devices/progress?token=T: each progress report an adapter sends under the token T
/// (`sync:<device id>` for a sync, `import` for an import) after the stream opened, as an event named `progress`.
/// The devices and import pages' script opens it before posting their form. Ends at shutdown or after `lifetime`.
struct ProgressRoutes {
    let web: WebApp
    /// How often the feed is read: a sync of a few records takes about a second, so a tenth shows its steps.
    static let interval: Duration = .milliseconds(100)
    static let lifetime: Duration = .seconds(600)

    struct Event: Encodable {
        var stage: String
        var done: Int?
        var total: Int?
        var percentage: Double?
    }

    func register(on router: Router<WebContext>) {
        router.get("/devices/progress") { request, _ in
            guard let token = request.uri.queryParameters["token"].map(String.init), !token.isEmpty else {
                return Problem(status: .badRequest, title: "Name the progress token", field: "token").response()
            }
            let web = web
            return EventStream.response(
                startingFrom: web.progress.latestSequence,
                wakes: EventStream.wakes(every: Self.interval),
                lifetime: Self.lifetime,
                stopping: web.stopping
            ) { seen in
                var messages: [EventStream.Message] = []
                for entry in web.progress.entries(after: seen) {
                    seen = entry.sequence
                    guard entry.token == token else { continue }
                    let event = Event(
                        stage: entry.stage.rawValue,
                        done: entry.done,
                        total: entry.total,
                        percentage: entry.percentage
                    )
                    messages.append(try EventStream.Message(name: "progress", id: entry.sequence, value: event))
                }
                return messages
            }
        }
    }
}
