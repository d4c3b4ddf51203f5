import Foundation
import TestSupport
import Testing

@testable import Clinical
@testable import HubCore

/// What `kidneyhub trends` accepts, and the series built from labs and readings in the profile's display units.
struct TrendSeriesTests {
    typealias F = PatientFixtures

    static func lab(_ id: String, _ value: Double, _ unit: String, _ time: String) throws -> LabValue {
        LabValue(
            analyteID: id,
            value: value,
            unit: unit,
            originalValue: value,
            originalUnit: unit,
            takenAt: try RFC3339.parse(time)
        )
    }

    static func reading(
        _ kind: MeasurementKind,
        _ value: Double?,
        components: [String: Double]? = nil,
        unit: String,
        _ time: String
    ) throws -> NormalizedMeasurement {
        NormalizedMeasurement(
            sourceRecordId: time,
            kind: kind,
            value: value,
            components: components,
            unit: unit,
            originalValue: value,
            originalComponents: components,
            originalUnit: unit,
            startMs: try F.at(time),
            endMs: nil,
            utcOffsetSeconds: 0,
            context: nil
        )
    }

    static func profile(sex: SexAtBirth? = .male, born: String? = "1966-01-01", units: DisplayUnits = .metric) throws
        -> PatientProfile
    {
        PatientProfile(
            name: "Max",
            dateOfBirth: try born.map { try F.date($0) },
            sexAtBirth: sex,
            displayUnits: units,
            timeZoneIdentifier: "Europe/Berlin"
        )
    }

    @Test func kindsAreLabsAndReadings() {
        #expect(TrendSubject(kind: "potassium") == .lab(.potassium))
        #expect(TrendSubject(kind: "EGFR") == .lab(.egfr))
        #expect(TrendSubject(kind: "weight") == .weight)
        #expect(TrendSubject(kind: "blood_pressure") == .bloodPressure)
        #expect(TrendSubject(kind: "heart_rate") == .heartRate)
        #expect(TrendSubject(kind: "blood_glucose") == .bloodGlucose)
        #expect(TrendSubject(kind: "blood_ketone") == .bloodKetone)
        #expect(TrendSubject.bloodKetone.measurementKind == .bloodKetone)
        #expect(TrendSubject(kind: "body_weight") == nil)
        #expect(TrendSubject(kind: "cholesterol") == nil)
        let accepted = TrendSubject.acceptedKinds()
        #expect(accepted.count == LabCatalog.standard.ids.count + 5)
        #expect(accepted.contains("creatinine") && accepted.contains("blood_pressure"))
        for word in accepted { #expect(TrendSubject(kind: word)?.id == word) }
    }

    @Test func displayUnitsFollowTheProfileForWeightAndGlucoseOnly() {
        let imperial = DisplayUnits(weight: .pound, glucose: .millimolesPerLitre)
        #expect(TrendSubject.weight.displayUnit(imperial) == "[lb_av]")
        #expect(TrendSubject.weight.displayUnit(.metric) == "kg")
        #expect(TrendSubject.bloodGlucose.displayUnit(imperial) == "mmol/L")
        #expect(TrendSubject.lab(.glucose).displayUnit(imperial) == "mmol/L")
        #expect(TrendSubject.lab(.glucose).displayUnit(.metric) == "mg/dL")
        #expect(TrendSubject.lab(.creatinine).displayUnit(imperial) == "mg/dL")
        #expect(TrendSubject.lab(.egfr).displayUnit(imperial) == "mL/min/{1.73_m2}")
        #expect(TrendSubject.bloodPressure.displayUnit(imperial) == "mm[Hg]")
        #expect(TrendSubject.heartRate.displayUnit(imperial) == "/min")
    }

    @Test func dailyMeansForWeightPressureAndGlucose() throws {
        let zone = try F.zone("Europe/Berlin")
        for subject in [TrendSubject.weight, .bloodPressure, .bloodGlucose] {
            #expect(subject.aggregation(in: zone) == .dailyMean(zone))
        }
        for subject in [TrendSubject.heartRate, .lab(.potassium)] {
            #expect(subject.aggregation(in: zone) == .readings)
        }
    }

    @Test func weightsAreConvertedToPoundsThroughTheUnitTable() throws {
        let readings = [
            try Self.reading(.bodyWeight, 82.4, unit: "kg", "2026-11-17T06:10:00Z"),
            try Self.reading(.bodyWeight, 80.3, unit: "kg", "2026-11-14T11:35:00Z"),
            try Self.reading(.heartRate, 78, unit: "/min", "2026-11-17T06:15:00Z"),  // another kind: ignored
        ]
        let set = try TrendSeriesBuilder.readingSeries(
            .weight,
            readings: readings,
            displayUnits: DisplayUnits(weight: .pound)
        )
        let series = try #require(set.series.first)
        #expect(set.series.count == 1)
        #expect(series.name == "weight" && series.unit == "[lb_av]")
        #expect(
            series.points.map(\.epochMilliseconds) == [
                try F.at("2026-11-14T11:35:00Z"), try F.at("2026-11-17T06:10:00Z"),
            ]
        )
        #expect(isClose(series.points[0].value, 80.3 / 0.45359237, relative: 1e-12))
        #expect(isClose(series.points[1].value, 82.4 / 0.45359237, relative: 1e-12))
    }

    @Test func bloodPressureIsTwoSeriesAndGlucoseConvertsByMolarMass() throws {
        let pressure = try TrendSeriesBuilder.readingSeries(
            .bloodPressure,
            readings: [
                try Self.reading(
                    .bloodPressure,
                    nil,
                    components: ["systolic": 148, "diastolic": 86, "mean": 107],
                    unit: "mm[Hg]",
                    "2026-11-17T06:15:00Z"
                )
            ],
            displayUnits: .metric
        )
        #expect(pressure.series.map(\.name) == ["systolic", "diastolic"])
        #expect(pressure.series.map { $0.points.map(\.value) } == [[148], [86]])
        #expect(pressure.series.allSatisfy { $0.unit == "mm[Hg]" })

        let glucose = try TrendSeriesBuilder.readingSeries(
            .bloodGlucose,
            readings: [try Self.reading(.bloodGlucose, 180.156, unit: "mg/dL", "2026-11-17T05:50:00Z")],
            displayUnits: DisplayUnits(glucose: .millimolesPerLitre)
        )
        #expect(glucose.series.first?.unit == "mmol/L")
        #expect(isClose(try #require(glucose.series.first?.points.first?.value), 180.156 / 18.0156, relative: 1e-12))
    }

    @Test func egfrIsDerivedFromCreatinineWhereNoneIsReported() throws {
        let reported = try Self.lab("egfr", 60, "mL/min/{1.73_m2}", "2026-01-01T00:00:00+01:00")
        let creatinine = [
            // A 60-year-old man with 1.5 mg/dL: 52.97 (nutrition.md).
            try Self.lab("creatinine", 1.5, "mg/dL", "2026-01-05T00:00:00+01:00"),
            // Same instant as the reported eGFR: the reported one wins.
            try Self.lab("creatinine", 1.2, "mg/dL", "2026-01-01T00:00:00+01:00"),
        ]
        let set = try TrendSeriesBuilder.labSeries(
            .egfr,
            results: [reported],
            creatinine: creatinine,
            profile: try Self.profile()
        )
        let series = try #require(set.series.first)
        #expect(set.notes.isEmpty)
        #expect(series.unit == "mL/min/{1.73_m2}")
        #expect(series.points.count == 2)
        #expect(series.points[0].value == 60)
        #expect(abs(series.points[1].value - 52.97) < 0.005)
        #expect(series.derivedInstants == [try F.at("2026-01-05T00:00:00+01:00")])
    }

    @Test func oneBloodDrawGivesOneEGFRPointWhateverTheTimesEntered() throws {
        // The report's eGFR was entered as a date (midnight), its creatinine with the draw's time.
        let reported = try Self.lab("egfr", 55, "mL/min/{1.73_m2}", "2026-01-05T00:00:00+01:00")
        let sameDraw = try Self.lab("creatinine", 1.5, "mg/dL", "2026-01-05T07:30:00+01:00")
        let nextDay = try Self.lab("creatinine", 1.5, "mg/dL", "2026-01-06T07:30:00+01:00")
        let set = try TrendSeriesBuilder.labSeries(
            .egfr,
            results: [reported],
            creatinine: [sameDraw, nextDay],
            profile: try Self.profile()
        )
        let series = try #require(set.series.first)
        #expect(series.points.map(\.value).first == 55)
        #expect(series.points.count == 2)
        #expect(series.derivedInstants == [try F.at("2026-01-06T07:30:00+01:00")])
    }

    @Test func egfrIsNotDerivedWithoutSexOrBirthDate() throws {
        let creatinine = [try Self.lab("creatinine", 1.5, "mg/dL", "2026-01-05T00:00:00+01:00")]
        let noSex = try TrendSeriesBuilder.labSeries(
            .egfr,
            results: [],
            creatinine: creatinine,
            profile: try Self.profile(sex: nil)
        )
        #expect(noSex.series.first?.points.isEmpty == true)
        #expect(noSex.notes == ["eGFR is not derived from creatinine: CKD-EPI 2021 needs the sex at birth"])
        let noBirth = try TrendSeriesBuilder.labSeries(
            .egfr,
            results: [],
            creatinine: creatinine,
            profile: try Self.profile(born: nil)
        )
        #expect(noBirth.notes == ["eGFR is not derived from creatinine: CKD-EPI 2021 needs the date of birth"])
        let child = try TrendSeriesBuilder.labSeries(
            .egfr,
            results: [],
            creatinine: creatinine,
            profile: try Self.profile(born: "2015-01-01")
        )
        #expect(child.series.first?.points.isEmpty == true)
        #expect(child.notes.count == 1 && child.notes[0].contains("2026-01-05"))
    }

    @Test func otherLabsKeepTheirCanonicalUnitAndDeriveNothing() throws {
        let set = try TrendSeriesBuilder.labSeries(
            .potassium,
            results: [
                try Self.lab("potassium", 5.6, "mmol/L", "2026-01-12T00:00:00+01:00"),
                try Self.lab("potassium", 4.4, "mmol/L", "2026-01-05T00:00:00+01:00"),
            ],
            creatinine: [try Self.lab("creatinine", 1.5, "mg/dL", "2026-01-05T00:00:00+01:00")],
            profile: try Self.profile(units: DisplayUnits(weight: .pound, glucose: .millimolesPerLitre))
        )
        let series = try #require(set.series.first)
        #expect(series.unit == "mmol/L")
        #expect(series.points.map(\.value) == [4.4, 5.6])
        #expect(series.derivedInstants.isEmpty && set.notes.isEmpty)
    }
}
