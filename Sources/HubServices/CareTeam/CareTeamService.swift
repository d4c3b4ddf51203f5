import Foundation
import HubCore
import HubRecords
import HubStore
import Reports

/// The care-team server (issue 20 item 7): connecting a profile with the one-time code from the clinic, pushing its
/// readings, labs, daily intake totals and doses as FHIR R4 transaction Bundles, and what is still to be sent.
///
/// Each kind has its own cursor (the last measurement id, lab result id or dose log row the server acknowledged; for
/// intake totals, which change, the digest of each total acknowledged): it moves only after the server's 2xx for a
/// whole Bundle, so a push that fails (server down, network cut, the hub killed) sends the same resources again next
/// time, and the server's conditional create (conditional update for intake totals) stores each once. `sync` is the
/// one entry point; `kidneyhub serve` calls it on a timer with `maxBundles` set (`CareTeamPushLoop`).
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

    /// Pushes what the server has not acknowledged, kind after kind (readings, labs, intake totals, doses, then
    /// questionnaire answers), in Bundles of `options.bundleSize`, then pulls the care team's orders and assigned
    /// questionnaires; every request is retried with doubling waits (`exchange`), and the run stops at the first
    /// that fails every attempt: a push leaves that kind's cursor before it (`pushFailed`), a pull applies or
    /// replaces nothing (`pullFailed`), so a server that is down loses nothing and the next sync carries on.
    public func sync(profile: String? = nil, options: CareTeamSyncOptions = CareTeamSyncOptions())
        async throws(CareTeamError) -> CareTeamSyncReport
    {
        let stored = try await selectProfile(profile)
        guard let link = try await storeCall({ try await app.store.careTeamLink(profileId: stored.id) }) else {
            throw .notConnected(profile: stored.name)
        }
        return try await CareTeamHTTP.with(connectTimeout: options.connectTimeout) { http throws(CareTeamError) in
            var run = PushRun(stored: stored, link: link, options: options, http: http)
            try await pushReadings(&run)
            try await pushLabs(&run)
            try await pushIntake(&run)
            try await pushDoses(&run)
            // Questionnaires (issue 20 item 7): the patient's answers go up with the rest; then what the care team
            // wrote comes down, orders and questionnaires alike, through the same retried request (`exchange`).
            try await pushQuestionnaireAnswers(&run)
            try await pullOrders(&run)
            try await pullQuestionnaires(&run)
            // Every request of the run had its 2xx: an earlier failure noted on the link no longer holds.
            try await storeCall { try await app.store.clearCareTeamFailure(profileId: stored.id) }
            let latest = try await storeCall { try await app.store.careTeamLink(profileId: stored.id) } ?? link
            run.report.pending = try await pending(stored, latest).readings
            return run.report
        }
    }

    /// One run of `sync`: what it pushes with, and what it did so far.
    struct PushRun {
        let stored: StoredProfile
        let link: CareTeamLink
        let options: CareTeamSyncOptions
        let http: CareTeamHTTP
        var report = CareTeamSyncReport()
        /// Resources the server acknowledged in this run.
        var acknowledged = 0

        init(stored: StoredProfile, link: CareTeamLink, options: CareTeamSyncOptions, http: CareTeamHTTP) {
            self.stored = stored
            self.link = link
            self.options = options
            self.http = http
            report.cursor = link.readingCursor
        }

        /// Whether another Bundle may go in this run.
        var mayPush: Bool { options.maxBundles.map { report.bundles < $0 } ?? true }
    }

    /// Readings, a Bundle at a time until none is pending or the run's Bundles are spent. The next Bundle is read
    /// from the store and written while the one before is on its way and being stored, so the hub and the server
    /// work at once; the cursor still moves one Bundle at a time, each after its own 2xx.
    private func pushReadings(_ run: inout PushRun) async throws(CareTeamError) {
        let profileId = run.stored.id
        let phases = try await storeCall {
            try await app.store.profileWeights(profileId: profileId).reduce(into: [Int64: String]()) {
                if let phase = $1.phase.phase { $0[$1.measurementId] = phase.rawValue }
            }
        }
        guard run.mayPush else { return }
        let (link, size) = (run.link, run.options.bundleSize)
        var next = try await readingBundle(after: run.report.cursor, limit: size, phases: phases, link: link).get()
        while let current = next {
            async let upcoming = readingBundle(after: current.last, limit: size, phases: phases, link: link)
            run.report.leftOut.merge(current.skipped, uniquingKeysWith: +)
            if current.entries > 0 {
                try await send(body: current.body, entries: current.entries, kind: "reading", &run)
            }
            try await storeCall {
                try await app.store.advanceCareTeamCursor(
                    profileId: profileId,
                    .reading,
                    to: current.last,
                    atMs: app.now()
                )
            }
            run.report.cursor = current.last
            next = run.mayPush ? try await upcoming.get() : nil
        }
    }

    /// The Bundle of the pending readings after `after`, written; nil when none is pending.
    private func readingBundle(after: Int64, limit: Int, phases: [Int64: String], link: CareTeamLink) async
        -> Result<ReadingBundle?, CareTeamError>
    {
        do {
            let batch = try await app.store.careTeamPendingReadings(
                profileId: link.profileId,
                afterId: after,
                limit: limit
            )
            guard let last = batch.last else { return .success(nil) }
            let built = FHIRBundleBuilder.transaction(
                readings: batch,
                weightPhases: phases,
                patientReference: link.patientReference
            )
            let body = Data(built.bundle.bytes())
            return .success(ReadingBundle(body: body, entries: built.entries, skipped: built.skipped, last: last.id))
        } catch {
            return .failure(.store(String(describing: error)))
        }
    }

    /// A Bundle of readings ready to send: its JSON, how many resources it holds, the readings left out by kind, and
    /// the last reading it covers (where the cursor moves after its 2xx).
    private struct ReadingBundle: Sendable {
        let body: Data
        let entries: Int
        let skipped: [String: Int]
        let last: Int64
    }

    /// The profile's link and what is still to be sent.
    public func status(profile: String? = nil) async throws(CareTeamError) -> CareTeamStatus {
        try await status(of: try await selectProfile(profile))
    }

    // MARK: - Pieces

    /// One Bundle, with the run's retries (`exchange`), counted into the run once the server acknowledged it with a
    /// 2xx and a transaction-response of one entry per resource (each entry's status: 201 stored now, 200 held
    /// already or replaced).
    func send(_ bundle: FHIRJSON, entries entryCount: Int, kind: String, _ run: inout PushRun)
        async throws(CareTeamError)
    {
        try await send(body: Data(bundle.bytes()), entries: entryCount, kind: kind, &run)
    }

    /// One Bundle already written as JSON, as `send(_:entries:kind:_:)`.
    func send(body: Data, entries entryCount: Int, kind: String, _ run: inout PushRun) async throws(CareTeamError) {
        let link = run.link
        let timeout = run.options.requestTimeout
        let statuses = try await exchange(.push(kind == "intake" ? "intake totals" : "\(kind)s"), &run) { http in
            try await http.post(
                "\(link.serverURL)/api/v1/sync",
                body: body,
                contentType: "application/fhir+json",
                token: link.deviceToken,
                timeout: timeout
            )
        } read: { answer throws(UnusableAnswer) in
            guard let entries = answer.object?["entry"] as? [[String: Any]], entries.count == entryCount else {
                throw UnusableAnswer("without a transaction-response of \(entryCount) entries")
            }
            return entries.map { (($0["response"] as? [String: Any])?["status"] as? String) ?? "" }
        }
        run.report.created += statuses.filter { $0.hasPrefix("201") }.count
        run.report.alreadyStored += statuses.filter { $0.hasPrefix("200") }.count
        run.report.sent += entryCount
        run.report.sentByKind[kind, default: 0] += entryCount
        run.acknowledged += entryCount
        run.report.bundles += 1
    }

    private func status(of stored: StoredProfile) async throws(CareTeamError) -> CareTeamStatus {
        let link = try await storeCall { try await app.store.careTeamLink(profileId: stored.id) }
        var pending = (readings: 0, labs: 0, doses: 0)
        if let link { pending = try await self.pending(stored, link) }
        return CareTeamStatus(
            profile: stored.name,
            serverURL: link?.serverURL,
            patientReference: link?.patientReference,
            readingCursor: link?.readingCursor ?? 0,
            pendingReadings: pending.readings,
            connectedAtMs: link?.connectedAtMs,
            lastPushAtMs: link?.lastPushAtMs,
            lastError: link?.lastError,
            pendingLabs: pending.labs,
            pendingDoses: pending.doses
        )
    }

    /// What is still to be sent after the link's cursors.
    private func pending(_ stored: StoredProfile, _ link: CareTeamLink) async throws(CareTeamError)
        -> (readings: Int, labs: Int, doses: Int)
    {
        try await storeCall {
            (
                try await app.store.careTeamPendingCount(profileId: stored.id, afterId: link.readingCursor),
                try await app.store.careTeamPendingLabCount(profileId: stored.id, afterId: link.labCursor),
                try await app.store.careTeamPendingDoseCount(profileId: stored.id, afterRow: link.doseCursor)
            )
        }
    }

    func selectProfile(_ name: String?) async throws(CareTeamError) -> StoredProfile {
        do { return try await app.store.selectProfile(named: name) } catch { throw .profile(error) }
    }

    func storeCall<T>(_ body: () async throws -> T) async throws(CareTeamError) -> T {
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
