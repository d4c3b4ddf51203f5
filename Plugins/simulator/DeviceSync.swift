import AdapterKit
import AdapterProtocol

/// One `devices/sync`: submits a device's records after the cursor in batches of the hub's size, each
/// carrying the number of its last record as cursor, with progress and the device's sync faults.
struct DeviceSync {
    let records: DeviceRecords
    let deviceName: String
    let faults: SyncFaults
    let context: AdapterContext
    /// Where to append the batches' acknowledgement latencies, if anywhere.
    var latencyReportPath: String? = nil

    /// Submits records `cursor + 1 … count` and returns how many the hub acknowledged (stored plus duplicates).
    func run(after cursor: Int) async throws -> Int {
        if faults.hang { await Misbehaviour.hangForever() }
        let first = min(max(cursor, 0), records.count) + 1
        let total = max(records.count - first + 1, 0)
        await progress(.begin, done: 0, total: total, message: "Reading \(deviceName)")
        if faults.garbageLine { await context.sendRawBytes(Misbehaviour.garbageLine) }
        if faults.oversizedLine { await context.sendRawBytes(Misbehaviour.oversizedLine) }

        let submitter = context.submitter(for: records.identity)
        let batchSize = max(1, context.limits.maxBatchRecords)
        var crash = faults.crash
        var stall = faults.stall
        var sent = 0
        do {
            var next = first
            while true {
                try Task.checkCancellation()
                // Checked before every batch and after the last: the crash comes at a batch boundary.
                if let pending = crash, sent >= pending.afterRecords {
                    crash = nil
                    try await crashIfAllowed(pending, sent: sent, submitter: submitter)
                }
                if let pending = stall, sent >= pending.afterRecords {
                    stall = nil
                    try await stallIfAllowed(pending, sent: sent, total: total, submitter: submitter)
                }
                guard next <= records.count else { break }
                if let pause = faults.pauseMilliseconds {
                    // Like a slow device that says it is still working: a progress report at least every
                    // 200 ms of the pause, so only an adapter that goes silent can be taken for hung.
                    var left = pause
                    repeat {
                        await progress(.report, done: sent, total: total, message: "Pausing \(left) ms (slow-sync)")
                        let step = min(left, 200)
                        try await Task.sleep(for: .milliseconds(step))
                        left -= step
                    } while left > 0
                }
                let last = min(next + batchSize - 1, records.count)
                let batch = records.records(next...last)
                try await submitter.submit(batch, cursor: String(last))
                if faults.duplicateRecords { try await submitter.submit(batch, cursor: String(last)) }
                sent += batch.count
                next = last + 1
                await progress(.report, done: sent, total: total)
            }
            let summary = try await submitter.finish()
            if let latencyReportPath { LatencyReport.append(summary.acknowledgementLatencies, to: latencyReportPath) }
            await progress(.end, done: sent, total: total, message: "Submitted \(summary.submitted) records")
            return summary.submitted
        } catch is CancellationError {
            // Batches already sent are still delivered (the hub answers them), so the cursor stays exact.
            _ = try? await submitter.finish()
            await progress(.end, done: sent, total: total, message: "Cancelled")
            throw CancellationError()
        } catch {
            await progress(.end, done: sent, total: total, message: "Failed: \(error)")
            throw error
        }
    }

    /// Waits until every batch sent so far is acknowledged, so the hub has stored exactly the records up to
    /// the last cursor it holds, then exits with status 70 unless the crash's limit was reached.
    private func crashIfAllowed(_ crash: SyncFaults.Trigger, sent: Int, submitter: MeasurementSubmitter) async throws {
        _ = try await submitter.finish()
        guard crash.claim() else {
            context.logger.log(.info, "crash fault: its limit of \(crash.limit?.times ?? 0) crashes is reached")
            return
        }
        Misbehaviour.crash("crash after \(sent) acknowledged records of \(records.identity.deviceId)")
    }

    /// Waits until every batch sent so far is acknowledged, then (unless the stall's limit was reached) sends
    /// nothing but progress, every 200 ms so the hub does not take it for hung, until the sync is cancelled or
    /// the process ends; a test can then stop the hub while a sync is open at a known stored count.
    private func stallIfAllowed(
        _ stall: SyncFaults.Trigger,
        sent: Int,
        total: Int,
        submitter: MeasurementSubmitter
    ) async throws {
        _ = try await submitter.finish()
        guard stall.claim() else {
            context.logger.log(.info, "stall fault: its limit of \(stall.limit?.times ?? 0) stalls is reached")
            return
        }
        while true {
            await progress(.report, done: sent, total: total, message: "Stalled after \(sent) records (stall)")
            try await Task.sleep(for: .milliseconds(200))
        }
    }

    private func progress(_ kind: ProgressValue.Kind, done: Int, total: Int, message: String? = nil) async {
        let percentage = total == 0 ? 100 : (Double(done) * 100 / Double(total)).rounded()
        await context.progress(
            ProgressValue(kind: kind, message: message, percentage: percentage, done: done, total: total)
        )
    }
}
