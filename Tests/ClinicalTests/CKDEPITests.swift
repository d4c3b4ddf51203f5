import TestSupport
import Testing

@testable import Clinical
@testable import HubCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// CKD-EPI 2021 against every worked example of nutrition.md §2.10.
struct CKDEPITests {
    /// A worked example: inputs, the eGFR as the note prints it, and how many decimals it prints.
    struct Example: CustomTestStringConvertible, Sendable {
        let sex: SexAtBirth
        let age: Int
        let creatinine: Double
        let egfr: Double
        let decimals: Int
        let stage: GFRCategory
        var testDescription: String { "\(sex) \(age) y, Scr \(creatinine) → \(egfr)" }
    }

    /// nutrition.md §2.10, "Worked examples (computed)".
    static let examples = [
        Example(sex: .male, age: 60, creatinine: 1.5, egfr: 52.97, decimals: 2, stage: .g3a),
        Example(sex: .female, age: 45, creatinine: 0.6, egfr: 112.7, decimals: 1, stage: .g1),
        Example(sex: .female, age: 55, creatinine: 0.9, egfr: 75.5, decimals: 1, stage: .g2),
        Example(sex: .male, age: 67, creatinine: 4.8, egfr: 12.6, decimals: 1, stage: .g5),
    ]

    private func rounded(_ value: Double, _ decimals: Int) -> Double {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        return (value * scale).rounded() / scale
    }

    @Test(arguments: examples)
    func workedExample(_ example: Example) throws {
        let egfr = try CKDEPI2021.egfr(creatinineMgPerDL: example.creatinine, ageYears: example.age, sex: example.sex)
        #expect(rounded(egfr, example.decimals) == example.egfr, "got \(egfr)")
        #expect(try GFRCategory(egfr: egfr) == example.stage)
    }

    @Test(arguments: examples)
    func workedExampleInMicromolesPerLitre(_ example: Example) throws {
        // nutrition.md §2.10: µmol/L ÷ 88.4 = mg/dL, through the unit table.
        let micromoles = example.creatinine * 88.4
        let egfr = try CKDEPI2021.egfr(creatinine: micromoles, unit: "umol/L", ageYears: example.age, sex: example.sex)
        let direct = try CKDEPI2021.egfr(
            creatinineMgPerDL: example.creatinine,
            ageYears: example.age,
            sex: example.sex
        )
        #expect(isClose(egfr, direct, relative: 1e-12))
        #expect(rounded(egfr, example.decimals) == example.egfr)
    }

    @Test func moreDigitsThanTheNotePrints() throws {
        // Independent evaluation of the same formula (IEEE double, Python), to 1e-9.
        #expect(
            isClose(
                try CKDEPI2021.egfr(creatinineMgPerDL: 1.5, ageYears: 60, sex: .male),
                52.96748952995523,
                relative: 1e-9
            )
        )
        #expect(
            isClose(
                try CKDEPI2021.egfr(creatinineMgPerDL: 0.6, ageYears: 45, sex: .female),
                112.73472028679367,
                relative: 1e-9
            )
        )
        #expect(
            isClose(
                try CKDEPI2021.egfr(creatinineMgPerDL: 0.9, ageYears: 55, sex: .female),
                75.49880473189417,
                relative: 1e-9
            )
        )
        #expect(
            isClose(
                try CKDEPI2021.egfr(creatinineMgPerDL: 4.8, ageYears: 67, sex: .male),
                12.558054465305753,
                relative: 1e-9
            )
        )
    }

    @Test func kinkIsContinuousAtKappa() throws {
        // At Scr = κ both power terms are 1: 142 × 0.9938^age (× 1.012 for women).
        let man = try CKDEPI2021.egfr(creatinineMgPerDL: 0.9, ageYears: 40, sex: .male)
        #expect(isClose(man, 142 * pow(0.9938, 40)))
        let woman = try CKDEPI2021.egfr(creatinineMgPerDL: 0.7, ageYears: 40, sex: .female)
        #expect(isClose(woman, 142 * pow(0.9938, 40) * 1.012))
        let below = try CKDEPI2021.egfr(creatinineMgPerDL: 0.9.nextDown, ageYears: 40, sex: .male)
        let above = try CKDEPI2021.egfr(creatinineMgPerDL: 0.9.nextUp, ageYears: 40, sex: .male)
        #expect(isClose(below, man, relative: 1e-9) && isClose(above, man, relative: 1e-9))
    }

    @Test func fromAValidatedLabValue() throws {
        let now = try RFC3339.parse("2026-03-01T09:00:00Z")
        let creatinine = try LabValidation.validate(
            analyte: "creatinine",
            value: 132.6,
            unit: "umol/L",
            takenAt: now,
            now: now.epochMilliseconds
        )
        let egfr = try CKDEPI2021.egfr(creatinine: creatinine, ageYears: 60, sex: .male)
        #expect((egfr * 100).rounded() / 100 == 52.97)
        let potassium = try LabValidation.validate(
            analyte: "potassium",
            value: 4,
            unit: "mmol/L",
            takenAt: now,
            now: now.epochMilliseconds
        )
        #expect(throws: CKDEPIError.notCreatinine("potassium")) {
            try CKDEPI2021.egfr(creatinine: potassium, ageYears: 60, sex: .male)
        }
    }

    @Test(arguments: [17, 0, -3])
    func childrenAreRefused(_ age: Int) {
        do {
            _ = try CKDEPI2021.egfr(creatinineMgPerDL: 1, ageYears: age, sex: .female)
            Issue.record("age \(age) accepted")
        } catch {
            #expect(error == .ageBelowAdult(age))
            #expect(error.field == "age")
            #expect(error.description.contains("adults only"))
        }
    }

    @Test func adultBoundaryAndImplausibleAge() throws {
        #expect(try CKDEPI2021.egfr(creatinineMgPerDL: 1, ageYears: 18, sex: .female) > 0)
        #expect(try CKDEPI2021.egfr(creatinineMgPerDL: 1, ageYears: 120, sex: .male) > 0)
        #expect(throws: CKDEPIError.ageImplausible(121)) {
            try CKDEPI2021.egfr(creatinineMgPerDL: 1, ageYears: 121, sex: .male)
        }
    }

    @Test(arguments: [0, -1.2, Double.nan, .infinity])
    func creatinineMustBePositiveAndFinite(_ creatinine: Double) {
        do {
            _ = try CKDEPI2021.egfr(creatinineMgPerDL: creatinine, ageYears: 50, sex: .male)
            Issue.record("creatinine \(creatinine) accepted")
        } catch {
            #expect(error.field == "creatinine")
            #expect(error.reason.contains("creatinine > 0"))
        }
    }

    @Test func creatinineUnitMustBeOneTheLabAccepts() {
        #expect(throws: CKDEPIError.unsupportedCreatinineUnit("mmol/mol", accepted: ["mg/dL", "umol/L"])) {
            try CKDEPI2021.egfr(creatinine: 1, unit: "mmol/mol", ageYears: 50, sex: .male)
        }
        #expect(
            CKDEPIError.unsupportedCreatinineUnit("g", accepted: ["mg/dL", "umol/L"]).description
                == "unit: creatinine is not accepted in 'g' (accepted: mg/dL, umol/L)"
        )
    }
}
