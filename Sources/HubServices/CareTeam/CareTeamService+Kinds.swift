import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubStore
import Reports

extension CareTeamService {
    /// Lab results after the lab cursor, a Bundle at a time; the cursor moves after each 2xx.
    func pushLabs(_ run: inout PushRun) async throws(CareTeamError) {
        let profileId = run.stored.id
        var cursor = run.link.labCursor
        while run.mayPush {
            let after = cursor
            let batch = try await storeCall {
                try await app.store.careTeamPendingLabs(
                    profileId: profileId,
                    afterId: after,
                    limit: run.options.bundleSize
                )
            }
            guard let last = batch.last else { break }
            let built = FHIRBundleBuilder.labEntries(
                batch,
                profileId: profileId,
                patientReference: run.link.patientReference
            )
            run.report.leftOut.merge(built.skipped.mapKeys { "lab \($0)" }, uniquingKeysWith: +)
            if !built.entries.isEmpty {
                let bundle = FHIRBundleBuilder.transactionBundle(built.entries)
                try await send(bundle, entries: built.entries.count, kind: "lab", &run)
            }
            try await storeCall {
                try await app.store.advanceCareTeamCursor(profileId: profileId, .lab, to: last.id, atMs: app.now())
            }
            cursor = last.id
        }
    }

    /// Daily intake totals that differ from what the server acknowledged (new days, and days whose entries changed),
    /// as conditional updates; each total is remembered as sent after the 2xx of its Bundle.
    func pushIntake(_ run: inout PushRun) async throws(CareTeamError) {
        guard run.mayPush else { return }
        let stored = run.stored
        let zone: TimeZone
        do { zone = try stored.profile.timeZone() } catch { throw .store("the profile's time zone: \(error)") }
        let days = try await storeCall {
            try await FHIRExportInput.intakeDays(app.store, profileId: stored.id, timeZone: zone)
        }
        guard !days.isEmpty else { return }
        let sent = try await storeCall { try await app.store.careTeamIntakeSent(profileId: stored.id) }
        let changed = FHIRBundleBuilder.intakeEntries(
            days,
            profileId: stored.id,
            patientReference: run.link.patientReference,
            versionMs: app.now()
        ).filter { sent[$0.key] != $0.digest }
        var start = 0
        while start < changed.count, run.mayPush {
            let part = changed[start..<min(start + run.options.bundleSize, changed.count)]
            let bundle = FHIRBundleBuilder.transactionBundle(part.map(\.entry))
            try await send(bundle, entries: part.count, kind: "intake", &run)
            try await storeCall {
                try await app.store.markCareTeamIntakeSent(
                    profileId: stored.id,
                    part.map { ($0.key, $0.digest) },
                    atMs: app.now()
                )
            }
            start += part.count
        }
    }

    /// Dose log entries after the dose cursor, a Bundle at a time; the cursor moves after each 2xx.
    func pushDoses(_ run: inout PushRun) async throws(CareTeamError) {
        guard run.mayPush else { return }
        let stored = run.stored
        let zone: TimeZone
        do { zone = try stored.profile.timeZone() } catch { throw .store("the profile's time zone: \(error)") }
        var cursor = run.link.doseCursor
        var orders: [MedicationOrder]?
        while run.mayPush {
            let after = cursor
            let batch = try await storeCall {
                try await app.store.careTeamPendingDoses(
                    profileId: stored.id,
                    afterRow: after,
                    limit: run.options.bundleSize
                )
            }
            guard let last = batch.last else { break }
            if orders == nil {
                orders = try await storeCall { try await app.store.medicationOrders(profileId: stored.id) }
            }
            let records = batch.map(\.record)
            let dates = records.compactMap(\.dose?.date)
            let day = try await storeCall {
                try await app.doses.patientDay(
                    stored,
                    from: dates.min() ?? CalendarDate(daysSinceEpoch: 0),
                    through: dates.max() ?? CalendarDate(daysSinceEpoch: 0)
                )
            }
            let built = FHIRBundleBuilder.doseEntries(
                records,
                orders: orders ?? [],
                patient: day,
                timeZone: zone,
                patientReference: run.link.patientReference
            )
            if built.skipped > 0 { run.report.leftOut["dose without its order", default: 0] += built.skipped }
            if !built.entries.isEmpty {
                let bundle = FHIRBundleBuilder.transactionBundle(built.entries)
                try await send(bundle, entries: built.entries.count, kind: "dose", &run)
            }
            try await storeCall {
                try await app.store.advanceCareTeamCursor(profileId: stored.id, .dose, to: last.row, atMs: app.now())
            }
            cursor = last.row
        }
    }
}

extension Dictionary where Key == String {
    /// The same values under keys changed by `transform`.
    fileprivate func mapKeys(_ transform: (String) -> String) -> [String: Value] {
        Dictionary(uniqueKeysWithValues: map { (transform($0.key), $0.value) })
    }
}
