import Foundation
import Hummingbird
import NIOCore

/// A server-sent event stream (text/event-stream) that looks for news: the one loop behind the notification and
/// reading events and the devices' progress events. It opens with a comment line (so the browser's EventSource fires
/// `open` at once), then at each wake-up (a tick, or a push of what was just stored) asks `poll` for what is new
/// since the state it left, and ends when the server shuts down, the client goes away or after `lifetime`
/// (EventSource reconnects by itself).
enum EventStream {
    /// One event: its name (the EventSource listener's), its id and its data as one line of JSON.
    struct Message: Sendable {
        var name: String
        var id: String
        var data: String

        /// An event whose data is `value` encoded as JSON.
        init(name: String, id: some CustomStringConvertible, value: some Encodable) throws {
            self.name = name
            self.id = id.description
            self.data = String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
        }

        /// The event in the text/event-stream format, ending with its blank line.
        var text: String { "event: \(name)\nid: \(id)\ndata: \(data)\n\n" }
    }

    /// The streaming response: each element of `wakes` (a push, or a tick from `wakes(every:pushes:)` so the stream
    /// also sees the lifetime end and what nobody pushed) runs `poll` once, which gets the state (what was seen so
    /// far), returns the new messages and updates the state. The stream ends with the lifetime, the shutdown, the
    /// client, or `wakes` finishing.
    static func response<State: Sendable>(
        startingFrom start: State,
        wakes: AsyncStream<Void>,
        lifetime: Duration,
        stopping: ShutdownFlag,
        poll: @escaping @Sendable (inout State) async throws -> [Message]
    ) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream"
        headers[.cacheControl] = "no-store"
        return Response(
            status: .ok,
            headers: headers,
            body: ResponseBody { writer in
                var state = start
                let clock = ContinuousClock()
                let end = clock.now.advanced(by: lifetime)
                try await writer.write(ByteBuffer(string: ": connected\n\n"))
                for await _ in wakes {
                    guard clock.now < end, !stopping.isSet, !Task.isCancelled else { break }
                    let messages = try await poll(&state)
                    guard !messages.isEmpty else { continue }
                    try await writer.write(ByteBuffer(string: messages.map(\.text).joined()))
                }
                try await writer.finish(nil)
            }
        )
    }

    /// Wake-ups for `response`: each push of `pushes` at once, and a tick every `interval`; the feeding tasks end
    /// when the stream is dropped (its response ended).
    static func wakes(every interval: Duration, pushes: AsyncStream<Void>? = nil) -> AsyncStream<Void> {
        let (wakes, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let forwarding = Task {
            guard let pushes else { return }
            for await _ in pushes { wake.yield() }
        }
        let ticking = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                wake.yield()
            }
        }
        wake.onTermination = { _ in
            forwarding.cancel()
            ticking.cancel()
        }
        return wakes
    }
}
