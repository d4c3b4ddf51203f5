import TestSupport
import Testing

@testable import Clinical
@testable import HubCore

/// Lab results typed by a person or read from a file: conversion to the canonical unit and every refusal.
struct LabValidationTests {
    /// 2026-03-01T09:00:00+01:00.
    static let now = RFC3339Timestamp(epochMilliseconds: 1_772_352_000_000, utcOffsetSeconds: 3600)
    /// 2026-03-01T07:30:00+01:00.
    static let morning = RFC3339Timestamp(epochMilliseconds: 1_772_346_600_000, utcOffsetSeconds: 3600)

    private func validate(_ id: String, _ value: Double, _ unit: String) throws(LabValidationError) -> LabValue {
        try LabValidation.validate(
            analyte: id,
            value: value,
            unit: unit,
            takenAt: Self.morning,
            now: Self.now.epochMilliseconds
        )
    }

    private func refusal(_ id: String, _ value: Double, _ unit: String) -> LabValidationError? {
        do {
            _ = try validate(id, value, unit)
            return nil
        } catch {
            return error
        }
    }

    @Test func fixtureInstantsAreTheIntendedTimes() throws {
        #expect(try RFC3339.parse("2026-03-01T09:00:00+01:00") == Self.now)
        #expect(try RFC3339.parse("2026-03-01T07:30:00+01:00") == Self.morning)
    }

    @Test func canonicalUnitIsKeptAsIs() throws {
        let potassium = try validate("potassium", 5.6, "mmol/L")
        #expect(
            potassium
                == LabValue(
                    analyteID: "potassium",
                    value: 5.6,
                    unit: "mmol/L",
                    originalValue: 5.6,
                    originalUnit: "mmol/L",
                    takenAt: Self.morning
                )
        )
    }

    @Test(arguments: [
        ("potassium", 4.5, "mEq/L", 4.5, "meq/L"),
        ("sodium", 140, "meq/L", 140, "meq/L"),
        ("creatinine", 132.6, "umol/L", 1.5, "umol/L"),
        ("creatinine", 88.4, "µmol/L", 1, "umol/L"),
        ("glucose", 5.5, "mmol/L", 99.0858, "mmol/L"),
        ("albumin", 38, "g/L", 3.8, "g/L"),
        ("hemoglobin", 110, "g/L", 11, "g/L"),
        ("phosphorus", 1.6145, "mmol/L", 5, "mmol/L"),
        ("calcium", 2.495, "mmol/L", 10, "mmol/L"),
        ("uric_acid", 356.88, "umol/L", 6, "umol/L"),
        ("pth", 31.8, "pmol/L", 300, "pmol/L"),
        ("pth", 300, "ng/L", 300, "ng/L"),
        ("vitamin_d", 74.88, "nmol/L", 30, "nmol/L"),
        ("hba1c", 53.00565, "mmol/mol", 7, "mmol/mol"),
        ("uacr", 3.39366515837104, "mg/mmol", 30, "mg/mmol"),
        ("egfr", 52, "mL/min/1.73 m2", 52, "mL/min/{1.73_m2}"),
    ])
    func alternativeUnitsConvertToCanonical(
        id: String,
        value: Double,
        unit: String,
        canonical: Double,
        ucum: String
    ) throws {
        let lab = try validate(id, value, unit)
        #expect(isClose(lab.value, canonical, relative: 1e-9), "\(id) \(value) \(unit) → \(lab.value)")
        #expect(lab.unit == LabCatalog.standard.analyte(id: id)?.canonicalUnit.code)
        #expect(lab.originalValue == value)
        #expect(lab.originalUnit == ucum)
    }

    @Test(arguments: LabCatalog.standard.ids)
    func plausibleRangeEndsAreAccepted(_ id: String) throws {
        let lab = try #require(LabCatalog.standard.analyte(id: id))
        let unit = lab.canonicalUnit.code
        #expect(try validate(id, lab.plausibleRange.lowerBound, unit).value == lab.plausibleRange.lowerBound)
        #expect(try validate(id, lab.plausibleRange.upperBound, unit).value == lab.plausibleRange.upperBound)
        #expect(refusal(id, lab.plausibleRange.upperBound.nextUp, unit)?.field == "value")
        #expect(refusal(id, lab.plausibleRange.lowerBound.nextDown, unit)?.field == "value")
    }

    @Test func unknownAnalyteListsTheKnownIds() {
        let error = refusal("kalium", 4, "mmol/L")
        #expect(error == .unknownAnalyte("kalium", known: LabCatalog.standard.ids))
        #expect(error?.field == "analyte")
        #expect(
            error?.description
                == "analyte: unknown lab 'kalium' (known: egfr, creatinine, uacr, potassium, sodium, bicarbonate, phosphorus, calcium, pth, vitamin_d, albumin, hemoglobin, glucose, hba1c, uric_acid)"
        )
    }

    @Test func unitTheLabDoesNotAcceptListsTheAcceptedUnits() {
        #expect(
            refusal("potassium", 4, "mg/dL")?.description
                == "unit: potassium is not accepted in 'mg/dL' (accepted: mmol/L, meq/L)"
        )
        #expect(
            refusal("creatinine", 1, "stone")?.description
                == "unit: creatinine is not accepted in 'stone' (accepted: mg/dL, umol/L)"
        )
        #expect(
            refusal("calcium", 5, "meq/L")
                == .unsupportedUnit("meq/L", analyte: "calcium", accepted: ["mg/dL", "mmol/L"])
        )
        #expect(refusal("hba1c", 7, "")?.description == "unit: missing unit for hba1c (accepted: %, mmol/mol)")
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteValuesAreRefused(_ value: Double) {
        let error = refusal("sodium", value, "mmol/L")
        #expect(error?.field == "value")
        #expect(error?.reason.hasSuffix("is not a finite number") == true)
    }

    @Test func implausibleValueNamesTheRange() {
        // Issue 4 acceptance: potassium 56 is refused with the accepted range.
        #expect(
            refusal("potassium", 56, "mmol/L")?.description
                == "value: potassium 56 mmol/L is outside the plausible range 1.0–10.0 mmol/L"
        )
        #expect(
            refusal("potassium", 0.5, "meq/L")?.reason
                == "potassium 0.5 meq/L is outside the plausible range 1.0–10.0 meq/L (1.0–10.0 mmol/L)"
        )
        // A µmol/L creatinine typed with mg/dL, and an impossible µmol/L value, with the range in both units.
        #expect(
            refusal("creatinine", 120, "mg/dL")?.reason
                == "creatinine 120 mg/dL is outside the plausible range 0.10–40.00 mg/dL"
        )
        #expect(
            refusal("creatinine", 9000, "umol/L")?.reason
                == "creatinine 9000 umol/L is outside the plausible range 9–3536 umol/L (0.10–40.00 mg/dL)"
        )
        #expect(
            refusal("hba1c", 53, "%")?.reason == "hba1c 53 % is outside the plausible range 3.0–20.0 %"
        )
        #expect(refusal("hemoglobin", -1, "g/dL")?.field == "value")
        #expect(refusal("uacr", -0.5, "mg/g")?.field == "value")
    }

    @Test func futureDatesAreRefused() throws {
        let tomorrow = try RFC3339.parse("2026-03-02T07:30:00+01:00")
        do {
            _ = try LabValidation.validate(
                analyte: "potassium",
                value: 4.2,
                unit: "mmol/L",
                takenAt: tomorrow,
                now: Self.now.epochMilliseconds
            )
            Issue.record("a lab dated tomorrow was accepted")
        } catch {
            #expect(error.field == "date")
            #expect(
                error.description
                    == "date: potassium date 2026-03-02T07:30:00+01:00 is in the future (now is 2026-03-01T09:00:00+01:00)"
            )
        }
        // The current instant itself is not in the future.
        let atNow = try LabValidation.validate(
            analyte: "potassium",
            value: 4.2,
            unit: "mmol/L",
            takenAt: Self.now,
            now: Self.now.epochMilliseconds
        )
        #expect(atNow.takenAt == Self.now)
    }

    @Test func fieldsAreCheckedInOrder() {
        // Analyte first, then unit, then value, then date.
        #expect(refusal("nope", .nan, "stone")?.field == "analyte")
        #expect(refusal("potassium", .nan, "stone")?.field == "unit")
        #expect(refusal("potassium", 56, "mmol/L")?.field == "value")
    }
}
