import Testing

@testable import Clinical
@testable import HubCore

/// KDIGO GFR and albuminuria categories at their boundaries (nutrition.md §2.9).
struct StagingTests {
    @Test(arguments: [
        (120.0, GFRCategory.g1), (90, .g1), (89.99, .g2), (60, .g2), (59.99, .g3a), (45, .g3a), (44.99, .g3b),
        (30, .g3b), (29.99, .g4), (15, .g4), (14.99, .g5), (5, .g5), (0, .g5),
    ])
    func gfrCategoryBoundaries(egfr: Double, category: GFRCategory) throws {
        #expect(try GFRCategory(egfr: egfr) == category)
    }

    @Test(arguments: [-0.01, Double.nan, .infinity])
    func gfrCategoryRefusesImpossibleValues(_ egfr: Double) {
        do {
            _ = try GFRCategory(egfr: egfr)
            Issue.record("eGFR \(egfr) staged")
        } catch {
            #expect(error.field == "egfr")
        }
    }

    @Test(arguments: [
        (0.0, AlbuminuriaCategory.a1), (29.99, .a1), (30, .a2), (150, .a2), (300, .a2), (300.01, .a3), (2500, .a3),
    ])
    func albuminuriaBoundariesInMilligramsPerGram(acr: Double, category: AlbuminuriaCategory) throws {
        #expect(try AlbuminuriaCategory(acrMgPerG: acr) == category)
    }

    @Test(arguments: [
        (0.0, AlbuminuriaCategory.a1), (2.99, .a1), (3, .a2), (30, .a2), (30.01, .a3),
    ])
    func albuminuriaBoundariesInMilligramsPerMillimole(acr: Double, category: AlbuminuriaCategory) throws {
        #expect(try AlbuminuriaCategory(acrMgPerMmol: acr) == category)
    }

    @Test func albuminuriaRefusesImpossibleValues() {
        #expect(throws: KDIGOStagingError.invalidACR(-1, unit: "mg/g")) { try AlbuminuriaCategory(acrMgPerG: -1) }
        #expect(throws: KDIGOStagingError.self) { try AlbuminuriaCategory(acrMgPerMmol: .nan) }
    }

    @Test func uacrLabValueIsStagedInTheUnitItWasReportedIn() throws {
        let now = try RFC3339.parse("2026-03-01T09:00:00Z")
        func uacr(_ value: Double, _ unit: String) throws -> LabValue {
            try LabValidation.validate(
                analyte: "uacr",
                value: value,
                unit: unit,
                takenAt: now,
                now: now.epochMilliseconds
            )
        }
        // 3.2 mg/mmol is A2 by KDIGO's mg/mmol bounds although it converts to 28.3 mg/g.
        let reportedSI = try uacr(3.2, "mg/mmol")
        #expect(reportedSI.value < 30)
        #expect(try AlbuminuriaCategory(uacr: reportedSI) == .a2)
        #expect(try AlbuminuriaCategory(uacr: uacr(30, "mg/g")) == .a2)
        #expect(try AlbuminuriaCategory(uacr: uacr(301, "mg/g")) == .a3)
        let egfr = try LabValidation.validate(
            analyte: "egfr",
            value: 40,
            unit: "mL/min/{1.73_m2}",
            takenAt: now,
            now: now.epochMilliseconds
        )
        #expect(throws: KDIGOStagingError.notUACR("egfr")) { try AlbuminuriaCategory(uacr: egfr) }
    }

    @Test func stageReadsAsKDIGOWritesIt() throws {
        #expect(try KDIGOStage(egfr: 52.97, acrMgPerG: 45).description == "G3a A2")
        #expect(try KDIGOStage(egfr: 52.97).description == "G3a")
        #expect(KDIGOStage(gfr: .g5, albuminuria: .a3).description == "G5 A3")
        #expect(throws: KDIGOStagingError.invalidACR(-3, unit: "mg/g")) { try KDIGOStage(egfr: 70, acrMgPerG: -3) }
    }

    @Test func categoriesAreOrderedBySeverity() {
        #expect(GFRCategory.allCases.sorted() == [.g1, .g2, .g3a, .g3b, .g4, .g5])
        #expect(GFRCategory.g3b > .g3a && GFRCategory.g1 < .g5)
        #expect(AlbuminuriaCategory.a1 < .a2 && AlbuminuriaCategory.a3 > .a2)
        #expect(GFRCategory.g3a.egfrRange == "45–59" && GFRCategory.g5.summary == "kidney failure")
        #expect(AlbuminuriaCategory.a2.summary == "moderately increased")
    }
}

/// The stage a patient is reported with (issue 17, item 6): G5D on dialysis, the T suffix after a transplant.
struct PatientStageTests {
    @Test(arguments: [
        // On dialysis: G5D whatever the eGFR says (a hemodialysis patient's creatinine gave G3b in the field).
        (DiseaseCategory?.some(.hemodialysis), GFRCategory?.some(.g3b), String?.some("G5D")),
        (.hemodialysis, .g5, "G5D"),
        (.hemodialysis, nil, "G5D"),
        (.peritonealDialysis, .g4, "G5D"),
        // With a transplant: the G category of the latest eGFR with its T suffix.
        (.kidneyTransplant, .g2, "G2T"),
        (.kidneyTransplant, .g3a, "G3aT"),
        (.kidneyTransplant, nil, nil),
        // Not on dialysis: the latest eGFR's category, else the profile's.
        (.ckdG3a, .g3b, "G3b"),
        (.ckdG4, nil, "G4"),
        (nil, .g1, "G1"),
        (nil, nil, nil),
    ])
    func stageText(category: DiseaseCategory?, latest: GFRCategory?, expected: String?) {
        #expect(PatientStage.text(category: category, latest: latest) == expected)
    }
}
