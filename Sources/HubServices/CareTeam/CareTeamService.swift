import Foundation
import HubCore
import HubRecords
import HubStore
import Reports

/// The care-team server (issue 20 item 7): connecting a profile with the one-time code from the clinic, pushing its
/// readings as FHIR R4 transaction Bundles, and what is still to be sent.
///
/// The cursor is the last measurement id the server acknowledged: it moves only after the server's 2xx for a whole
/// Bundle, so a push that fails (server down, network cut, the hub killed) sends the same readings again next time,
/// and the server's conditional create stores each once. `sync` is the one entry point; a periodic push from
/// `kidneyhub serve` would call it on a timer with `maxBundles` set (not built yet).
public struct CareTeamService: Sendable {
    let app: HubApplication

    /// Trades the clinic's one-time `code` for a device token at `serverURL` and links the profile to it (an
    /// earlier link is replaced and its cursor starts again).
    public func connect(serverURL: String, code: String, profile: String? = nil) async throws(CareTeamError)
        -> CareTeamStatus
    {
        let stored = try await selectProfile(profile)
        let base = try Self.baseURL(serverURL)
        let body = (try? JSONEncoder().encode(["code": code])) ?? Data()
        let answer = try await CareTeamHTTP.with { http throws(CareTeamError) in
            do {
                return try await http.post(
                    "\(base)/api/v1/enrollments",
                    body: body,
                    contentType: "application/json",
                    timeout: .seconds(30)
                )
            } catch {
                throw .unreachable(String(describing: error))
            }
        }
        guard answer.status == 201 else { throw .refused(status: answer.status, detail: answer.detail) }
        guard let token = answer.object?["token"] as? String, token.count >= 16,
            let patient = answer.object?["patient"] as? String, patient.hasPrefix("Patient/")
        else { throw .unreachable("\(base) answered the enrollment without a device token") }
        do {
            try await app.store.saveCareTeamLink(
                profileId: stored.id,
                serverURL: base,
                deviceToken: token,
                patientReference: patient,
                atMs: app.now()
            )
        } catch {
            throw .store(error.description)
        }
        return try await status(of: stored)
    }

    /// Pushes the profile's readings the server has not acknowledged, in Bundles of `options.bundleSize`, each
    /// retried with doubling waits; stops at the first Bundle that fails every attempt (the cursor stays before it).
    public func sync(profile: String? = nil, options: CareTeamSyncOptions = CareTeamSyncOptions())
        async throws(CareTeamError) -> CareTeamSyncReport
    {
        let stored = try await selectProfile(profile)
        guard let link = try await storeCall({ try await app.store.careTeamLink(profileId: stored.id) }) else {
            throw .notConnected(profile: stored.name)
        }
        let phases = try await storeCall {
            try await app.store.profileWeights(profileId: stored.id).reduce(into: [Int64: String]()) {
                if let phase = $1.phase.phase { $0[$1.measurementId] = phase.rawValue }
            }
        }
        return try await CareTeamHTTP.with(connectTimeout: options.connectTimeout) { http throws(CareTeamError) in
            try await push(stored, link: link, phases: phases, options: options, over: http)
        }
    }

    /// The loop of `sync`: a Bundle at a time until nothing is pending or `maxBundles` were sent.
    private func push(
        _ stored: StoredProfile,
        link: CareTeamLink,
        phases: [Int64: String],
        options: CareTeamSyncOptions,
        over http: CareTeamHTTP
    ) async throws(CareTeamError) -> CareTeamSyncReport {
        var report = CareTeamSyncReport(cursor: link.readingCursor)
        var acknowledged = 0
        while options.maxBundles.map({ report.bundles < $0 }) ?? true {
            let batch = try await storeCall {
                try await app.store.careTeamPendingReadings(
                    profileId: stored.id,
                    afterId: report.cursor,
                    limit: options.bundleSize
                )
            }
            guard let last = batch.last else { break }
            let built = FHIRBundleBuilder.transaction(
                readings: batch,
                weightPhases: phases,
                patientReference: link.patientReference
            )
            report.leftOut.merge(built.skipped, uniquingKeysWith: +)
            if built.entries > 0 {
                let (statuses, retries) = try await push(
                    built.bundle,
                    link: link,
                    options: options,
                    expecting: built.entries,
                    acknowledged: acknowledged,
                    over: http
                )
                report.retries += retries
                report.created += statuses.filter { $0.hasPrefix("201") }.count
                report.alreadyStored += statuses.filter { $0.hasPrefix("200") }.count
                report.sent += built.entries
                acknowledged += built.entries
                report.bundles += 1
            }
            try await storeCall {
                try await app.store.advanceCareTeamCursor(profileId: stored.id, to: last.id, atMs: app.now())
            }
            report.cursor = last.id
        }
        report.pending = try await storeCall {
            try await app.store.careTeamPendingCount(profileId: stored.id, afterId: report.cursor)
        }
        return report
    }

    /// The profile's link and what is still to be sent.
    public func status(profile: String? = nil) async throws(CareTeamError) -> CareTeamStatus {
        try await status(of: try await selectProfile(profile))
    }

    // MARK: - Pieces

    /// One Bundle, with retries: answers each entry's status once the server acknowledged it with a 2xx; a 4xx
    /// other than 408 and 429 is final (a refused Bundle or token does not get better by waiting).
    private func push(
        _ bundle: FHIRJSON,
        link: CareTeamLink,
        options: CareTeamSyncOptions,
        expecting entryCount: Int,
        acknowledged: Int,
        over http: CareTeamHTTP
    ) async throws(CareTeamError) -> (statuses: [String], retries: Int) {
        let body = Data(bundle.text().utf8)
        var wait = options.initialBackoff
        var lastReason = ""
        for attempt in 1...options.attempts {
            if attempt > 1 {
                try? await Task.sleep(for: wait)
                wait *= 2
            }
            let answer: CareTeamHTTP.Answer
            do {
                answer = try await http.post(
                    "\(link.serverURL)/api/v1/sync",
                    body: body,
                    contentType: "application/fhir+json",
                    token: link.deviceToken,
                    timeout: options.requestTimeout
                )
            } catch {
                lastReason = "no answer: \(error)"
                continue
            }
            if (200..<300).contains(answer.status) {
                guard let entries = answer.object?["entry"] as? [[String: Any]], entries.count == entryCount else {
                    lastReason = "HTTP \(answer.status) without a transaction-response of \(entryCount) entries"
                    continue
                }
                let statuses = entries.map { (($0["response"] as? [String: Any])?["status"] as? String) ?? "" }
                return (statuses, attempt - 1)
            }
            lastReason = "HTTP \(answer.status): \(answer.detail)"
            if (400..<500).contains(answer.status) && answer.status != 408 && answer.status != 429 {
                await recordFailure(link, lastReason)
                throw .refused(status: answer.status, detail: answer.detail)
            }
        }
        await recordFailure(link, lastReason)
        throw .pushFailed(reason: lastReason, acknowledgedThisRun: acknowledged, attempts: options.attempts)
    }

    private func recordFailure(_ link: CareTeamLink, _ reason: String) async {
        // The failure is reported to the caller either way; the stored note is for `status`.
        try? await app.store.recordCareTeamFailure(profileId: link.profileId, reason: reason)
    }

    private func status(of stored: StoredProfile) async throws(CareTeamError) -> CareTeamStatus {
        let link = try await storeCall { try await app.store.careTeamLink(profileId: stored.id) }
        let cursor = link?.readingCursor ?? 0
        var pending = 0
        if link != nil {
            pending = try await storeCall {
                try await app.store.careTeamPendingCount(profileId: stored.id, afterId: cursor)
            }
        }
        return CareTeamStatus(
            profile: stored.name,
            serverURL: link?.serverURL,
            patientReference: link?.patientReference,
            readingCursor: cursor,
            pendingReadings: pending,
            connectedAtMs: link?.connectedAtMs,
            lastPushAtMs: link?.lastPushAtMs,
            lastError: link?.lastError
        )
    }

    private func selectProfile(_ name: String?) async throws(CareTeamError) -> StoredProfile {
        do { return try await app.store.selectProfile(named: name) } catch { throw .profile(error) }
    }

    private func storeCall<T>(_ body: () async throws -> T) async throws(CareTeamError) -> T {
        do { return try await body() } catch { throw .store(String(describing: error)) }
    }

    /// The server's base URL without a trailing slash: https, or http to this machine only (OWASP REST Security:
    /// HTTPS only; the token and the readings must not cross a network in clear).
    static func baseURL(_ text: String) throws(CareTeamError) -> String {
        var trimmed = text.trimmingCharacters(in: .whitespaces)
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let components = URLComponents(string: trimmed), let scheme = components.scheme?.lowercased(),
            let host = components.host, !host.isEmpty
        else { throw .badServerURL(text, reason: "expected https://HOST[:PORT]") }
        guard components.query == nil, components.fragment == nil, components.user == nil else {
            throw .badServerURL(text, reason: "it may not carry a query, a fragment or a user")
        }
        switch scheme {
        case "https": return trimmed
        case "http" where ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host.lowercased()): return trimmed
        case "http": throw .badServerURL(text, reason: "use https:// (plain http only to this machine)")
        default: throw .badServerURL(text, reason: "expected https://HOST[:PORT]")
        }
    }
}

extension HubApplication {
    /// The care-team server: connect, sync, status.
    public var careTeam: CareTeamService { CareTeamService(app: self) }
}
