import TestSupport
import Testing

@testable import HubCore

/// The lab units and analyte factors of the unit table against formats.md §5.
struct UnitTableLabTests {
    /// One row of formats.md §5: 1 conventional unit of the analyte is `factor` SI units.
    struct Factor: CustomTestStringConvertible, Sendable {
        let analyte: Analyte
        let from: String
        let to: String
        let factor: Double
        var testDescription: String { "\(analyte) \(from) → \(to) × \(factor)" }
    }

    static let factors: [Factor] = [
        Factor(analyte: .creatinine, from: "mg/dL", to: "umol/L", factor: 88.4),
        Factor(analyte: .phosphorus, from: "mg/dL", to: "mmol/L", factor: 0.3229),
        Factor(analyte: .calcium, from: "mg/dL", to: "mmol/L", factor: 0.2495),
        Factor(analyte: .uricAcid, from: "mg/dL", to: "umol/L", factor: 59.48),
        Factor(analyte: .parathyroidHormone, from: "pg/mL", to: "pmol/L", factor: 0.106),
        Factor(analyte: .vitaminD25OH, from: "ng/mL", to: "nmol/L", factor: 2.496),
        Factor(analyte: .potassium, from: "meq/L", to: "mmol/L", factor: 1),
        Factor(analyte: .sodium, from: "meq/L", to: "mmol/L", factor: 1),
        Factor(analyte: .bicarbonate, from: "meq/L", to: "mmol/L", factor: 1),
        Factor(analyte: .urineAlbuminCreatinineRatio, from: "mg/g", to: "mg/mmol", factor: 1 / 8.84),
        Factor(analyte: .glucose, from: "mg/dL", to: "mmol/L", factor: 1 / 18.0156),
    ]

    @Test(arguments: factors)
    func conventionalToSIUsesTheReferenceFactor(_ row: Factor) throws {
        for value in [0.5, 1, 7.25, 300] {
            let si = try UnitTable.convert(value, from: row.from, to: row.to, analyte: row.analyte)
            #expect(isClose(si, value * row.factor), "\(value) \(row.from) gave \(si) \(row.to)")
            let back = try UnitTable.convert(si, from: row.to, to: row.from, analyte: row.analyte)
            #expect(isClose(back, value), "\(si) \(row.to) came back as \(back) \(row.from)")
        }
    }

    @Test(arguments: factors)
    func analyteFactorsNeedTheAnalyte(_ row: Factor) {
        #expect(throws: UnitConversionError.analyteRequired(from: row.from, to: row.to)) {
            try UnitTable.convert(1, from: row.from, to: row.to)
        }
    }

    @Test func workedConversions() throws {
        // formats.md §5 and nutrition.md §2.10: 1.5 mg/dL creatinine is 132.6 µmol/L.
        #expect(isClose(try UnitTable.convert(1.5, from: "mg/dL", to: "umol/L", analyte: .creatinine), 132.6))
        #expect(isClose(try UnitTable.convert(132.6, from: "umol/L", to: "mg/dL", analyte: .creatinine), 1.5))
        // Creatinine in mmol/L goes through the same factor and the table's µmol ↔ mmol.
        #expect(isClose(try UnitTable.convert(1, from: "mg/dL", to: "mmol/L", analyte: .creatinine), 0.0884))
        #expect(isClose(try UnitTable.convert(5.5, from: "mg/dL", to: "mmol/L", analyte: .phosphorus), 1.77595))
        #expect(isClose(try UnitTable.convert(30, from: "ng/mL", to: "nmol/L", analyte: .vitaminD25OH), 74.88))
        #expect(isClose(try UnitTable.convert(300, from: "pg/mL", to: "pmol/L", analyte: .parathyroidHormone), 31.8))
        // ng/L is pg/mL, so the PTH factor serves it too.
        #expect(isClose(try UnitTable.convert(300, from: "ng/L", to: "pmol/L", analyte: .parathyroidHormone), 31.8))
        // UACR: the A2 floor of 30 mg/g is 3.39 mg/mmol, not KDIGO's rounded 3.
        #expect(
            isClose(
                try UnitTable.convert(30, from: "mg/g", to: "mg/mmol", analyte: .urineAlbuminCreatinineRatio),
                30 / 8.84
            )
        )
    }

    @Test func sameDimensionLabUnitsNeedNoAnalyte() throws {
        // formats.md §5: albumin (and hemoglobin) g/dL → g/L × 10.
        #expect(try UnitTable.convert(4, from: "g/dL", to: "g/L") == 40)
        #expect(try UnitTable.convert(110, from: "g/L", to: "g/dL") == 11)
        #expect(try UnitTable.convert(1, from: "pg/mL", to: "ng/L") == 1)
        #expect(try UnitTable.convert(1, from: "ng/mL", to: "pg/mL") == 1000)
        #expect(try UnitTable.convert(1, from: "g/dL", to: "mg/dL") == 1000)
        #expect(try UnitTable.convert(2500, from: "pmol/L", to: "nmol/L") == 2.5)
        #expect(try UnitTable.convert(1, from: "mg/g", to: "%") == 0.1)
    }

    @Test func hba1cIsAffine() throws {
        // formats.md §5: IFCC = (NGSP − 2.15) × 10.929; 7.0 % → 53 mmol/mol.
        let ifcc = try UnitTable.convert(7, from: "%", to: "mmol/mol", analyte: .hemoglobinA1c)
        #expect(isClose(ifcc, (7 - 2.15) * 10.929))
        #expect(ifcc.rounded() == 53)
        #expect(isClose(try UnitTable.convert(2.15, from: "%", to: "mmol/mol", analyte: .hemoglobinA1c), 0))
        // Reverse: NGSP = IFCC / 10.929 + 2.15 ≈ 0.0915 × IFCC + 2.15.
        let ngsp = try UnitTable.convert(53, from: "mmol/mol", to: "%", analyte: .hemoglobinA1c)
        #expect(isClose(ngsp, 53 / 10.929 + 2.15))
        #expect(isClose(ngsp, 0.0915 * 53 + 2.15, relative: 1e-4))
        // The affine offset follows a same-dimension step: a fraction of 1 is 100 %.
        #expect(isClose(try UnitTable.convert(0.07, from: "1", to: "mmol/mol", analyte: .hemoglobinA1c), ifcc))
        #expect(isClose(try UnitTable.convert(53, from: "mmol/mol", to: "1", analyte: .hemoglobinA1c), ngsp / 100))
        for value in [4.0, 5.7, 6.5, 9.25, 14] {
            let there = try UnitTable.convert(value, from: "%", to: "mmol/mol", analyte: .hemoglobinA1c)
            #expect(isClose(try UnitTable.convert(there, from: "mmol/mol", to: "%", analyte: .hemoglobinA1c), value))
        }
    }

    @Test func hba1cPercentIsNotAPerMille() {
        // % (NGSP) and mmol/mol (IFCC) are different scales: never × 10 through the dimensionless units.
        #expect(throws: UnitConversionError.analyteRequired(from: "%", to: "mmol/mol")) {
            try UnitTable.convert(7, from: "%", to: "mmol/mol")
        }
        #expect(throws: UnitConversionError.noAnalyteFactor(.glucose, from: "%", to: "mmol/mol")) {
            try UnitTable.convert(7, from: "%", to: "mmol/mol", analyte: .glucose)
        }
    }

    @Test func milliequivalentsNeedTheIon() throws {
        // mEq/L = mmol/L holds only for monovalent ions, so the table asks which ion.
        #expect(throws: UnitConversionError.analyteRequired(from: "meq/L", to: "mmol/L")) {
            try UnitTable.convert(4.5, from: "meq/L", to: "mmol/L")
        }
        #expect(throws: UnitConversionError.noAnalyteFactor(.calcium, from: "meq/L", to: "mmol/L")) {
            try UnitTable.convert(4.5, from: "meq/L", to: "mmol/L", analyte: .calcium)
        }
        #expect(try UnitTable.convert(4.5, from: "meq/L", to: "mmol/L", analyte: .potassium) == 4.5)
    }

    @Test func egfrUnitStandsAlone() {
        // Unnormalized mL/min is not in the table, and eGFR never converts to a volume or a time.
        #expect(UnitTable.standard.unit("mL/min/{1.73_m2}")?.dimension == .normalizedFlowRate)
        #expect(UnitTable.standard.unit("mL/min") == nil)
        #expect(throws: UnitConversionError.self) {
            try UnitTable.convert(60, from: "mL/min/{1.73_m2}", to: "mL")
        }
    }
}
