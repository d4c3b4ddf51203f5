import TestSupport
import Testing

@testable import HubCore

/// The record rules of adapter-protocol.md §5.2/§5.4, one table of valid and one of invalid records.
struct MeasurementNormalizerTests {
    static let time = "2026-11-17T07:10:00+01:00"
    static let timeMs: Int64 = 1_794_895_800_000

    static func weight(_ change: (inout RawMeasurement) -> Void = { _ in }) -> RawMeasurement {
        var raw = RawMeasurement(
            sourceRecordId: "SC-0001/42",
            kind: "body_weight",
            value: 82.4,
            unit: "kg",
            effectiveTime: time
        )
        change(&raw)
        return raw
    }

    static func pressure(_ change: (inout RawMeasurement) -> Void = { _ in }) -> RawMeasurement {
        var raw = RawMeasurement(
            sourceRecordId: "BP/7",
            kind: "blood_pressure",
            components: ["systolic": 120, "diastolic": 80],
            unit: "mm[Hg]",
            effectiveTime: time
        )
        change(&raw)
        return raw
    }

    static func steps(_ change: (inout RawMeasurement) -> Void = { _ in }) -> RawMeasurement {
        var raw = RawMeasurement(
            sourceRecordId: "day/2026-11-17",
            kind: "steps",
            value: 8000,
            unit: "{steps}",
            effectivePeriod: RawPeriod(start: "2026-11-17T00:00:00+01:00", end: "2026-11-18T00:00:00+01:00")
        )
        change(&raw)
        return raw
    }

    // MARK: - Valid records

    @Test func weightInPoundsIsStoredInKilograms() throws {
        let normalized = try MeasurementNormalizer.normalize(
            Self.weight {
                $0.value = 180
                $0.unit = "[lb_av]"
                $0.context = RawMeasurementContext(dialysisPhase: "pre")
            }
        ).get()
        #expect(normalized.kind == .bodyWeight)
        #expect(normalized.sourceRecordId == "SC-0001/42")
        #expect(isClose(try #require(normalized.value), 81.6466266))
        #expect(normalized.unit == "kg")
        #expect(normalized.originalValue == 180)
        #expect(normalized.originalUnit == "[lb_av]")
        #expect(normalized.startMs == Self.timeMs)
        #expect(normalized.endMs == nil)
        #expect(normalized.utcOffsetSeconds == 3600)
        #expect(normalized.components == nil)
        #expect(normalized.context == MeasurementContext(dialysisPhase: .pre))
    }

    @Test func bloodPressureInKilopascalsConvertsEachComponent() throws {
        let normalized = try MeasurementNormalizer.normalize(
            Self.pressure {
                $0.components = ["systolic": 16, "diastolic": 10.6, "mean": 12.4]
                $0.unit = "kPa"
                $0.context = RawMeasurementContext(
                    bodyPosition: "sitting",
                    measurementStatus: ["irregular_pulse"],
                    userIndex: 2
                )
            }
        ).get()
        let components = try #require(normalized.components)
        #expect(Set(components.keys) == ["systolic", "diastolic", "mean"])
        #expect(isClose(try #require(components["systolic"]), 120.009852135305))
        #expect(isClose(try #require(components["diastolic"]), 10.6 * 1000 / 133.322387415))
        #expect(normalized.originalComponents == ["systolic": 16, "diastolic": 10.6, "mean": 12.4])
        #expect(normalized.value == nil && normalized.originalValue == nil)
        #expect(normalized.unit == "mm[Hg]" && normalized.originalUnit == "kPa")
        #expect(
            normalized.context
                == MeasurementContext(bodyPosition: .sitting, measurementStatus: ["irregular_pulse"], userIndex: 2)
        )
    }

    @Test func glucoseInMillimolesIsStoredInMilligramsPerDecilitre() throws {
        let raw = RawMeasurement(
            sourceRecordId: "G/1",
            kind: "blood_glucose",
            value: 5.5,
            unit: "mmol/L",
            effectiveTime: "2026-11-17T06:10:00Z",
            context: RawMeasurementContext(mealRelation: "fasting", dialysisPhase: "none", sampleSite: "finger")
        )
        let normalized = try MeasurementNormalizer.normalize(raw).get()
        #expect(isClose(try #require(normalized.value), 99.0858))
        #expect(normalized.startMs == Self.timeMs && normalized.utcOffsetSeconds == 0)
        #expect(
            normalized.context
                == MeasurementContext(mealRelation: .fasting, dialysisPhase: .noDialysis, sampleSite: "finger")
        )
    }

    @Test func periodKindsKeepBothEnds() throws {
        let normalized = try MeasurementNormalizer.normalize(Self.steps()).get()
        #expect(normalized.startMs == Self.timeMs - (7 * 60 + 10) * 60_000)
        #expect(normalized.endMs == normalized.startMs + 86_400_000)
        #expect(normalized.value == 8000 && normalized.unit == "{steps}")

        let sleep = try MeasurementNormalizer.normalize(
            Self.steps {
                $0.kind = "sleep"
                $0.value = 7.5
                $0.unit = "h"
            }
        ).get()
        #expect(sleep.value == 450 && sleep.unit == "min" && sleep.originalUnit == "h")

        let instant = try MeasurementNormalizer.normalize(
            Self.steps {
                $0.effectivePeriod = nil
                $0.effectiveTime = Self.time
            }
        ).get()
        #expect(instant.endMs == nil, "period kinds also accept effectiveTime")
    }

    @Test func edgeValuesThatAreAllowed() throws {
        let zeroLength = try MeasurementNormalizer.normalize(
            Self.steps { $0.effectivePeriod = RawPeriod(start: Self.time, end: "2026-11-17T06:10:00Z") }
        ).get()
        #expect(zeroLength.endMs == zeroLength.startMs, "an empty period ends at its start, given in another offset")

        // Temperature is the one kind whose sign check lets a negative number through; -1 Cel is then refused by
        // the plausibility range of body temperatures (ReadingPlausibility), not as a negative number.
        let cold = MeasurementNormalizer.normalize(
            Self.weight {
                $0.kind = "body_temperature"
                $0.value = -1
                $0.unit = "Cel"
            }
        )
        guard case .failure(let coldError) = cold else {
            Issue.record("a body temperature of -1 Cel was accepted")
            return
        }
        #expect(coldError.reason.contains("out of range") && !coldError.reason.contains("negative"))
        let fever = try MeasurementNormalizer.normalize(
            Self.weight {
                $0.kind = "body_temperature"
                $0.value = 104
                $0.unit = "[degF]"
            }
        ).get()
        #expect(abs((fever.value ?? 0) - 40) < 1e-9)

        let longest = try MeasurementNormalizer.normalize(
            Self.weight { $0.sourceRecordId = String(repeating: "é", count: 256) }
        )
        .get()
        #expect(longest.sourceRecordId.unicodeScalars.count == 256)

        let emptyContext = try MeasurementNormalizer.normalize(Self.weight { $0.context = RawMeasurementContext() })
            .get()
        #expect(emptyContext.context == nil)
        // Zero passes the sign check; where zero is no reading (a weight of 0 kg) the kind's plausible range refuses it.
        #expect(try MeasurementNormalizer.normalize(Self.steps { $0.value = 0 }).get().value == 0)
        #expect(throws: MeasurementFieldError.self) {
            try MeasurementNormalizer.normalize(Self.weight { $0.value = 0 }).get()
        }
    }

    // MARK: - Invalid records

    struct Refused: Sendable, CustomTestStringConvertible {
        let name: String
        let raw: RawMeasurement
        let field: String
        /// Fragments the reason must contain: what was wrong and what is accepted.
        let reasonContains: [String]
        var testDescription: String { name }
    }

    static let weightUnits = "kg, g, [lb_av]"
    static let bloodPressureComponents = "required: systolic, diastolic; optional: mean"

    static let refused: [Refused] = [
        Refused(
            name: "value of the wrong JSON type",
            raw: weight {
                $0.value = nil; $0.malformedFields = ["value"]
            },
            field: "value",
            reasonContains: ["wrong JSON type", "a number"]
        ),
        Refused(
            name: "context.userIndex of the wrong JSON type",
            raw: weight { $0.malformedFields = ["context.userIndex"] },
            field: "context.userIndex",
            reasonContains: ["integer 0–255"]
        ),
        Refused(
            name: "missing sourceRecordId",
            raw: weight { $0.sourceRecordId = nil },
            field: "sourceRecordId",
            reasonContains: ["missing", "1–256"]
        ),
        Refused(
            name: "empty sourceRecordId",
            raw: weight { $0.sourceRecordId = "" },
            field: "sourceRecordId",
            reasonContains: ["empty", "1–256"]
        ),
        Refused(
            name: "sourceRecordId of 257 characters",
            raw: weight { $0.sourceRecordId = String(repeating: "x", count: 257) },
            field: "sourceRecordId",
            reasonContains: ["257", "1–256"]
        ),
        Refused(
            name: "missing kind",
            raw: weight { $0.kind = nil },
            field: "kind",
            reasonContains: ["missing kind", "body_weight", "sleep"]
        ),
        Refused(
            name: "unknown kind",
            raw: weight { $0.kind = "weight" },
            field: "kind",
            reasonContains: ["unknown kind 'weight'", "body_weight, body_height"]
        ),
        Refused(
            name: "missing unit",
            raw: weight { $0.unit = nil },
            field: "unit",
            reasonContains: ["missing unit", weightUnits]
        ),
        Refused(
            name: "unknown unit",
            raw: weight { $0.unit = "stone" },
            field: "unit",
            reasonContains: ["unknown unit 'stone'", weightUnits]
        ),
        Refused(
            name: "unit the kind does not accept",
            raw: weight { $0.unit = "mmol/L" },
            field: "unit",
            reasonContains: ["unit 'mmol/L' does not fit kind 'body_weight' (accepted: kg, g, [lb_av])"]
        ),
        Refused(
            name: "unit of the right dimension the kind does not list",
            raw: weight {
                $0.kind = "body_height"; $0.unit = "km"
            },
            field: "unit",
            reasonContains: ["does not fit kind 'body_height'", "cm, m, [in_i], [ft_i]"]
        ),
        Refused(
            name: "missing value",
            raw: weight { $0.value = nil },
            field: "value",
            reasonContains: ["missing value", "finite number"]
        ),
        Refused(
            name: "NaN value",
            raw: weight { $0.value = .nan },
            field: "value",
            reasonContains: ["nan", "finite"]
        ),
        Refused(
            name: "infinite value",
            raw: weight { $0.value = .infinity },
            field: "value",
            reasonContains: ["inf", "finite"]
        ),
        Refused(
            name: "negative weight",
            raw: weight { $0.value = -2 },
            field: "value",
            reasonContains: ["negative", "≥ 0"]
        ),
        Refused(
            name: "components on a single-valued kind",
            raw: weight { $0.components = ["systolic": 1] },
            field: "components",
            reasonContains: ["single value", "blood_pressure"]
        ),
        Refused(
            name: "value on blood pressure",
            raw: pressure { $0.value = 120 },
            field: "value",
            reasonContains: ["takes components", "systolic, diastolic"]
        ),
        Refused(
            name: "missing components",
            raw: pressure { $0.components = nil },
            field: "components",
            reasonContains: ["missing components", bloodPressureComponents]
        ),
        Refused(
            name: "missing diastolic",
            raw: pressure { $0.components = ["systolic": 120] },
            field: "components.diastolic",
            reasonContains: ["missing component 'diastolic'", bloodPressureComponents]
        ),
        Refused(
            name: "unknown component",
            raw: pressure { $0.components = ["systolic": 120, "diastolic": 80, "pulse": 60] },
            field: "components.pulse",
            reasonContains: ["unknown component 'pulse'", "systolic, diastolic, mean"]
        ),
        Refused(
            name: "NaN systolic",
            raw: pressure { $0.components = ["systolic": .nan, "diastolic": 80] },
            field: "components.systolic",
            reasonContains: ["not a finite number"]
        ),
        Refused(
            name: "negative mean",
            raw: pressure { $0.components = ["systolic": 120, "diastolic": 80, "mean": -1] },
            field: "components.mean",
            reasonContains: ["negative"]
        ),
        Refused(
            name: "no time at all",
            raw: weight { $0.effectiveTime = nil },
            field: "effectiveTime",
            reasonContains: ["missing effectiveTime", "RFC 3339"]
        ),
        Refused(
            name: "no time on a period kind",
            raw: steps { $0.effectivePeriod = nil },
            field: "effectiveTime",
            reasonContains: ["effectiveTime or effectivePeriod"]
        ),
        Refused(
            name: "time without offset",
            raw: weight { $0.effectiveTime = "2026-11-17T07:10:00" },
            field: "effectiveTime",
            reasonContains: ["no UTC offset", "2026-11-17T07:10:00+01:00"]
        ),
        Refused(
            name: "day that does not exist",
            raw: weight { $0.effectiveTime = "2026-02-29T07:10:00Z" },
            field: "effectiveTime",
            reasonContains: ["day 29 does not exist in 2026-02"]
        ),
        Refused(
            name: "both effectiveTime and effectivePeriod",
            raw: steps { $0.effectiveTime = time },
            field: "effectivePeriod",
            reasonContains: ["exactly one of effectiveTime and effectivePeriod"]
        ),
        Refused(
            name: "period on an instant kind",
            raw: weight {
                $0.effectiveTime = nil; $0.effectivePeriod = RawPeriod(start: time, end: time)
            },
            field: "effectivePeriod",
            reasonContains: ["use effectiveTime", "steps, distance, active_energy, sleep"]
        ),
        Refused(
            name: "period without start",
            raw: steps { $0.effectivePeriod = RawPeriod(end: time) },
            field: "effectivePeriod.start",
            reasonContains: ["missing effectivePeriod.start"]
        ),
        Refused(
            name: "period with an unparseable end",
            raw: steps { $0.effectivePeriod = RawPeriod(start: time, end: "tomorrow") },
            field: "effectivePeriod.end",
            reasonContains: ["'tomorrow'", "RFC 3339"]
        ),
        Refused(
            name: "period ending before it starts",
            raw: steps { $0.effectivePeriod = RawPeriod(start: time, end: "2026-11-17T07:09:59+01:00") },
            field: "effectivePeriod.end",
            reasonContains: ["before start"]
        ),
        Refused(
            name: "unknown meal relation",
            raw: weight { $0.context = RawMeasurementContext(mealRelation: "lunch") },
            field: "context.mealRelation",
            reasonContains: ["'lunch'", "fasting, before_meal, after_meal, bedtime, casual"]
        ),
        Refused(
            name: "unknown body position",
            raw: weight { $0.context = RawMeasurementContext(bodyPosition: "kneeling") },
            field: "context.bodyPosition",
            reasonContains: ["'kneeling'", "sitting, standing, lying"]
        ),
        Refused(
            name: "unknown dialysis phase",
            raw: weight { $0.context = RawMeasurementContext(dialysisPhase: "during") },
            field: "context.dialysisPhase",
            reasonContains: ["'during'", "pre, post, intra, none"]
        ),
        Refused(
            name: "user index above 255",
            raw: weight { $0.context = RawMeasurementContext(userIndex: 256) },
            field: "context.userIndex",
            reasonContains: ["256", "0–255"]
        ),
        Refused(
            name: "negative user index",
            raw: weight { $0.context = RawMeasurementContext(userIndex: -1) },
            field: "context.userIndex",
            reasonContains: ["-1", "0–255"]
        ),
        Refused(
            name: "empty measurement status",
            raw: weight { $0.context = RawMeasurementContext(measurementStatus: ["cuff_loose", ""]) },
            field: "context.measurementStatus",
            reasonContains: ["measurementStatus[1] is empty", "non-empty strings"]
        ),
    ]

    @Test(arguments: refused)
    func refusesWithFieldAndReason(_ sample: Refused) {
        switch MeasurementNormalizer.normalize(sample.raw) {
        case .success(let normalized):
            Issue.record("accepted: \(normalized)")
        case .failure(let error):
            #expect(error.field == sample.field)
            for fragment in sample.reasonContains {
                #expect(error.reason.contains(fragment), "reason '\(error.reason)' lacks '\(fragment)'")
            }
        }
    }

    @Test func theBaseRecordsAreValid() {
        #expect((try? MeasurementNormalizer.normalize(Self.weight()).get()) != nil)
        #expect((try? MeasurementNormalizer.normalize(Self.pressure()).get()) != nil)
        #expect((try? MeasurementNormalizer.normalize(Self.steps()).get()) != nil)
    }
}
