import Care
import CareEngine
import Clinical
import FoodData
import Foundation
import HubCore
import HubRecords
import HubStore

/// Writes a generated hemodialysis patient's history into a store through the hub's own write paths (ingest,
/// device assignment, phase tagging, labs, intake log, goals and their evaluation): the fixture of the report,
/// export and FHIR tests and of the report benchmark.
///
/// Per day: a pre and post weight on dialysis days (Mon/Wed/Fri) and a morning weight on the others, a blood
/// pressure with pulse, glucose 4 times, 3 meals and 2 drinks; per month: a lab panel. Values vary
/// deterministically with the day so the charts have shape.
public enum SamplePatientHistory {
    /// What was written.
    public struct Written: Sendable {
        public var profile: StoredProfile
        public var firstDay: CalendarDate
        public var lastDay: CalendarDate
    }

    /// The lab panel written each month: (analyte, value on the first month, unit).
    public static let labPanel: [(String, Double, String)] = [
        ("potassium", 5.4, "mmol/L"), ("phosphorus", 5.8, "mg/dL"), ("albumin", 3.8, "g/dL"),
        ("hemoglobin", 10.9, "g/dL"), ("creatinine", 7.9, "mg/dL"), ("calcium", 9.1, "mg/dL"),
        ("sodium", 138, "mmol/L"),
    ]

    /// Writes `days` days of history ending on `lastDay` for a new profile named `name` (Europe/Berlin).
    public static func write(into store: HubDatabase, name: String, days: Int, lastDay: CalendarDate) async throws
        -> Written
    {
        let firstDay = lastDay.adding(days: -(days - 1))
        let dayMs: Int64 = 86_400_000
        try await store.acceptTerms(version: TermsOfService.current.version, atMs: 1)
        let profile = try await store.saveProfile(
            PatientProfile(
                name: name,
                dateOfBirth: try CalendarDate(year: 1961, month: 4, day: 12),
                sexAtBirth: .female,
                heightCentimeters: 164,
                diseaseCategory: .hemodialysis,
                dialysisSchedule: DialysisSchedule(
                    weekdays: [.monday, .wednesday, .friday],
                    start: try LocalTime(parsing: "08:00"),
                    end: try LocalTime(parsing: "12:00")
                ),
                dryWeightKilograms: 68,
                diabetes: .type2,
                timeZoneIdentifier: "Europe/Berlin",
                medications: [
                    Medication(name: "Sevelamer carbonate", dose: "800 mg", schedule: "3 times a day with meals"),
                    Medication(name: "Amlodipine", dose: "5 mg", schedule: "once a day"),
                ]
            ),
            id: nil,
            atMs: 2
        )
        let zone = try profile.profile.timeZone()
        func local(_ date: CalendarDate, hour: Int, minute: Int = 0) -> RFC3339Timestamp {
            let utc = Int64(date.daysSinceEpoch) * dayMs + Int64(hour * 3600 + minute * 60) * 1000
            let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(utc) / 1000))
            return RFC3339Timestamp(epochMilliseconds: utc - Int64(offset) * 1000, utcOffsetSeconds: offset)
        }
        var sequence = 0
        func record(
            _ kind: String,
            value: Double? = nil,
            components: [String: Double]? = nil,
            unit: String,
            at time: RFC3339Timestamp,
            phase: String? = nil
        ) throws -> IngestRecord {
            sequence += 1
            let raw = RawMeasurement(
                sourceRecordId: "s\(sequence)",
                kind: kind,
                value: value,
                components: components,
                unit: unit,
                effectiveTime: RFC3339.format(time),
                context: phase.map { RawMeasurementContext(dialysisPhase: $0) }
            )
            return IngestRecord(try MeasurementNormalizer.normalize(raw).get())
        }
        var records: [IngestRecord] = []
        for index in 0..<days {
            let date = firstDay.adding(days: index)
            let wave = Double(index % 9) / 10
            if [.monday, .wednesday, .friday].contains(date.weekday) {
                let gain = date.weekday == .monday ? 2.6 : 1.9
                records.append(
                    try record(
                        "body_weight",
                        value: 68.3 + gain + wave,
                        unit: "kg",
                        at: local(date, hour: 7, minute: 40),
                        phase: "pre"
                    )
                )
                records.append(
                    try record(
                        "body_weight",
                        value: 68.2 + wave / 2,
                        unit: "kg",
                        at: local(date, hour: 12, minute: 20),
                        phase: "post"
                    )
                )
            } else {
                records.append(
                    try record(
                        "body_weight",
                        value: 69.4 + wave,
                        unit: "kg",
                        at: local(date, hour: 7, minute: 15),
                        phase: "none"
                    )
                )
            }
            let bp = local(date, hour: 8)
            records.append(
                try record(
                    "blood_pressure",
                    components: ["systolic": 128 + Double(index % 17), "diastolic": 76 + Double(index % 11)],
                    unit: "mm[Hg]",
                    at: bp
                )
            )
            records.append(try record("heart_rate", value: 70 + Double(index % 8), unit: "/min", at: bp))
            for (slot, hour) in [7, 12, 18, 22].enumerated() {
                records.append(
                    try record(
                        "blood_glucose",
                        value: 105 + Double((index * 13 + slot * 29) % 70),
                        unit: "mg/dL",
                        at: local(date, hour: hour)
                    )
                )
            }
        }
        let device = DeviceIdentity(
            adapterId: "sample",
            deviceId: "home-kit",
            manufacturer: "Sample",
            model: "Home kit"
        )
        _ = try await store.ingest(IngestBatch(device: device, records: [records[0]], receivedAtMs: 3))
        let row = try await store.device(id: "home-kit", adapterId: "sample")
        try await store.assign(
            DeviceAssignment(deviceRowId: row.rowId, userIndex: -1, profileId: profile.id, assignedAtMs: 3)
        )
        for chunk in stride(from: 1, to: records.count, by: 5000) {
            _ = try await store.ingest(
                IngestBatch(
                    device: device,
                    records: Array(records[chunk..<min(chunk + 5000, records.count)]),
                    receivedAtMs: 4
                )
            )
        }
        _ = try await WeightPhaseTagger(store: store, now: { 5 }).tagPending()

        var labs: [LabValue] = []
        var month = 0
        for index in stride(from: 5, to: days, by: 30) {
            let takenAt = local(firstDay.adding(days: index), hour: 9)
            for (analyte, value, unit) in labPanel {
                let drift = analyte == "hemoglobin" ? Double(month) * 0.1 : Double(month % 3) * 0.1
                labs.append(
                    LabValue(
                        analyteID: analyte,
                        value: value + drift,
                        unit: unit,
                        originalValue: value + drift,
                        originalUnit: unit,
                        takenAt: takenAt
                    )
                )
            }
            month += 1
        }
        _ = try await store.insertLabResults(labs, profileId: profile.id, source: .manual, createdAtMs: 6)

        if try await !store.hasFoodDatabase() {
            _ = try await store.importFoodDatabase(try ShippedFoodDatabase.load(), atMs: 7)
        }
        let foods: [(String, [Nutrient: Double])] = [
            ("Sample porridge", [.energy: 120, .protein: 4, .potassium: 140, .phosphorus: 110, .sodium: 50]),
            ("Sample chicken and rice", [.energy: 160, .protein: 11, .potassium: 210, .phosphorus: 150, .sodium: 320]),
            ("Sample vegetable soup", [.energy: 60, .protein: 2, .potassium: 260, .phosphorus: 40, .sodium: 410]),
        ]
        for (name, per100) in foods {
            _ = try await store.addCustomFood(
                FoodFacts(name: name, per100Grams: NutrientAmounts(per100), measures: [], isLiquid: false),
                atMs: 7
            )
        }
        for index in 0..<days {
            let date = firstDay.adding(days: index)
            let extra = Double(index % 5) * 40
            for (meal, hour, food, grams) in [
                (Meal.breakfast, 7, "Sample porridge", 250.0), (.lunch, 13, "Sample chicken and rice", 350 + extra),
                (.dinner, 19, "Sample vegetable soup", 300 + extra),
            ] {
                _ = try await store.logFood(
                    food,
                    amount: grams,
                    unit: "g",
                    meal: meal,
                    takenAt: local(date, hour: hour),
                    profile: profile,
                    atMs: 8
                )
            }
            _ = try await store.logFluid(
                amount: 300 + extra,
                unit: "mL",
                what: "water",
                takenAt: local(date, hour: 10),
                profile: profile,
                atMs: 8
            )
        }
        _ = try await store.addGoal(
            profileId: profile.id,
            kind: .interdialyticGainBelow(percentOfDryWeight: 4),
            period: .week,
            atMs: 9
        )
        _ = try await store.addGoal(
            profileId: profile.id,
            kind: .labInRange(analyte: "potassium", low: 3.5, high: 5.5),
            period: .month,
            atMs: 9
        )
        _ = try await store.addGoal(
            profileId: profile.id,
            kind: .bloodPressureBelow(systolic: 140, diastolic: 90),
            period: .week,
            atMs: 9
        )
        _ = try await GoalEngine(store: store).evaluate(at: local(lastDay.adding(days: 1), hour: 1).epochMilliseconds)
        return Written(profile: profile, firstDay: firstDay, lastDay: lastDay)
    }
}
