import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubStore

/// Runs the profiles' reading watches (`ReadingWatch`, the throttled rule) over readings just stored, whatever
/// brought them: each reading of a watched kind, oldest first, may notify, spaced and inside the watch's window;
/// the notification asks about the watch's medication when it names one. A reading nobody owns yet watches nothing.
public struct ReadingWatchRun: Sendable {
    let store: HubDatabase

    /// Readings older than this when stored (a back-dated import, a meter's memory) watch nothing: a prompt to act
    /// on a reading an hour old comes too late, and a year imported at once must not notify for each day of it.
    static let recentWindowMilliseconds: Int64 = 60 * 60_000

    /// A run over `store`.
    public init(store: HubDatabase) {
        self.store = store
    }

    /// Runs every watch of each owner of `measurementIds`; returns the ids of the notifications queued.
    @discardableResult
    public func readingsStored(_ measurementIds: [Int64], at atMs: Int64) async throws -> [Int64] {
        // Every heart-rate batch of an import comes through here: with no watch anywhere (most stores), one read of
        // a small table is all it costs, and the batch's readings are not loaded again.
        let watching = Set(try await store.readingWatches(profileId: nil).map(\.profileId))
        guard !watching.isEmpty else { return [] }
        let kinds = Set(WatchedReading.allCases.flatMap(\.kinds))
        let owned = try await store.ownedReadings(measurementIds: measurementIds, kinds: kinds)
        var queued: [Int64] = []
        let profiles = try await store.profiles()
        for (profileId, readings) in Dictionary(grouping: owned, by: \.profileId) {
            guard let profileId, watching.contains(profileId),
                let profile = profiles.first(where: { $0.id == profileId })
            else { continue }
            let zone = try profile.profile.timeZone()
            let settings = try await store.notificationSettings(profileId: profileId)
            let measurements = readings.map(\.reading.measurement).filter {
                $0.startMs >= atMs - Self.recentWindowMilliseconds
            }
            guard !measurements.isEmpty else { continue }
            queued += try await store.runReadingWatches(profileId: profileId, atMs: atMs) { watch in
                let values = measurements.compactMap { measurement in
                    watch.reading.value(of: measurement).map { (value: $0, atMs: measurement.startMs) }
                }
                let (after, firings) = watch.run(over: values, timeZone: zone)
                let notifications = firings.compactMap { firing -> QueuedNotification? in
                    let draft = Self.draft(watch, firing, timeZone: zone)
                    return settings.pushTime(for: draft.type, at: atMs, in: zone).map {
                        QueuedNotification(draft: draft, pushAfterMs: $0)
                    }
                }
                return (after, notifications)
            }
        }
        return queued
    }

    /// "Heart rate 75 /min at 15:00, above your 70": and the medication to think of, when the watch names one.
    static func draft(_ watch: ReadingWatch, _ firing: ReadingWatch.Firing, timeZone: TimeZone) -> NotificationDraft {
        let unit = UnitDisplayName.text(watch.reading.unitCode)
        let time = GoalCalendar.timeOfDay(at: firing.atMs, in: timeZone)
        let value = firing.value.formatted(.number.precision(.fractionLength(0...1)))
        let threshold = watch.rule.threshold.formatted(.number.precision(.fractionLength(0...1)))
        let name = watch.rule.trigger.name
        var body = "Your \(name) was \(value) \(unit) at \(time), above your watch's \(threshold) \(unit)."
        if let medication = watch.medication {
            body += " Time for \(medication)? Mark it taken on Today, or `kidneyhub doses take \"\(medication)\"`."
        }
        return NotificationDraft(
            type: .reminder,
            title: "\(name.prefix(1).uppercased() + name.dropFirst()) above \(threshold) \(unit)",
            body: body,
            dedupeKey: "watch:\(watch.id):\(firing.atMs)",
            message: .readingWatch(
                reading: watch.reading,
                value: firing.value,
                threshold: watch.rule.threshold,
                time: time.description,
                medication: watch.medication
            )
        )
    }
}
