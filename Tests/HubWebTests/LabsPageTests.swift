import Clinical
import Testing

@testable import HubWeb

/// What the labs page writes that is not the application layer's: the lab names per language and the guideline a
/// target cites.
@Suite struct LabsPageTests {
    @Test func everyLabHasItsSpanishName() {
        for analyte in LabCatalog.standard.analytes {
            #expect(Spanish.labNames[analyte.id] != nil, "no Spanish name for \(analyte.id)")
            #expect(Language.english.labName(analyte) == analyte.displayName)
        }
        #expect(Language.spanish.labName(.potassium) == "Potasio")
    }

    @Test func aTargetCitesTheGuidelineWithoutTheNotesSectionOrKeys() {
        #expect(
            LabsPage.guideline("nutrition.md §2.8: NKF KDOQI 2003, CKD 5 [R22]; DaVita 3.0–5.5 [R21]")
                == "NKF KDOQI 2003, CKD 5; DaVita 3.0–5.5"
        )
        #expect(LabsPage.guideline("KDIGO 2012") == "KDIGO 2012")
    }

    @Test func placeholdersAreFilledInOrder() {
        #expect(Language.english.text(.egfrSlopePerYear, "-2.5", "3") == "-2.5 mL/min/1.73 m² per year over 3 results.")
        #expect(Language.spanish.text(.downBy, "1,2 mmol/L") == "baja 1,2 mmol/L")
    }
}
