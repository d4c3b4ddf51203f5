import AdapterProtocol

/// The checks of adapter-protocol.md §10 about single messages: `ping`, `shutdown`, what comes after
/// it, lines that are not requests, and the end of input.
extension ConformanceSuite {
    /// §2: `ping` is answered with exactly `{}`.
    func ping(_ session: Session) async throws -> Outcome {
        try await session.client.initialize()
        let answer = try await session.process.connection.send(RawPingProbe(), timeout: Self.shortRequest(10))
        guard answer == .object([:]) else {
            return .fail("ping was answered with \(answer.compactText); its result must be exactly {} (§2)")
        }
        return .pass("answered {}")
    }

    /// §3.6: `shutdown` is answered with `null` within 5 s, and `exit` then ends the process with 0.
    func shutdown(_ session: Session) async throws -> Outcome {
        try await session.client.initialize()
        let connection = session.process.connection
        let answer: JSONValue
        do {
            answer = try await connection.send(RawShutdownProbe(), timeout: Self.shortRequest(5))
        } catch is RequestTimedOut {
            await session.client.kill()
            return .fail("shutdown was not answered within 5 s")
        }
        guard answer == .null else {
            await session.client.kill()
            return .fail("shutdown was answered with \(answer.compactText); its result must be null (§3.6)")
        }
        await connection.notify(ExitNotification())
        await connection.flush()
        guard let termination = await session.waitForExit(upTo: .seconds(2)) else {
            await session.client.kill()
            return .fail("did not exit within 2 s of the exit notification")
        }
        guard termination == .exited(0) else { return .fail("after shutdown and exit it \(termination), not status 0") }
        return .pass("answered null, exited with status 0")
    }

    /// §3.6: after `shutdown` every request is answered `-32600`.
    func requestAfterShutdown(_ session: Session) async throws -> Outcome {
        try await session.client.initialize()
        let connection = session.process.connection
        do {
            _ = try await connection.send(RawShutdownProbe(), timeout: Self.shortRequest(5))
        } catch is RequestTimedOut {
            return .skip("shutdown was not answered within 5 s (the shutdown check's failure)")
        }
        do {
            let answer = try await connection.send(RawPingProbe(), timeout: Self.shortRequest(5))
            return .fail("a ping after shutdown was answered with \(answer.compactText) instead of -32600 (§3.6)")
        } catch let error as RPCError where error.code == .invalidRequest {
            return .pass("-32600 after shutdown")
        } catch let error as RPCError {
            return .fail("a ping after shutdown was answered \(error.code) instead of -32600 (§3.6)")
        } catch is RequestTimedOut {
            return .fail("a ping after shutdown was not answered within 5 s (§3.6: -32600)")
        }
    }

    /// §2: a batch array is not a request: answered `-32600` with `id: null`, its contents not run.
    func batchArray(_ session: Session) async throws -> Outcome {
        try await session.client.initialize()
        let probeId = "h-conformance-batch"
        await session.process.connection.sendRaw(
            Array(#"[{"jsonrpc":"2.0","id":"\#(probeId)","method":"ping"}]"#.utf8) + [0x0A]
        )
        let answered = await session.log.wait(upTo: .seconds(5)) { log in
            !log.unsolicitedErrorCodes.isEmpty || !log.unsolicitedResponses.isEmpty
        }
        if session.log.unsolicitedResponses.contains(.string(probeId)) {
            return .fail("ran the ping inside a batch array and answered it; a batch array is -32600 with id null (§2)")
        }
        guard answered, let code = session.log.unsolicitedErrorCodes.first else {
            return .fail("a batch array was not answered within 5 s (§2: -32600 with id null)")
        }
        guard code == .invalidRequest else {
            return .fail("a batch array was answered \(code) instead of -32600 (§2)")
        }
        return try await stillAnswers(session, after: "-32600 for a batch array")
    }

    /// §2: a line that is not JSON is answered `-32700` with `id: null`, and the adapter goes on.
    func parseError(_ session: Session) async throws -> Outcome {
        try await session.client.initialize()
        await session.process.connection.sendRaw(Array(#"{"jsonrpc":"2.0","id":"h-x","method":"#.utf8) + [0x0A])
        let answered = await session.log.wait(upTo: .seconds(5)) { !$0.unsolicitedErrorCodes.isEmpty }
        guard answered, let code = session.log.unsolicitedErrorCodes.first else {
            return .fail("a line that is not JSON was not answered within 5 s (§2: -32700 with id null)")
        }
        guard code == .parseError else {
            return .fail("a line that is not JSON was answered \(code) instead of -32700 (§2)")
        }
        return try await stillAnswers(session, after: "-32700 for a line that is not JSON")
    }

    /// §3.7: with stdin closed after `initialize`, the adapter exits within 2 s.
    func exitOnEndOfInput(_ session: Session) async throws -> Outcome {
        try await session.client.initialize()
        await session.process.closeInput()
        guard let termination = await session.waitForExit(upTo: .seconds(2)) else {
            await session.client.kill()
            return .fail("still running 2 s after its stdin was closed")
        }
        return .pass("exited (\(termination)) when stdin closed")
    }

    /// Passes when a `ping` is still answered after a bad line.
    private func stillAnswers(_ session: Session, after what: String) async throws -> Outcome {
        do {
            _ = try await session.process.connection.send(RawPingProbe(), timeout: Self.shortRequest(5))
            return .pass("\(what), and a ping after it was answered")
        } catch is RequestTimedOut {
            return .fail("\(what), but a ping after it was not answered within 5 s")
        }
    }

    static func shortRequest(_ seconds: Int) -> RequestTimeout {
        RequestTimeout(idle: .seconds(seconds), absolute: .seconds(seconds))
    }
}
