import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubStore

/// Reads a profile's report data for a period from the store.
public enum ReportDataLoader {
    /// The data of `stored` for `period`; meal photos only when `includePhotos`.
    public static func load(
        _ database: HubDatabase,
        profile stored: StoredProfile,
        period: ReportPeriod,
        includePhotos: Bool,
        nowMs: Int64
    ) async throws(ReportError) -> ReportData {
        let profile = stored.profile
        let zone: TimeZone
        do { zone = try profile.timeZone() } catch { throw .profile(error.description) }
        do {
            let labs = try await database.labResults(profileId: stored.id).map(\.value)
                .filter { $0.takenAt.epochMilliseconds < period.endMs }
            // A week before the period too, so the first session's gain has its previous post weight.
            let weightRows = try await database.profileWeights(
                profileId: stored.id,
                sinceMs: period.startMs - 7 * 86_400_000
            )
            .filter { $0.startMs < period.endMs }
            let tagged = weightRows.map(\.tagged)
            let gains = InterdialyticGainCalculator.perSession(
                tagged,
                schedule: profile.dialysisSchedule,
                timeZone: zone,
                dryWeightKilograms: profile.dryWeightKilograms
            ).compactMap(\.gain).filter { $0.session.date >= period.from && $0.session.date <= period.through }
            let pressures = try await database.measurements(
                kind: .bloodPressure,
                sinceMs: period.startMs,
                untilMs: period.endMs,
                profileId: stored.id
            )
            let pulses = try await database.measurements(
                kind: .heartRate,
                sinceMs: period.startMs,
                untilMs: period.endMs,
                profileId: stored.id
            )
            // The dialysis phase of each reading (pre/post as weights are tagged); none yet for untagged ones.
            let phaseById = Dictionary(
                try await database.profileBloodPressures(profileId: stored.id, sinceMs: period.startMs).map {
                    ($0.measurementId, $0.phase.phase)
                },
                uniquingKeysWith: { first, _ in first }
            )
            let pulseByTime = Dictionary(
                pulses.compactMap { m in m.measurement.value.map { (m.measurement.startMs, $0) } },
                uniquingKeysWith: { first, _ in first }
            )
            let bloodPressure = pressures.compactMap { stored -> ReportData.BloodPressure? in
                guard let components = stored.measurement.components, let systolic = components["systolic"],
                    let diastolic = components["diastolic"]
                else { return nil }
                let atMs = stored.measurement.startMs
                return ReportData.BloodPressure(
                    atMs: atMs,
                    systolic: systolic,
                    diastolic: diastolic,
                    pulse: pulseByTime[atMs],
                    phase: phaseById[stored.id] ?? nil
                )
            }
            let glucose = try await database.measurements(
                kind: .bloodGlucose,
                sinceMs: period.startMs,
                untilMs: period.endMs,
                profileId: stored.id
            ).compactMap { m in
                m.measurement.value.map {
                    ReportData.Reading(
                        atMs: m.measurement.startMs,
                        value: $0,
                        beyondMeterRange: MeterRangeAlert.summary(m.measurement, timeZone: zone)
                    )
                }
            }
            let intake = try await database.intakeTotals(
                profileId: stored.id,
                from: period.from,
                through: period.through
            )
            let limits = try await database.dailyLimits(for: stored)
            let goals = try await database.goals(profileId: stored.id)
            let goalNames = Dictionary(uniqueKeysWithValues: goals.map { ($0.id, $0.kind.name) })
            let rewards = try await database.rewards(profileId: stored.id)
                // Rewards for the period's days are earned when the day closes, after the period ends.
                .filter { $0.earnedAtMs >= period.startMs }
                .map {
                    ReportData.Reward(
                        goalId: $0.goalId,
                        achievement: $0.achievement,
                        goalName: goalNames[$0.goalId] ?? "goal \($0.goalId)",
                        periodKey: $0.periodKey,
                        badge: $0.badge,
                        points: $0.points,
                        earnedAtMs: $0.earnedAtMs
                    )
                }
            var photos: [ReportData.Photo] = []
            if includePhotos {
                photos = try await database.mealPhotos(profileId: stored.id)
                    .filter { $0.localDate >= period.from && $0.localDate <= period.through }
                    .map { ReportData.Photo(date: $0.localDate, meal: $0.meal.rawValue, png: [UInt8]($0.thumbnailPNG)) }
            }
            let orders = try await database.medicationOrders(profileId: stored.id)
            let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(period.endMs - 1) / 1000))
            return ReportData(
                profile: profile,
                period: period,
                utcOffsetSeconds: offset,
                generatedAtMs: nowMs,
                labs: labs,
                weights: tagged.filter { $0.epochMilliseconds >= period.startMs },
                gains: gains,
                bloodPressure: bloodPressure,
                glucose: glucose,
                intake: intake,
                limits: limits,
                goals: goals,
                rewards: rewards,
                photos: photos,
                medicationOrders: orders
            )
        } catch let error as ReportError {
            throw error
        } catch {
            throw .store(String(describing: error))
        }
    }
}
