import Foundation
import HubRecords
import HubStore

extension CareTeamService {
    /// One request to the care-team server with the run's retries, shared by every push and pull of a sync: waits
    /// that double from `initialBackoff` between `attempts`; a request that got no answer, a 5xx, a 408 or a 429 is
    /// tried again; any other 4xx is final (a refused body or token does not get better by waiting). A 2xx counts
    /// once `read` takes what the caller needs from it; when it throws why it cannot, the attempt counts as failed.
    /// Every failure is recorded on the link (what `status` shows) and thrown naming `what`, so the caller moves no
    /// cursor and replaces nothing: what failed is sent or pulled again by the next sync.
    func exchange<Value>(
        _ what: CareTeamExchange,
        _ run: inout PushRun,
        request: (CareTeamHTTP) async throws -> CareTeamHTTP.Answer,
        read: (CareTeamHTTP.Answer) throws(UnusableAnswer) -> Value
    ) async throws(CareTeamError) -> Value {
        let options = run.options
        var wait = options.initialBackoff
        var lastReason = ""
        for attempt in 1...options.attempts {
            if attempt > 1 {
                try? await Task.sleep(for: wait)
                wait *= 2
            }
            let answer: CareTeamHTTP.Answer
            do { answer = try await request(run.http) } catch {
                lastReason = "no answer: \(error)"
                continue
            }
            if (200..<300).contains(answer.status) {
                do {
                    let value = try read(answer)
                    run.report.retries += attempt - 1
                    return value
                } catch {
                    lastReason = "HTTP \(answer.status) \(error.reason)"
                    continue
                }
            }
            lastReason = "HTTP \(answer.status): \(answer.detail)"
            if (400..<500).contains(answer.status) && answer.status != 408 && answer.status != 429 {
                await recordFailure(run, "\(what): \(lastReason)")
                throw .refused(status: answer.status, detail: answer.detail)
            }
        }
        await recordFailure(run, "\(what): \(lastReason)")
        switch what {
        case .push:
            throw .pushFailed(reason: lastReason, acknowledgedThisRun: run.acknowledged, attempts: options.attempts)
        case .pull(let kind):
            throw .pullFailed(
                kind: kind,
                reason: lastReason,
                acknowledgedThisRun: run.acknowledged,
                attempts: options.attempts
            )
        }
    }

    private func recordFailure(_ run: PushRun, _ reason: String) async {
        // The failure is thrown to the caller either way; the stored note is for `status`.
        try? await app.store.recordCareTeamFailure(profileId: run.stored.id, reason: reason)
    }
}

/// Why a 2xx answer is not the one expected (`exchange` tries again).
struct UnusableAnswer: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}

/// What a request of a sync does, for its errors: pushing a kind of resource, or pulling what the care team wrote.
enum CareTeamExchange: CustomStringConvertible {
    case push(String)
    case pull(String)

    var description: String {
        switch self {
        case .push(let kind): "pushing \(kind)"
        case .pull(let kind): "pulling \(kind)"
        }
    }
}
