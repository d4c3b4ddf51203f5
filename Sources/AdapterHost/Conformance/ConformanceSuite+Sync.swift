import AdapterProtocol

/// The checks of adapter-protocol.md §10 that need a sync: cancellation, the batch window and
/// size, the §5.4 refusal, cursor-only batches and progress. Each syncs the first device the
/// adapter's `devices/discover` of 1 s answers with, from no cursor.
extension ConformanceSuite {
    /// The device to sync, or why the check does not apply.
    private func syncTarget(_ session: Session) async throws -> Result<String, SkipReason> {
        let capabilities = try await session.client.initialize().capabilities
        guard capabilities.sync == true, capabilities.discover == true else {
            return .failure(SkipReason("the adapter does not sync devices (no discover and sync capabilities)"))
        }
        guard let device = try await session.client.discover(seconds: 1).devices.first else {
            return .failure(SkipReason("discovery found no device to sync within 1 s"))
        }
        return .success(device.deviceId)
    }

    /// §6: a cancelled long request is answered, with -32800 or its result; an adapter that goes on
    /// submitting after `$/cancelRequest` fails.
    ///
    /// Acknowledgements are held 300 ms, so with a window of 2 batches of 3 records an adapter has
    /// sent at most 6 records when the cancel goes out 100 ms after the request: whatever it
    /// submits afterwards it read after being told to stop.
    func cancellation(_ session: Session) async throws -> Outcome {
        let capabilities = try await session.client.initialize().capabilities
        if capabilities.sync == true, capabilities.discover == true,
            let device = try await session.client.discover(seconds: 1).devices.first
        {
            session.sink.setAckDelay(.milliseconds(300))
            let request = Task { try await session.client.sync(deviceId: device.deviceId, cursor: nil) }
            try await Task.sleep(for: .milliseconds(100))
            let cancelledAt = ContinuousClock.now
            request.cancel()
            do {
                let result = try await request.value
                let seen = session.sink.snapshot()
                let after = seen.arrivals(after: cancelledAt)
                // One batch may cross the cancel on the wire; more were read after it.
                if after >= 2 {
                    return .fail(
                        "went on submitting \(after) batches after $/cancelRequest and answered the sync with its "
                            + "result (\(result.submitted) records): §6 asks it to stop and answer -32800"
                    )
                }
                return .skip(
                    "the sync had sent all \(result.submitted) records before the cancel (\(seen.arrivals.count) "
                        + "batches); a device with more than 6 records is needed to see cancellation"
                )
            } catch let error as RPCError where error.code == .requestCancelled {
                return .pass("answered -32800 after \(ContinuousClock.now - cancelledAt)")
            } catch let error as RequestTimedOut {
                return .fail("the cancelled sync was never answered (\(error))")
            } catch let error as RPCError {
                return .fail("the cancelled sync was answered with \(error.code): \(error.message)")
            }
        }
        guard capabilities.discover == true else {
            return .skip("no long-running request among the adapter's capabilities")
        }
        let request = Task { _ = try await session.client.discover(seconds: 5) }
        try await Task.sleep(for: .milliseconds(100))
        let cancelledAt = ContinuousClock.now
        request.cancel()
        do {
            try await request.value
            let elapsed = ContinuousClock.now - cancelledAt
            guard elapsed < .seconds(2) else {
                return .fail("answered a 5 s discovery with its result \(elapsed) after $/cancelRequest (§6: -32800)")
            }
            return .pass("the cancelled discovery was answered with its result")
        } catch let error as RPCError where error.code == .requestCancelled {
            return .pass("answered -32800 after \(ContinuousClock.now - cancelledAt)")
        } catch let error as RequestTimedOut {
            return .fail("the cancelled discovery was never answered (\(error))")
        } catch let error as RPCError {
            return .fail("the cancelled discovery was answered with \(error.code): \(error.message)")
        }
    }

    /// §5.1: never more than `maxBatchRecords` records in a batch nor more than the window
    /// unacknowledged, and a batch refused as retryable is sent again.
    func batches(_ session: Session) async throws -> Outcome {
        let target = try await syncTarget(session)
        guard case .success(let deviceId) = target else { return .skip(target.skipReason) }
        session.sink.setAckDelay(.milliseconds(20))
        session.sink.refuse(.retryableOnce)
        var syncError: (any Error)?
        do {
            _ = try await session.client.sync(deviceId: deviceId, cursor: nil)
        } catch {
            syncError = error
        }
        let seen = session.sink.snapshot()
        let then = syncError.map { "; the sync then ended with: \(Self.sentence($0))" } ?? ""
        if let largest = seen.oversized.max() {
            return .fail(
                "sent \(seen.oversized.count) batch(es) of up to \(largest) records, more than the maxBatchRecords "
                    + "of \(limits.maxBatchRecords) it was given in initialize (§5.1)\(then)"
            )
        }
        if seen.windowExceeded > 0 {
            return .fail(
                "sent \(seen.windowExceeded) batch(es) beyond the window of \(limits.maxUnacknowledgedBatches) "
                    + "unacknowledged batches (answered -32010); \(seen.batches) were acknowledged (§5.1)\(then)"
            )
        }
        if let syncError { throw syncError }
        if seen.batches == 0 { return .skip("the sync submitted no batch") }
        if let refused = seen.refused, !seen.acceptedBatchIds.contains(refused.batchId) {
            return .fail("batch '\(refused.batchId)' was refused as retryable and never sent again (§5.3)")
        }
        return .pass("\(seen.batches) batches acknowledged, window and size respected, refused batch re-sent")
    }

    /// §5.4: after the hub refused a batch for one invalid record, the adapter sends the rest again
    /// under the same `batchId`.
    func invalidRecords(_ session: Session) async throws -> Outcome {
        let target = try await syncTarget(session)
        guard case .success(let deviceId) = target else { return .skip(target.skipReason) }
        session.sink.refuse(.firstRecordInvalid)
        let syncError = await syncCapturingError(session, deviceId: deviceId)
        let seen = session.sink.snapshot()
        guard let refused = seen.refused else { return .skip("the sync submitted no record") }
        let rest = Array(refused.recordIds.dropFirst())
        let resent = seen.resent
        if resent.contains(where: { $0.recordIds.contains(refused.recordIds[0]) }) {
            return .fail(
                "sent batch '\(refused.batchId)' again with record '\(refused.recordIds[0])', which the hub "
                    + "refused as invalid; it must drop the named records and send the rest (§5.4)"
            )
        }
        if rest.isEmpty, refused.cursor == nil {
            return .pass("the only record was refused and the batch had no cursor: nothing to send again")
        }
        guard let again = resent.first else {
            return .fail(
                "batch '\(refused.batchId)' was refused for its record 0 and never sent again with its other "
                    + "\(rest.count) record(s)\(rest.isEmpty ? " (a cursor-only batch)" : "") (§5.4)"
                    + (syncError.map { "; the sync ended with: \(Self.sentence($0))" } ?? "")
            )
        }
        guard again.recordIds == rest else {
            return .fail(
                "batch '\(refused.batchId)' came back with records \(again.recordIds) instead of the other "
                    + "\(rest.count) \(rest) (§5.4)"
            )
        }
        if let syncError { throw syncError }
        return .pass("batch '\(refused.batchId)' sent again without the refused record (\(rest.count) left)")
    }

    /// §5.1: when every record of a batch was refused, the batch goes back empty with its cursor.
    func cursorOnlyBatch(_ session: Session) async throws -> Outcome {
        let target = try await syncTarget(session)
        guard case .success(let deviceId) = target else { return .skip(target.skipReason) }
        session.sink.refuse(.allRecordsInvalid)
        let syncError = await syncCapturingError(session, deviceId: deviceId)
        let seen = session.sink.snapshot()
        guard let refused = seen.refused else {
            return .skip("no batch with records carried a cursor, so a cursor-only batch has nothing to keep")
        }
        guard let again = seen.resent.first else {
            return .fail(
                "every record of batch '\(refused.batchId)' was refused and the batch was never sent again as a "
                    + "cursor-only batch (records [], cursor '\(refused.cursor ?? "")') (§5.1)"
                    + (syncError.map { "; the sync ended with: \(Self.sentence($0))" } ?? "")
            )
        }
        guard again.recordIds.isEmpty, again.cursor == refused.cursor, again.hasDevice else {
            return .fail(
                "batch '\(refused.batchId)' came back with \(again.recordIds.count) record(s), cursor "
                    + "'\(again.cursor ?? "none")'\(again.hasDevice ? "" : " and no device"); a cursor-only batch "
                    + "has records [], the same cursor '\(refused.cursor ?? "")' and its device (§5.1)"
            )
        }
        if let syncError { throw syncError }
        return .pass("batch '\(refused.batchId)' sent again empty with its cursor")
    }

    /// §7: a sync that carries a `progressToken` reports `$/progress` with it.
    func progress(_ session: Session) async throws -> Outcome {
        let target = try await syncTarget(session)
        guard case .success(let deviceId) = target else { return .skip(target.skipReason) }
        let token = "conformance-progress"
        session.sink.setAckDelay(.milliseconds(20))
        let result = try await session.client.sync(deviceId: deviceId, cursor: nil, progressToken: token)
        let tokens = session.log.progressTokens
        if let other = tokens.first(where: { $0 != token }) {
            return .fail("reported $/progress with token '\(other)', but the sync's progressToken was '\(token)' (§7)")
        }
        guard !tokens.isEmpty else {
            return .fail(
                "a sync of \(result.submitted) records with progressToken '\(token)' sent no $/progress; a long "
                    + "request reports progress so the hub does not take it for hung (§6, §7)"
            )
        }
        return .pass("\(tokens.count) progress reports during a sync of \(result.submitted) records")
    }

    private func syncCapturingError(_ session: Session, deviceId: String) async -> (any Error)? {
        do {
            _ = try await session.client.sync(deviceId: deviceId, cursor: nil)
            return nil
        } catch {
            return error
        }
    }

    static func sentence(_ error: any Error) -> String {
        switch error {
        case let error as RPCError: "\(error.code) \(error.message)"
        default: "\(error)"
        }
    }
}

/// Why a check does not apply to this adapter.
struct SkipReason: Error {
    var text: String
    init(_ text: String) { self.text = text }
}

extension Result where Failure == SkipReason {
    var skipReason: String {
        if case .failure(let reason) = self { return reason.text }
        return ""
    }
}
