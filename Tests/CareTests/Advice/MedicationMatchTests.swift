import Care
import Clinical
import HubCore
import Testing

/// Medications are matched by generic name, brand name or RxNorm id, whole words only; an unknown name is kept as
/// "no interaction data", never matched to a different drug (issue 10 acceptance, bad input).
@Suite struct MedicationMatchTests {
    @Test(arguments: [
        ("Lisinopril 10 mg", "lisinopril", "generic name"),
        ("ZESTRIL", "lisinopril", "brand name"),
        ("rxcui:29046", "lisinopril", "RxNorm id"),
        ("29046", "lisinopril", "RxNorm id"),
        ("Prograf 1 mg twice daily", "tacrolimus", "brand name"),
        ("sevelamer carbonate 800 mg", "sevelamer", "generic name"),
        ("calcium acetate", "calcium acetate", "generic name"),
        ("valsartan", "valsartan", "generic name"),
    ])
    func knownNamesMatch(name: String, generic: String, how: String) {
        let match = DrugCatalog.standard.match(name)
        #expect(match.drugs.map(\.generic) == [generic])
        #expect(match.matchedBy == how)
        #expect(!match.hasNoInteractionData)
    }

    @Test(arguments: [
        "Lisinoprill 10 mg",  // a typo is not lisinopril
        "Losartanx",
        "Xyzzamab 5 mg",  // a drug the rules do not know
        "calcium",  // not calcium acetate or carbonate
        "290460",  // not RXCUI 29046
        "tacro",  // no prefixes
        "",
    ])
    func unknownNamesAreKeptWithNoInteractionData(name: String) {
        let match = DrugCatalog.standard.match(name)
        #expect(match.name == name)
        #expect(match.drugs.isEmpty)
        #expect(match.hasNoInteractionData)
        #expect(match.matchedBy == nil)
    }

    @Test func valsartanIsNeverLosartan() {
        #expect(DrugCatalog.standard.match("valsartan 80 mg").drugs.map(\.generic) == ["valsartan"])
        #expect(DrugCatalog.standard.match("losartan 50 mg").drugs.map(\.generic) == ["losartan"])
    }

    @Test func aCombinationNamesEachDrug() {
        let match = DrugCatalog.standard.match("trimethoprim-sulfamethoxazole")
        #expect(match.drugs.map(\.generic) == ["trimethoprim"])
    }

    @Test func anUnknownMedicationFiresNoInteractionEvenWithItsLookalikeFood() {
        let state = PatientAdviceState(
            category: .kidneyTransplant,
            limits: [],
            medications: [Medication(name: "Tacrolimuss")]
        )
        #expect(state.medications.first?.hasNoInteractionData == true)
        let check = FoodChecker.check(Foods.grapefruit, state: state)
        #expect(check.interactions.isEmpty)
        #expect(check.verdict == .fits)
    }
}
