import TestSupport
import Testing

@testable import Clinical
@testable import HubCore

/// The lab catalog: ids, LOINC codes (formats.md §3.1), units through the unit table, ranges and targets.
struct LabCatalogTests {
    static let ids = LabCatalog.standard.ids

    private func lab(_ id: String) throws -> LabAnalyte {
        try #require(LabCatalog.standard.analyte(id: id))
    }

    @Test func holdsTheFifteenLabsOfIssue4() {
        #expect(
            Set(LabCatalog.standard.ids) == [
                "egfr", "creatinine", "glucose", "albumin", "potassium", "phosphorus", "hba1c", "pth", "calcium",
                "bicarbonate", "uric_acid", "vitamin_d", "hemoglobin", "sodium", "uacr",
            ]
        )
        #expect(LabCatalog.standard.ids.count == 15)
    }

    /// formats.md §3.1, code and canonical UCUM unit per row.
    @Test(arguments: [
        ("egfr", "98979-8", "mL/min/{1.73_m2}"),
        ("creatinine", "2160-0", "mg/dL"),
        ("glucose", "2345-7", "mg/dL"),
        ("albumin", "1751-7", "g/dL"),
        ("potassium", "2823-3", "mmol/L"),
        ("phosphorus", "2777-1", "mg/dL"),
        ("hba1c", "4548-4", "%"),
        ("pth", "2731-8", "pg/mL"),
        ("calcium", "17861-6", "mg/dL"),
        ("bicarbonate", "1963-8", "mmol/L"),
        ("uric_acid", "3084-1", "mg/dL"),
        ("vitamin_d", "1989-3", "ng/mL"),
        ("hemoglobin", "718-7", "g/dL"),
        ("sodium", "2951-2", "mmol/L"),
        ("uacr", "9318-7", "mg/g"),
    ])
    func loincAndCanonicalUnit(id: String, loinc: String, unit: String) throws {
        let lab = try #require(LabCatalog.standard.analyte(id: id))
        #expect(lab.loinc == loinc)
        #expect(lab.canonicalUnit.code == unit)
        #expect(!lab.loincName.isEmpty && !lab.displayName.isEmpty)
    }

    @Test(arguments: ids)
    func loincNameMatchesTheCanonicalUnit(_ id: String) throws {
        let lab = try lab(id)
        // A [Mass/volume] code is reported in a mass unit, a [Moles/volume] code in a substance unit.
        let dimension = UnitTable.standard.unit(lab.canonicalUnit.code)?.dimension
        if lab.loincName.contains("[Mass/volume]") { #expect(dimension == .massConcentration) }
        if lab.loincName.contains("[Moles/volume]") { #expect(dimension == .substanceConcentration) }
    }

    @Test(arguments: ids)
    func everyAcceptedUnitConvertsToTheCanonicalUnitAndBack(_ id: String) throws {
        let lab = try lab(id)
        for unit in lab.acceptedUnitCodes {
            let there = try UnitTable.standard.converter(from: unit, to: lab.canonicalUnit.code, analyte: lab.analyte)
            let back = try UnitTable.standard.converter(from: lab.canonicalUnit.code, to: unit, analyte: lab.analyte)
            let middle = (lab.plausibleRange.lowerBound + lab.plausibleRange.upperBound) / 2
            #expect(isClose(there.apply(back.apply(middle)), middle), "\(lab.id) via \(unit)")
            // Increasing, so range ends map to range ends.
            #expect(back.apply(lab.plausibleRange.upperBound) > back.apply(lab.plausibleRange.lowerBound))
        }
    }

    @Test(arguments: ids)
    func unitSpellingsAreUnambiguous(_ id: String) throws {
        let lab = try lab(id)
        let folded = lab.acceptedUnitCodes.map(LabAnalyte.fold)
        #expect(Set(folded).count == folded.count)
        for (spelling, code) in lab.unitSpellings {
            #expect(lab.acceptedUnitCodes.contains(code), "\(lab.id): \(spelling) → \(code)")
        }
        for unit in lab.units {
            #expect(lab.unit(named: unit.code) == unit)
        }
    }

    @Test(arguments: ids)
    func targetsLieInsideThePlausibleRange(_ id: String) throws {
        let lab = try lab(id)
        for target in lab.targets {
            if let low = target.low { #expect(lab.plausibleRange.contains(low), "\(lab.id) \(target)") }
            if let high = target.high { #expect(lab.plausibleRange.contains(high), "\(lab.id) \(target)") }
            if let low = target.low, let high = target.high { #expect(low < high) }
            #expect(target.low != nil || target.high != nil)
            // A readable citation (guideline or publisher), never a path into research notes (issue 17 item 8).
            #expect(target.source.count > 10, "\(lab.id) \(target)")
            #expect(!target.source.contains(".md") && !target.source.contains("[R"), "\(lab.id) \(target)")
        }
    }

    @Test func targetsOfNutritionSection2_8() throws {
        let potassium = try #require(LabAnalyte.potassium.targets.first)
        #expect(potassium.low == 3.5 && potassium.high == 5.0 && potassium.scope == .anyone)
        let phosphorus = LabAnalyte.phosphorus.targets
        #expect(phosphorus.contains { $0.scope == .dialysis && $0.low == 3.5 && $0.high == 5.5 })
        #expect(phosphorus.contains { $0.scope == .ckdG3ToG4 && $0.low == 2.7 && $0.high == 4.6 })
        let calcium = try #require(LabAnalyte.calcium.targets.first)
        #expect(calcium.low == 8.4 && calcium.high == 9.5)
        #expect(LabAnalyte.parathyroidHormone.targets.contains { $0.scope == .dialysis && $0.high == 600 })
        #expect(LabAnalyte.albumin.targets.contains { $0.scope == .dialysis && $0.low == 4.0 && $0.high == nil })
        #expect(LabAnalyte.bicarbonate.targets.contains { $0.low == 22 && $0.high == nil })
        #expect(LabAnalyte.bicarbonate.targets.contains { $0.low == 24 && $0.high == 26 })
        #expect(LabAnalyte.hemoglobinA1c.targets.contains { $0.scope == .diabetes && $0.high == 7.0 })
        #expect(LabAnalyte.hemoglobin.targets.contains { $0.scope == .dialysis && $0.low == 10 && $0.high == 12 })
        #expect(LabAnalyte.egfr.targets.isEmpty && LabAnalyte.sodium.targets.isEmpty)
    }

    @Test func targetContainsIncludesItsEnds() {
        let target = LabTarget(.anyone, low: 3.5, high: 5.0, source: "test")
        #expect(target.contains(3.5) && target.contains(5.0) && target.contains(4.2))
        #expect(!target.contains(3.49) && !target.contains(5.01))
        let floorOnly = LabTarget(.anyone, low: 22, source: "test")
        #expect(floorOnly.contains(40) && !floorOnly.contains(21.9))
    }

    @Test func scopesApplyByDiseaseCategory() {
        #expect(LabTargetScope.dialysis.applies(to: .hemodialysis, hasDiabetes: false))
        #expect(LabTargetScope.dialysis.applies(to: .peritonealDialysis, hasDiabetes: false))
        #expect(!LabTargetScope.dialysis.applies(to: .ckdG4, hasDiabetes: false))
        #expect(LabTargetScope.ckdG3ToG4.applies(to: .ckdG3a, hasDiabetes: false))
        #expect(LabTargetScope.ckdG3ToG4.applies(to: .ckdG4, hasDiabetes: false))
        #expect(!LabTargetScope.ckdG3ToG4.applies(to: .ckdG5, hasDiabetes: false))
        #expect(!LabTargetScope.ckdG3ToG4.applies(to: .hemodialysis, hasDiabetes: false))
        #expect(LabTargetScope.diabetes.applies(to: .kidneyTransplant, hasDiabetes: true))
        #expect(!LabTargetScope.diabetes.applies(to: .kidneyTransplant, hasDiabetes: false))
        #expect(LabTargetScope.anyone.applies(to: .ckdG1, hasDiabetes: false))
    }

    @Test func lookupIgnoresLetterCase() {
        #expect(LabCatalog.standard.analyte(id: "Potassium")?.id == "potassium")
        #expect(LabCatalog.standard.analyte(id: "HbA1c")?.id == "hba1c")
        #expect(LabCatalog.standard.analyte(id: "kalium") == nil)
    }

    @Test(arguments: [
        ("potassium", "mEq/L", "meq/L"),
        ("sodium", "MEQ/L", "meq/L"),
        ("creatinine", "µmol/L", "umol/L"),
        ("creatinine", "μmol/l", "umol/L"),
        ("glucose", "mg/dl", "mg/dL"),
        ("egfr", "mL/min/1.73m2", "mL/min/{1.73_m2}"),
        ("egfr", "mL/min/1.73 m²", "mL/min/{1.73_m2}"),
        ("egfr", "ml/min/{1.73_m2}", "mL/min/{1.73_m2}"),
        ("hba1c", "mmol/mol", "mmol/mol"),
    ])
    func unitSpellingsResolveToUCUM(id: String, typed: String, code: String) throws {
        let lab = try #require(LabCatalog.standard.analyte(id: id))
        #expect(lab.unit(named: typed)?.code == code)
    }

    @Test func numberFormatting() {
        #expect(LabNumberFormat.fixed(1, decimals: 1) == "1.0")
        #expect(LabNumberFormat.fixed(10, decimals: 1) == "10.0")
        #expect(LabNumberFormat.fixed(8.84, decimals: 0) == "9")
        #expect(LabNumberFormat.fixed(0.1, decimals: 2) == "0.10")
        #expect(LabNumberFormat.fixed(0.05, decimals: 2) == "0.05")
        #expect(LabNumberFormat.fixed(-2.5, decimals: 1) == "-2.5")
        #expect(LabNumberFormat.fixed(-0.001, decimals: 1) == "0.0")
        #expect(LabNumberFormat.asEntered(56) == "56")
        #expect(LabNumberFormat.asEntered(5.6) == "5.6")
    }
}
