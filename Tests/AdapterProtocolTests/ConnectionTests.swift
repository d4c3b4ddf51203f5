import AdapterProtocol
import Synchronization
import Testing

/// Two connections wired back to back in memory: what one writes, the other receives.
private func connectedPair() async -> (hub: JSONRPCConnection, adapter: JSONRPCConnection) {
    let peers = Peers()
    let hub = JSONRPCConnection(name: "hub", registry: .hubSide, idPrefix: "h-", answersMalformedLines: false) { line in
        await peers.adapter?.receive(line)
    }
    let adapter = JSONRPCConnection(
        name: "adapter",
        registry: .adapterSide,
        idPrefix: "a-",
        answersMalformedLines: true
    ) {
        line in
        await peers.hub?.receive(line)
    }
    peers.set(hub: hub, adapter: adapter)
    return (hub, adapter)
}

private final class Peers: Sendable {
    private let state = Mutex<(JSONRPCConnection?, JSONRPCConnection?)>((nil, nil))
    var hub: JSONRPCConnection? { state.withLock { $0.0 } }
    var adapter: JSONRPCConnection? { state.withLock { $0.1 } }
    func set(hub: JSONRPCConnection, adapter: JSONRPCConnection) { state.withLock { $0 = (hub, adapter) } }
}

struct ConnectionTests {
    @Test(.timeLimit(.minutes(1)))
    func correlatesAnswersWithTheirRequests() async throws {
        let (hub, adapter) = await connectedPair()
        // Answer out of order: "a", sent first, is answered only once "abc" has been. The gate opens when its
        // stream finishes.
        let (fastAnswered, openGate) = AsyncStream.makeStream(of: Never.self)
        await adapter.setHandler { call in
            guard case .request(let id, let request as SyncDeviceRequest) = call else { return }
            Task {
                if request.deviceId == "a" {
                    for await _ in fastAnswered {}
                }
                await adapter.reply(to: id, with: SyncDeviceResult(submitted: request.deviceId.count))
                if request.deviceId == "abc" { openGate.finish() }
            }
        }
        async let slow = hub.send(SyncDeviceRequest(deviceId: "a"))
        async let fast = hub.send(SyncDeviceRequest(deviceId: "abc"))
        #expect(try await slow.submitted == 1)
        #expect(try await fast.submitted == 3)
    }

    @Test func passesThePeersErrorThrough() async {
        let (hub, adapter) = await connectedPair()
        await adapter.setHandler { call in
            guard case .request(let id, _) = call else { return }
            Task { await adapter.reply(to: id, error: RPCError(.deviceNotFound, "no such device")) }
        }
        await #expect(throws: RPCError(.deviceNotFound, "no such device")) {
            try await hub.send(PairDeviceRequest(deviceId: "x"))
        }
    }

    @Test func timesOutOnIdleAndNamesBothLimits() async {
        let (hub, _) = await connectedPair()
        do {
            _ = try await hub.send(
                PingRequest(),
                timeout: RequestTimeout(idle: .milliseconds(50), absolute: .seconds(5))
            )
            Issue.record("a ping nobody answers returned")
        } catch let error as RequestTimedOut {
            #expect(error.method == "ping")
            #expect(error.description.contains("idle timeout"))
            #expect(error.description.contains("cap"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func activityPushesTheIdleDeadlineButNotTheCap() async throws {
        let (hub, _) = await connectedPair()
        // The idle limit is 20 times the keep-alive's interval, so a loaded machine that delays the keep-alive does
        // not let the idle limit fire; only the cap can end the request, after three idle limits.
        let timeout = RequestTimeout(idle: .seconds(1), absolute: .seconds(3))
        let started = ContinuousClock.now
        let keepAlive = Task {
            while !Task.isCancelled {
                await hub.peerIsActive()
                // A peer active every 50 ms: this sleep plays time passing.
                try? await Task.sleep(for: .milliseconds(50))
            }
        }
        defer { keepAlive.cancel() }
        await #expect(throws: RequestTimedOut.self) { try await hub.send(PingRequest(), timeout: timeout) }
        let elapsed = ContinuousClock.now - started
        #expect(elapsed >= .milliseconds(2900), "ended after \(elapsed), before the cap")
    }

    @Test func closingFailsEveryOutstandingRequest() async {
        let (hub, _) = await connectedPair()
        let pending = await hub.start(PingRequest())
        await hub.close(reason: "adapter exited")
        do {
            _ = try await pending.value()
            Issue.record("answered after close")
        } catch let error as RPCError {
            #expect(error.isConnectionClosed)
            #expect(error.message.contains("adapter exited"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func cancellingTheCallerSendsCancelRequestAndStillWaitsForTheAnswer() async throws {
        let (hub, adapter) = await connectedPair()
        let cancelled = Mutex<[RequestID]>([])
        let requestIds = Mutex<[RequestID]>([])
        // The caller is cancelled once the adapter has the request, so the cancel has something to cancel.
        let (requestSeen, seeRequest) = AsyncStream.makeStream(of: Never.self)
        await adapter.setHandler { call in
            switch call {
            case .request(let id, _):
                requestIds.withLock { $0.append(id) }
                seeRequest.finish()
            case .notification(let cancel as CancelRequestNotification):
                cancelled.withLock { $0.append(cancel.id) }
                Task { await adapter.reply(to: cancel.id, error: RPCError(.requestCancelled, "Request cancelled")) }
            default:
                break
            }
        }
        let sync = Task { try await hub.send(SyncDeviceRequest(deviceId: "d")) }
        for await _ in requestSeen {}
        sync.cancel()
        await #expect(throws: RPCError(.requestCancelled, "Request cancelled")) { try await sync.value }
        #expect(cancelled.withLock { $0 } == requestIds.withLock { $0 })
        #expect(cancelled.withLock { $0.count } == 1)
    }

    @Test func reportsLinesThatAreNotJSONRPCAsViolations() async {
        let (hub, _) = await connectedPair()
        let seen = Mutex<[String]>([])
        await hub.setViolationHandler { violation in seen.withLock { $0.append("\(violation)") } }
        await hub.receive(Array("I am a log line\n".utf8))
        await hub.receive(Array((String(repeating: "x", count: LineFramer.defaultMaximumLineLength + 1) + "\n").utf8))
        let violations = seen.withLock { $0 }
        #expect(violations.count == 2)
        #expect(violations.first?.contains("I am a log line") == true)
        #expect(violations.last?.contains("1 MiB") == true)
    }

    @Test func requestsLeaveInTheOrderTheyWereStarted() async throws {
        let (hub, adapter) = await connectedPair()
        let order = Mutex<[String]>([])
        await hub.setHandler { call in
            guard case .request(let id, let submit as SubmitMeasurementsRequest) = call else { return }
            order.withLock { $0.append(submit.batchId) }
            Task {
                await hub.reply(
                    to: id,
                    with: SubmitMeasurementsResult(batchId: submit.batchId, stored: 0, duplicates: 0)
                )
            }
        }
        var pending: [PendingResponse<SubmitMeasurementsResult>] = []
        for index in 0..<50 {
            pending.append(
                await adapter.start(SubmitMeasurementsRequest(batchId: "b\(index)", device: nil, records: []))
            )
        }
        for response in pending { _ = try await response.value() }
        #expect(order.withLock { $0 } == (0..<50).map { "b\($0)" })
    }
}
