import AsyncHTTPClient
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NIOHTTP1
import ServiceLifecycle
import Synchronization
import TestSupport

/// A load balancer in front of several care-team server processes, as a clinic deploys them (the servers hold no
/// state; every one reaches the same database): each request goes to the next server in turn, and the balancer
/// counts how many each one answered. Only the hub's calls pass: enrollment, the push, the orders pull, the
/// questionnaire pull and the push of questionnaire answers.
struct RoundRobinBalancer: Sendable {
    /// The turn and the counts, shared by the request handlers.
    final class Tally: Sendable {
        let next = Atomic<Int>(0)
        let answered: Mutex<[Int]>
        init(servers: Int) { answered = Mutex(Array(repeating: 0, count: servers)) }
    }

    let port: Int
    private let tally: Tally
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    /// Requests each server answered, by position in the ports given.
    var answeredByServer: [Int] { tally.answered.withLock { $0 } }

    /// Starts a balancer on a free port in front of the servers listening on `ports` (on this machine).
    static func start(ports: [Int]) async throws -> RoundRobinBalancer {
        let tally = Tally(servers: ports.count)
        let router = Router()
        @Sendable func forward(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
            let index = tally.next.wrappingAdd(1, ordering: .relaxed).oldValue % ports.count
            // The path with its query (the orders pull's `?after=`), by the request's own method.
            var outgoing = HTTPClientRequest(url: "http://127.0.0.1:\(ports[index])\(request.uri)")
            outgoing.method = HTTPMethod(rawValue: request.method.rawValue)
            for field in request.headers where [.contentType, .authorization, .accept].contains(field.name) {
                outgoing.headers.add(name: field.name.rawName, value: field.value)
            }
            outgoing.body = .bytes(try await request.body.collect(upTo: 8 * 1024 * 1024))
            let response = try await HTTPClient.shared.execute(outgoing, timeout: .seconds(120))
            let body = try await response.body.collect(upTo: 8 * 1024 * 1024)
            tally.answered.withLock { $0[index] += 1 }
            var headers = HTTPFields()
            if let type = response.headers.first(name: "content-type") { headers[.contentType] = type }
            return Response(
                status: .init(code: Int(response.status.code)),
                headers: headers,
                body: .init(byteBuffer: body)
            )
        }
        router.post("/api/v1/sync", use: forward)
        router.post("/api/v1/enrollments", use: forward)
        router.get("/api/v1/sync/orders", use: forward)
        router.get("/api/v1/patients/:id/questionnaires", use: forward)
        router.post("/api/v1/patients/:id/questionnaire-responses", use: forward)
        let (bound, continuation) = AsyncStream<Int>.makeStream()
        var logger = Logger(label: "balancer")
        logger.logLevel = .critical
        let app = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in continuation.yield(channel.localAddress?.port ?? 0) },
            logger: logger
        )
        // Stopped gracefully, like the servers behind it (`RunningCareServer`); the stream ends with the balancer, so
        // one that fails before it listens ends the wait with its error.
        let group = ServiceGroup(services: [app], logger: logger)
        let task = Task {
            defer { continuation.finish() }
            try await group.run()
        }
        let port = try await within(.seconds(120), "the balancer to listen") {
            var iterator = bound.makeAsyncIterator()
            return await iterator.next()
        }
        guard let port, port > 0 else {
            await group.triggerGracefulShutdown()
            let ended = await task.result
            throw CareHarness.Unexpected(description: "the balancer stopped before it listened: \(ended)")
        }
        return RoundRobinBalancer(port: port, tally: tally, group: group, task: task)
    }

    /// Stops the balancer; a shutdown that never ends fails the test here.
    func stop() async throws {
        await group.triggerGracefulShutdown()
        try await within(.seconds(60), "the balancer to stop") { [task] in _ = try? await task.value }
    }
}
