/// The drugs named in the interaction rules (nutrition.md §3.1), matched to a patient's medications by generic name,
/// brand name or RxNorm id: whole words only, never a near spelling, so a typo or an unknown drug is kept as "no
/// interaction data" rather than matched to a different drug.
public struct DrugCatalog: Sendable {
    /// The known drugs.
    public let drugs: [KnownDrug]

    /// A catalog of `drugs`.
    public init(_ drugs: [KnownDrug]) {
        self.drugs = drugs
    }

    /// The drug with this generic name.
    public func drug(generic: String) -> KnownDrug? { drugs.first { $0.generic == generic } }

    /// Matches one medication as written ("Lisinopril 10 mg", "Prograf", "rxcui:29046", "29046").
    public func match(_ medicationName: String) -> MedicationMatch {
        let words = FoodWords.words(medicationName)
        var found: [KnownDrug] = []
        var how: String?
        let rxcuiWords = Set(words.filter { $0.allSatisfy(\.isNumber) })
        for drug in drugs {
            if Self.containsPhrase(words, drug.generic) {
                found.append(drug)
                how = how ?? "generic name"
            } else if drug.brands.contains(where: { Self.containsPhrase(words, $0) }) {
                found.append(drug)
                how = how ?? "brand name"
            } else if let rxcui = drug.rxcui, rxcuiWords.contains(rxcui) {
                found.append(drug)
                how = how ?? "RxNorm id"
            }
        }
        return MedicationMatch(name: medicationName, drugs: found, matchedBy: found.isEmpty ? nil : how)
    }

    /// True when `phrase`'s words appear in a row in `words`, each word exactly (no prefixes: "losartan" is not
    /// "losartanx", and "valsartan" never matches "losartan").
    static func containsPhrase(_ words: [String], _ phrase: String) -> Bool {
        let phraseWords = FoodWords.words(phrase)
        guard !phraseWords.isEmpty, words.count >= phraseWords.count else { return false }
        for start in 0...(words.count - phraseWords.count)
        where phraseWords.indices.allSatisfy({ words[start + $0] == phraseWords[$0] }) {
            return true
        }
        return false
    }

    /// The drugs of nutrition.md §3.1. Brand names are those the research notes and the FDA labels they cite use.
    /// RxNorm ingredient RXCUIs are given only where known with confidence (RxNorm ingredient concepts, NLM RxNav);
    /// they were not re-checked offline, and a drug without one is matched by name only.
    public static let standard = DrugCatalog([
        KnownDrug("lisinopril", brands: ["Zestril", "Prinivil"], rxcui: "29046", drugClass: "ACE inhibitor"),
        KnownDrug("enalapril", brands: ["Vasotec"], drugClass: "ACE inhibitor"),
        KnownDrug("ramipril", brands: ["Altace"], drugClass: "ACE inhibitor"),
        KnownDrug("benazepril", brands: ["Lotensin"], drugClass: "ACE inhibitor"),
        KnownDrug("captopril", drugClass: "ACE inhibitor"),
        KnownDrug("losartan", brands: ["Cozaar"], rxcui: "52175", drugClass: "angiotensin receptor blocker"),
        KnownDrug("valsartan", brands: ["Diovan"], drugClass: "angiotensin receptor blocker"),
        KnownDrug("telmisartan", brands: ["Micardis"], drugClass: "angiotensin receptor blocker"),
        KnownDrug("irbesartan", brands: ["Avapro"], drugClass: "angiotensin receptor blocker"),
        KnownDrug("spironolactone", brands: ["Aldactone", "CaroSpir"], rxcui: "9997", drugClass: "steroidal MRA"),
        KnownDrug("eplerenone", brands: ["Inspra"], drugClass: "steroidal MRA"),
        KnownDrug("finerenone", brands: ["Kerendia"], drugClass: "non-steroidal MRA"),
        KnownDrug("trimethoprim", brands: ["Bactrim", "Septra"], drugClass: "antibiotic (ENaC-blocking)"),
        KnownDrug("sevelamer", brands: ["Renvela", "Renagel"], drugClass: "phosphate binder"),
        KnownDrug("calcium acetate", brands: ["PhosLo", "Phoslyra"], drugClass: "calcium phosphate binder"),
        KnownDrug("calcium carbonate", brands: ["Tums"], drugClass: "calcium phosphate binder"),
        KnownDrug("lanthanum", brands: ["Fosrenol"], drugClass: "phosphate binder"),
        KnownDrug("ferric citrate", brands: ["Auryxia"], drugClass: "phosphate binder"),
        KnownDrug("sucroferric oxyhydroxide", brands: ["Velphoro"], drugClass: "phosphate binder"),
        KnownDrug(
            "tacrolimus",
            brands: ["Prograf", "Envarsus", "Astagraf"],
            rxcui: "42316",
            drugClass: "calcineurin inhibitor"
        ),
        KnownDrug(
            "cyclosporine",
            brands: ["Neoral", "Sandimmune", "Gengraf"],
            rxcui: "3008",
            drugClass: "calcineurin inhibitor"
        ),
        KnownDrug("simvastatin", brands: ["Zocor"], rxcui: "36567", drugClass: "statin (CYP3A4)"),
        KnownDrug("lovastatin", brands: ["Mevacor", "Altoprev"], drugClass: "statin (CYP3A4)"),
        KnownDrug("atorvastatin", brands: ["Lipitor"], rxcui: "83367", drugClass: "statin (CYP3A4)"),
        KnownDrug("felodipine", brands: ["Plendil"], drugClass: "dihydropyridine calcium-channel blocker"),
        KnownDrug("nifedipine", brands: ["Procardia", "Adalat"], drugClass: "dihydropyridine calcium-channel blocker"),
        KnownDrug("nisoldipine", brands: ["Sular"], drugClass: "dihydropyridine calcium-channel blocker"),
        KnownDrug("warfarin", brands: ["Coumadin", "Jantoven"], rxcui: "11289", drugClass: "vitamin K antagonist"),
        KnownDrug(
            "levothyroxine",
            brands: ["Synthroid", "Levoxyl", "Unithroid"],
            rxcui: "10582",
            drugClass: "thyroid hormone"
        ),
        KnownDrug("tetracycline", drugClass: "tetracycline"),
        KnownDrug("doxycycline", brands: ["Vibramycin", "Doryx"], drugClass: "tetracycline"),
        KnownDrug("minocycline", brands: ["Minocin"], drugClass: "tetracycline"),
        KnownDrug("ciprofloxacin", brands: ["Cipro"], rxcui: "2551", drugClass: "fluoroquinolone"),
        KnownDrug("levofloxacin", brands: ["Levaquin"], drugClass: "fluoroquinolone"),
        KnownDrug("moxifloxacin", brands: ["Avelox"], drugClass: "fluoroquinolone"),
        KnownDrug("phenelzine", brands: ["Nardil"], drugClass: "MAO inhibitor"),
        KnownDrug("tranylcypromine", brands: ["Parnate"], drugClass: "MAO inhibitor"),
        KnownDrug("isocarboxazid", brands: ["Marplan"], drugClass: "MAO inhibitor"),
        KnownDrug("selegiline", brands: ["Emsam"], drugClass: "MAO inhibitor"),
        KnownDrug("metformin", brands: ["Glucophage"], rxcui: "6809", drugClass: "biguanide"),
        KnownDrug("ferrous sulfate", brands: ["Feosol"], drugClass: "oral iron"),
        KnownDrug("ferrous gluconate", drugClass: "oral iron"),
        KnownDrug("cinacalcet", brands: ["Sensipar"], drugClass: "calcimimetic"),
        KnownDrug("sodium bicarbonate", drugClass: "alkali"),
        KnownDrug("mycophenolate", brands: ["CellCept", "Myfortic"], drugClass: "immunosuppressant"),
    ])
}
