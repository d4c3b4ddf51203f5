import ArgumentParser
import Care
import CareEngine
import Clinical
import Foundation
import GRDB
import HubCore
import HubRecords
import HubStore

/// Reading ingested → touched goals evaluated → notification queued (issue 9's goal: p99 ≤ 20 ms with a year of
/// history and 50 active goals). Each timed step stores one reading as a device batch (one transaction, durability
/// as chosen) and runs the real post-commit hook: the weight tagger claims it, the goals engine evaluates the goals
/// it touches and queues their rewards and notifications.
struct GoalEvaluationLatency: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "goals")
    @Option(help: "Timed readings (each on its own day after the year of history).") var readings = 300
    @Option(help: "Store durability: full (fsync per commit) or normal.") var durability = "full"
    @Flag(help: "Time the store, the tagger and the engine separately (the hook's two steps, called one by one).")
    var breakdown = false

    func run() async throws {
        guard let durability = StoreDurability(rawValue: durability) else {
            throw ValidationError("--durability is full or normal")
        }
        let directory = try BenchmarkEnvironment.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try HubDatabase.open(atPath: "\(directory)/hub.sqlite", durability: durability)
        try await BenchmarkEnvironment.acceptTerms(in: store)
        let zone = "Europe/Berlin"
        let profile = try await store.saveProfile(
            PatientProfile(
                name: "Bench",
                diseaseCategory: .hemodialysis,
                dialysisSchedule: DialysisSchedule(
                    weekdays: [.monday, .wednesday, .friday],
                    start: try LocalTime(parsing: "08:00"),
                    end: try LocalTime(parsing: "12:00")
                ),
                dryWeightKilograms: 70,
                timeZoneIdentifier: zone
            ),
            id: nil,
            atMs: 1
        )
        let device = DeviceIdentity(adapterId: "bench", deviceId: "band")
        let day: Int64 = 86_400_000
        let historyStart = try RFC3339.parse("2025-01-01T00:00:00+01:00").epochMilliseconds
        let historyDays = 365
        var sequence = 0

        func record(
            _ kind: String,
            value: Double? = nil,
            components: [String: Double]? = nil,
            unit: String,
            at ms: Int64,
            phase: String? = nil
        ) throws -> IngestRecord {
            sequence += 1
            let raw = RawMeasurement(
                sourceRecordId: "r\(sequence)",
                kind: kind,
                value: value,
                components: components,
                unit: unit,
                effectiveTime: RFC3339.format(epochMilliseconds: ms, utcOffsetSeconds: 3600),
                context: phase.map { RawMeasurementContext(dialysisPhase: $0) }
            )
            return IngestRecord(try MeasurementNormalizer.normalize(raw).get())
        }

        // A year of history: 16 hourly step counts and 2 blood pressures a day, pre and post weights on
        // dialysis days, monthly labs.
        var records: [IngestRecord] = []
        for index in 0..<historyDays {
            let midnight = historyStart + Int64(index) * day
            for hour in 6..<22 {
                records.append(
                    try record(
                        "steps",
                        value: Double(300 + (index * 7 + hour) % 500),
                        unit: "{steps}",
                        at: midnight + Int64(hour) * 3_600_000
                    )
                )
            }
            for hour in [7, 19] {
                records.append(
                    try record(
                        "blood_pressure",
                        components: ["systolic": 125 + Double(index % 15), "diastolic": 78 + Double(index % 9)],
                        unit: "mm[Hg]",
                        at: midnight + Int64(hour) * 3_600_000
                    )
                )
            }
            if [0, 2, 4].contains(index % 7) {
                records.append(
                    try record(
                        "body_weight",
                        value: 72 + Double(index % 5) / 10,
                        unit: "kg",
                        at: midnight + 7 * 3_600_000,
                        phase: "pre"
                    )
                )
                records.append(
                    try record(
                        "body_weight",
                        value: 70 + Double(index % 3) / 10,
                        unit: "kg",
                        at: midnight + 13 * 3_600_000,
                        phase: "post"
                    )
                )
            }
        }
        _ = try await store.ingest(IngestBatch(device: device, records: [records[0]], receivedAtMs: historyStart))
        let row = try await store.device(id: "band")
        try await store.assign(
            DeviceAssignment(deviceRowId: row.rowId, userIndex: -1, profileId: profile.id, assignedAtMs: 2)
        )
        for chunk in stride(from: 1, to: records.count, by: 5000) {
            _ = try await store.ingest(
                IngestBatch(
                    device: device,
                    records: Array(records[chunk..<min(chunk + 5000, records.count)]),
                    receivedAtMs: historyStart
                )
            )
        }
        try await WeightPhaseTagger(store: store).tagPending()
        var labs: [LabValue] = []
        for month in 0..<12 {
            let takenAt = RFC3339Timestamp(
                epochMilliseconds: historyStart + Int64(month * 30 + 10) * day,
                utcOffsetSeconds: 3600
            )
            for (analyte, value, unit) in [
                ("potassium", 4.6, "mmol/L"), ("phosphorus", 5.1, "mg/dL"), ("albumin", 3.9, "g/dL"),
                ("egfr", 12.0, "mL/min/{1.73_m2}"),
            ] {
                labs.append(
                    LabValue(
                        analyteID: analyte,
                        value: value,
                        unit: unit,
                        originalValue: value,
                        originalUnit: unit,
                        takenAt: takenAt
                    )
                )
            }
        }
        try await store.insertLabResults(labs, profileId: profile.id, source: .import, createdAtMs: 3)

        // 50 active goals: 20 on steps (the timed readings touch them), 10 on blood pressure, 10 on weight and
        // interdialytic gain, 10 on labs.
        let periods: [GoalPeriod] = [.day, .week, .month]
        var kinds: [(GoalKind, GoalPeriod)] = []
        for index in 0..<20 { kinds.append((.stepsPerDay(2000 + index * 250), index < 10 ? .day : periods[index % 3])) }
        for index in 0..<10 {
            kinds.append((.bloodPressureBelow(systolic: 130 + Double(index), diastolic: 85), periods[index % 3]))
        }
        for index in 0..<5 {
            kinds.append(
                (.weightRange(lowKilograms: 69.5, highKilograms: 70.5 + Double(index) / 10), periods[index % 3])
            )
        }
        for index in 0..<5 {
            kinds.append((.interdialyticGainBelow(percentOfDryWeight: 3.5 + Double(index) / 4), periods[index % 2 + 1]))
        }
        for index in 0..<10 {
            let lab = ["potassium", "phosphorus", "albumin", "bicarbonate", "hba1c"][index % 5]
            kinds.append((.labInRange(analyte: lab, low: 1, high: 20), periods[1 + index % 2]))
        }
        for (kind, period) in kinds {
            _ = try await store.addGoal(profileId: profile.id, kind: kind, period: period, atMs: historyStart)
        }
        let engine = GoalEngine(store: store)
        // The history's periods are closed first, as the scheduler would have done over the year.
        let afterHistory = historyStart + Int64(historyDays) * day
        _ = try await engine.evaluate(at: afterHistory)

        let clock = ManualClock(start: afterHistory)
        let tagger = WeightPhaseTagger(store: store)
        let hook = CarePostCommitWork(tagger: tagger, engine: engine, clock: clock)
        var phases = [0.0, 0.0, 0.0]
        var latencies: [Double] = []
        var queued = 0
        for index in 0..<readings {
            let at = afterHistory + Int64(index) * day + 20 * 3_600_000
            clock.advance(to: at + 1000)
            let before = try await lastNotificationId(store)
            let batch = IngestBatch(
                device: device,
                records: [try record("steps", value: 9000, unit: "{steps}", at: at)],
                receivedAtMs: at
            )
            let start = ContinuousClock.now
            let outcome = try await store.ingest(batch)
            if breakdown {
                let stored = ContinuousClock.now
                await tagger.didCommit(outcome, device: device)
                let tagged = ContinuousClock.now
                _ = try await engine.evaluateTouched(measurementIds: outcome.storedIds, at: clock.now())
                let evaluated = ContinuousClock.now
                phases[0] += seconds(stored - start) * 1000
                phases[1] += seconds(tagged - stored) * 1000
                phases[2] += seconds(evaluated - tagged) * 1000
            } else {
                await hook.didCommit(outcome, device: device)
            }
            latencies.append(seconds(ContinuousClock.now - start) * 1000)
            let after = try await lastNotificationId(store)
            if after > before { queued += 1 }
        }
        guard queued == readings else {
            throw ValidationError("only \(queued) of \(readings) readings queued a notification")
        }
        let history = try await store.measurementCount()
        let goals = try await store.goals(profileId: profile.id).count
        latencies.sort()
        print(
            "goals: \(readings) step readings, each ingested, its touched goals (20 of \(goals)) evaluated and notifications queued; "
                + "\(history) readings of history, durability \(durability.rawValue)"
        )
        if breakdown {
            let n = Double(readings)
            print(
                String(
                    format: "  mean: store %.2f ms, tagger %.2f ms, goals %.2f ms",
                    phases[0] / n,
                    phases[1] / n,
                    phases[2] / n
                )
            )
        }
        print(
            String(
                format: "  p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms",
                percentile(latencies, 50),
                percentile(latencies, 90),
                percentile(latencies, 99),
                latencies.last ?? .nan
            )
        )
    }
}

/// The id of the latest queued notification (0 when none): how the benchmark checks that each reading queued one.
private func lastNotificationId(_ store: HubDatabase) async throws -> Int64 {
    try await store.pool.read { db in try Int64.fetchOne(db, sql: "SELECT max(id) FROM notification") ?? 0 }
}
