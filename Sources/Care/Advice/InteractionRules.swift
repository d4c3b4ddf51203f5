/// The food–drug interaction knowledge base: the 20 rows of nutrition.md §3.1, split where one row cites sources of
/// different standing (a quoted label and a label "not re-checked"), so each rule carries one honest verification.
///
/// Thresholds on a portion are KidneyHub's, each cited beside its rule. Rules the research marks "not re-checked
/// against the label" are `.unverified` (`AdviceRule.fire` puts `RuleSource.unverifiedPrefix` before their message);
/// the one statement checked against label text shipped here (atorvastatin and grapefruit juice, `lipitor-orig.spl.xml`) is
/// `.checkedAgainstLabel`, and `InteractionRuleTests` reads that label to prove it.
public enum InteractionRules {
    /// A portion with at least this much potassium counts as potassium-rich for the drug rules: the upper end of
    /// DaVita's snack share of a low-potassium diet, 100–400 mg (nutrition.md §2.3 [R20]).
    public static let potassiumRichPortionMilligrams = 400.0
    /// A portion with at least this much calcium counts as a calcium load (about one cup of milk, USDA SR28 01077:
    /// 113 mg/100 g × 244 g ≈ 276 mg; KidneyHub threshold for "large dairy intake", nutrition.md §3.1 row 6).
    public static let calciumLoadPortionMilligrams = 250.0
    /// A portion with at least this much vitamin K is a large vitamin-K serving for warfarin: about one day's Adequate
    /// Intake for adults, 90–120 µg (NIH ODS Vitamin K fact sheet; the warfarin rule of nutrition.md §3.1 row 12 asks
    /// for a consistent intake, so only a large single serving is flagged).
    public static let vitaminKLargePortionMicrograms = 100.0
    /// A portion with at least this much sodium matters for a patient taking sodium bicarbonate: DaVita's per-meal
    /// sodium share is 500–700 mg (nutrition.md §2.2 [R20]); KidneyHub flags from the lower end.
    public static let sodiumRichPortionMilligrams = 500.0
    /// A portion with at least this much fibre matters for levothyroxine (KidneyHub threshold: a high-fibre serving,
    /// "dietary fiber" is named by the Synthroid label per nutrition.md §3.1 row 13 [R40b]).
    public static let fiberRichPortionGrams = 5.0
    /// Any alcohol at all in a portion (USDA nutrient 221) counts for metformin (nutrition.md §3.1 row 16).
    public static let anyAlcoholGrams = 0.1

    static let aceInhibitorsAndARBs = [
        "lisinopril", "enalapril", "ramipril", "benazepril", "captopril", "losartan", "valsartan", "telmisartan",
        "irbesartan",
    ]
    static let potassiumSources: FoodTrigger = .anyOf([
        .named(["salt substitute", "potassium chloride", "nosalt", "lite salt", "potassium supplement"]),
        .nutrientAtLeast(.potassium, potassiumRichPortionMilligrams),
    ])
    static let grapefruit: FoodTrigger = .named(["grapefruit", "pomelo", "pummelo", "seville orange"])
    static let dairyOrCalcium: FoodTrigger = .anyOf([
        .named(
            [
                "milk", "cheese", "yogurt", "yoghurt", "kefir", "ice cream", "calcium fortified", "antacid",
                "calcium supplement",
            ],
            excluding: ["coconut milk", "milkfish"]
        ),
        .nutrientAtLeast(.calcium, calciumLoadPortionMilligrams),
    ])
    static let binders = [
        "sevelamer", "calcium acetate", "calcium carbonate", "lanthanum", "ferric citrate",
        "sucroferric oxyhydroxide",
    ]

    /// Every interaction rule.
    public static let all: [InteractionRule] = [
        InteractionRule(
            AdviceRule(
                id: "fdi-01-acei-arb-potassium",
                version: 1,
                severity: .warning,
                message: "Your blood-pressure medicine (ACE inhibitor or ARB) makes the body keep potassium: avoid "
                    + "potassium-chloride salt substitutes and keep potassium-rich foods within your budget.",
                source: RuleSource(
                    "Lisinopril label §7 'Agents increasing serum potassium'; telmisartan label (same text) "
                        + "(labels on openFDA); NKF/AAKP/Academy on KCl salt substitutes "
                        + "(statement of August 8, reported by Everyday Health)"
                )
            ),
            patients: .taking(aceInhibitorsAndARBs),
            trigger: potassiumSources
        ),
        InteractionRule(
            AdviceRule(
                id: "fdi-02-spironolactone-potassium",
                version: 1,
                severity: .warning,
                message: "Spironolactone makes the body keep potassium: avoid potassium supplements and "
                    + "potassium-containing salt substitutes unless your care team directed them, and watch "
                    + "potassium-rich foods.",
                source: RuleSource(
                    "Spironolactone labels (openFDA); CaroSpir 'Avoid potassium supplements and "
                        + "potassium-containing salt substitutes unless specifically directed' "
                        + "(CaroSpir label summary)"
                )
            ),
            patients: .taking(["spironolactone"]),
            trigger: potassiumSources
        ),
        InteractionRule(
            AdviceRule(
                id: "fdi-02b-eplerenone-potassium",
                version: 1,
                severity: .warning,
                message: "Eplerenone makes the body keep potassium: potassium supplements are contraindicated; "
                    + "watch salt substitutes and potassium-rich foods.",
                source: RuleSource(
                    "Inspra (eplerenone) label, Contraindications (label not re-checked)",
                    .unverified
                )
            ),
            patients: .taking(["eplerenone"]),
            trigger: potassiumSources
        ),
        InteractionRule(
            AdviceRule(
                id: "fdi-03-finerenone-grapefruit",
                version: 1,
                severity: .critical,
                message:
                    "Avoid grapefruit and grapefruit juice with finerenone (Kerendia): it raises the drug's level.",
                source: RuleSource(
                    "Kerendia label: 'Avoid concomitant intake of grapefruit or grapefruit juice' "
                        + "(finerenone prescribing summary, MIMS)"
                )
            ),
            patients: .taking(["finerenone"]),
            trigger: grapefruit
        ),
        InteractionRule(
            AdviceRule(
                id: "fdi-03b-finerenone-potassium",
                version: 1,
                severity: .warning,
                message: "Finerenone raises potassium: avoid salt substitutes and potassium supplements, and keep "
                    + "potassium-rich foods within your budget.",
                source: RuleSource(
                    "Kerendia patient information lists salt substitutes and potassium supplements"
                )
            ),
            patients: .taking(["finerenone"]),
            trigger: potassiumSources
        ),
        InteractionRule(
            AdviceRule(
                id: "fdi-04-trimethoprim-potassium",
                version: 1,
                severity: .warning,
                message: "Trimethoprim (Bactrim) can raise potassium, more so with kidney disease: keep potassium-rich "
                    + "foods and salt substitutes down while you take it.",
                source: RuleSource(
                    "Kerendia labelling names trimethoprim as raising K (finerenone prescribing summary, MIMS); "
                        + "Bactrim label, Warnings "
                        + "'Hyperkalemia' (label not re-checked)",
                    .unverified
                )
            ),
            patients: .taking(["trimethoprim"]),
            trigger: potassiumSources
        ),
        InteractionRule(
            AdviceRule(
                id: "fdi-05-binder-with-meals",
                version: 1,
                severity: .info,
                message: "Take your phosphate binder with this meal: without food it does nothing.",
                source: RuleSource(
                    "Sevelamer label §2.1 'with meals' (DailyMed); calcium acetate label 'with each meal'; Velphoro: "
                        + "chewed, with meals (sucroferric oxyhydroxide monograph)"
                )
            ),
            patients: .taking(["sevelamer", "calcium acetate", "sucroferric oxyhydroxide"]),
            trigger: .anyFood
        ),
        InteractionRule(
            AdviceRule(
                id: "fdi-05b-binder-with-meals",
                version: 1,
                severity: .info,
                message: "Take your phosphate binder with or right after this meal (lanthanum: chew completely).",
                source: RuleSource(
                    "Lanthanum (Fosrenol) and ferric citrate (Auryxia) labels, dosage with meals "
                        + "(labels not re-checked)",
                    .unverified
                )
            ),
            patients: .taking(["lanthanum", "ferric citrate"]),
            trigger: .anyFood
        ),
        InteractionRule(
            AdviceRule(
                id: "fdi-06-calcium-binder-calcium-load",
                version: 1,
                severity: .warning,
                message: "You take a calcium-based binder: extra calcium (supplements, calcium antacids, large dairy "
                    + "servings) risks too much calcium. Do not use antacids unless your doctor agreed.",
                source: RuleSource(
                    "Calcium acetate label: 'Do not give other calcium supplements with calcium acetate' "
                        + "(PDR drug summary); "
                        + "patient information on antacids (Allina Health drug notes)"
                )
            ),
            patients: .taking(["calcium acetate", "calcium carbonate"]),
            trigger: .anyOf([
                .named(["antacid", "calcium supplement", "calcium carbonate"]),
                .nutrientAtLeast(.calcium, calciumLoadPortionMilligrams),
            ])
        ),
        InteractionRule(
            AdviceRule(
                id: "fdi-07-binder-timing",
                version: 1,
                severity: .info,
                message: "Your binder taken with this meal blocks the absorption of ciprofloxacin, levothyroxine or "
                    + "mycophenolate: take ciprofloxacin at least 2 h before or 6 h after it, and keep the others apart "
                    + "as your pharmacist advised.",
                source: RuleSource(
                    "Ciprofloxacin label: 2 h before or 6 h after polyvalent cations; Velphoro summary: not "
                        + "with levothyroxine (sucroferric oxyhydroxide monograph)"
                )
            ),
            patients: .takingBoth(["ciprofloxacin", "levothyroxine", "mycophenolate"], alsoTaking: binders),
            trigger: .anyFood
        ),
        InteractionRule(
            AdviceRule(
                id: "fdi-08-tacrolimus-grapefruit",
                version: 1,
                severity: .critical,
                message: "Avoid grapefruit, pomelo and Seville orange with tacrolimus: they raise its level and can "
                    + "harm your kidney.",
                source: RuleSource(
                    "Prograf label §7: grapefruit juice is a CYP3A inhibitor raising trough levels (Prograf record on "
                        + "openFDA; only the openFDA record was seen, the label text was not re-checked)",
                    .unverified
                )
            ),
            patients: .taking(["tacrolimus"]),
            trigger: grapefruit
        ),
        InteractionRule(
            AdviceRule(
                id: "fdi-09-cyclosporine-grapefruit",
                version: 1,
                severity: .critical,
                message: "Avoid grapefruit with cyclosporine: it raises the drug's level.",
                source: RuleSource(
                    "Neoral label, Drug interactions and Precautions (not re-checked)",
                    .unverified
                )
            ),
            patients: .taking(["cyclosporine"]),
            trigger: grapefruit
        ),
        InteractionRule(
            AdviceRule(
                id: "fdi-10-atorvastatin-grapefruit",
                version: 1,
                severity: .caution,
                message: "Large amounts of grapefruit juice (more than 1.2 liters a day) raise atorvastatin levels "
                    + "and the risk of muscle damage.",
                source: RuleSource(
                    "Lipitor label, Drug Interactions (LOINC 34073-7): 'grapefruit juice consumption (>1.2 liters per "
                        + "day)' — Lipitor label on openFDA",
                    .checkedAgainstLabel
                )
            ),
            patients: .taking(["atorvastatin"]),
            trigger: .named(["grapefruit juice"])
        ),
        InteractionRule(
            AdviceRule(
                id: "fdi-10b-simvastatin-grapefruit",
                version: 1,
                severity: .warning,
                message: "Avoid grapefruit juice with simvastatin or lovastatin: it raises the statin's level and the "
                    + "risk of muscle damage.",
                source: RuleSource(
                    "Zocor (simvastatin) label: avoid grapefruit juice (not re-checked)",
                    .unverified
                )
            ),
            patients: .taking(["simvastatin", "lovastatin"]),
            trigger: grapefruit
        ),
        InteractionRule(
            AdviceRule(
                id: "fdi-11-dhp-ccb-grapefruit",
                version: 1,
                severity: .warning,
                message: "Grapefruit raises the level of felodipine, nifedipine and nisoldipine (low blood pressure, "
                    + "swelling).",
                source: RuleSource(
                    "Plendil and Procardia XL labels, Clinical Pharmacology / Drug Interactions "
                        + "(not re-checked)",
                    .unverified
                )
            ),
            patients: .taking(["felodipine", "nifedipine", "nisoldipine"]),
            trigger: grapefruit
        ),
        InteractionRule(
            AdviceRule(
                id: "fdi-12-warfarin-vitamin-k",
                version: 1,
                severity: .caution,
                message:
                    "With warfarin keep vitamin K steady: no sudden large servings of leafy greens, and ask before "
                    + "cranberry or alcohol.",
                source: RuleSource(
                    "Coumadin label, Patient Counseling: consistent vitamin K (label not "
                        + "re-checked); warfarin patient instructions (docslib.org)",
                    .unverified
                )
            ),
            patients: .taking(["warfarin"]),
            trigger: .anyOf([
                .nutrientAtLeast(.vitaminK, vitaminKLargePortionMicrograms),
                .named(["cranberry"]),
                .nutrientAtLeast(.alcohol, anyAlcoholGrams),
            ])
        ),
        InteractionRule(
            AdviceRule(
                id: "fdi-13-levothyroxine-foods",
                version: 1,
                severity: .caution,
                message:
                    "Levothyroxine is absorbed less with soy, walnuts, fibre, grapefruit juice, coffee, calcium or "
                    + "iron: take it on an empty stomach 30–60 min before breakfast and keep 4 h from calcium and iron.",
                source: RuleSource(
                    "Synthroid label §2.1 and §7: 'soybean flour, cottonseed meal, walnuts, and dietary fiber … "
                        + "grapefruit juice' (drugs.com, Foods that interact with levothyroxine; not re-checked)",
                    .unverified
                )
            ),
            patients: .taking(["levothyroxine"]),
            trigger: .anyOf([
                .named([
                    "soy", "soybean", "soybeans", "tofu", "walnut", "cottonseed", "grapefruit juice", "coffee",
                    "espresso",
                ]),
                .nutrientAtLeast(.fiber, fiberRichPortionGrams),
                .nutrientAtLeast(.calcium, calciumLoadPortionMilligrams),
            ])
        ),
        InteractionRule(
            AdviceRule(
                id: "fdi-14-ciprofloxacin-dairy",
                version: 1,
                severity: .warning,
                message: "Do not take ciprofloxacin with dairy or calcium-fortified juice alone; take it at least 2 h "
                    + "before or 6 h after calcium, antacids or iron.",
                source: RuleSource(
                    "Ciprofloxacin label: not with dairy or calcium-fortified juices alone; 2 h before or 6 h after "
                        + "cation products (ciprofloxacin label; pharmacist answer)"
                )
            ),
            patients: .taking(["ciprofloxacin"]),
            trigger: dairyOrCalcium
        ),
        InteractionRule(
            AdviceRule(
                id: "fdi-14b-tetracycline-quinolone-dairy",
                version: 1,
                severity: .warning,
                message: "Dairy, calcium, antacids and iron bind this antibiotic and it is absorbed less: keep them "
                    + "apart from your dose.",
                source: RuleSource(
                    "Tetracycline labels: impaired absorption with Al/Ca/Mg antacids and iron; levofloxacin and "
                        + "moxifloxacin as ciprofloxacin (not re-checked)",
                    .unverified
                )
            ),
            patients: .taking(["tetracycline", "doxycycline", "minocycline", "levofloxacin", "moxifloxacin"]),
            trigger: dairyOrCalcium
        ),
        InteractionRule(
            AdviceRule(
                id: "fdi-15-maoi-tyramine",
                version: 1,
                severity: .critical,
                message: "Your MAO inhibitor with tyramine-rich food (aged cheese, cured or fermented meat, soy sauce, "
                    + "sauerkraut, tap beer) can cause a dangerous rise in blood pressure: do not eat it.",
                source: RuleSource(
                    "Nardil / Parnate / Emsam labels, Warnings (dietary restrictions) (not "
                        + "re-checked); SR28 has no tyramine values, so a keyword list is used",
                    .unverified
                )
            ),
            patients: .taking(["phenelzine", "tranylcypromine", "isocarboxazid", "selegiline"]),
            trigger: .named([
                "cheddar", "parmesan", "blue cheese", "gorgonzola", "roquefort", "swiss cheese", "aged", "salami",
                "pepperoni", "summer sausage", "soy sauce", "sauerkraut", "miso", "kimchi", "fermented", "tap beer",
                "draft beer",
            ])
        ),
        InteractionRule(
            AdviceRule(
                id: "fdi-16-metformin-alcohol",
                version: 1,
                severity: .warning,
                message: "Alcohol with metformin raises the risk of lactic acidosis: avoid it or keep it small.",
                source: RuleSource(
                    "Metformin labels, Warnings: lactic acidosis, 'excessive alcohol intake' (not "
                        + "re-checked); KDIGO 2022 Diabetes in CKD: metformin only at eGFR ≥ 30",
                    .unverified
                )
            ),
            patients: .taking(["metformin"]),
            trigger: .anyOf([
                .nutrientAtLeast(.alcohol, anyAlcoholGrams),
                .named(["beer", "wine", "whiskey", "vodka", "rum", "gin", "liqueur", "alcoholic"]),
            ])
        ),
        InteractionRule(
            AdviceRule(
                id: "fdi-17-iron-tea-coffee-calcium",
                version: 1,
                severity: .info,
                message: "Tea, coffee and calcium-rich food block iron absorption: take your iron 1–2 h apart from "
                    + "them.",
                source: RuleSource(
                    "NIH ODS Iron fact sheet (not re-checked)",
                    .unverified
                )
            ),
            patients: .taking(["ferrous sulfate", "ferrous gluconate"]),
            trigger: .anyOf([
                .named(["tea", "coffee", "espresso"]),
                .nutrientAtLeast(.calcium, calciumLoadPortionMilligrams),
            ])
        ),
        InteractionRule(
            AdviceRule(
                id: "fdi-18-cinacalcet-with-food",
                version: 1,
                severity: .info,
                message: "Take cinacalcet with this meal or shortly after it, swallowed whole.",
                source: RuleSource(
                    "Sensipar label §2: 'should be taken with food or shortly after a meal'"
                )
            ),
            patients: .taking(["cinacalcet"]),
            trigger: .anyFood
        ),
        InteractionRule(
            AdviceRule(
                id: "fdi-19-bicarbonate-sodium",
                version: 1,
                severity: .caution,
                message: "Your sodium bicarbonate adds sodium too (about 178 mg per 650 mg tablet): count it with this "
                    + "salty food in your sodium budget.",
                source: RuleSource(
                    "KDIGO/KDOQI bicarbonate therapy, sodium-load caution; 650 mg × 23/84 ≈ 178 mg sodium"
                )
            ),
            patients: .taking(["sodium bicarbonate"]),
            trigger: .nutrientAtLeast(.sodium, sodiumRichPortionMilligrams)
        ),
        InteractionRule(
            AdviceRule(
                id: "fdi-20-star-fruit",
                version: 1,
                severity: .critical,
                message: "Never eat star fruit (carambola) with kidney disease: its toxin can cause serious nerve "
                    + "symptoms and even death.",
                source: RuleSource(
                    "DaVita dietitians: star fruit is 'dangerous for dialysis patients and can cause bad symptoms and "
                        + "even death' (DaVita dietitians' diet tips, davita.com)"
                )
            ),
            patients: .anyKidneyPatient,
            trigger: .named(["carambola", "starfruit", "star fruit"])
        ),
    ]

    /// The firings of every rule for a patient with `medications` eating `food`, most severe first.
    public static func evaluate(
        food: AdviceFood,
        medications: [MedicationMatch],
        hasKidneyDisease: Bool,
        rules: [InteractionRule] = all
    ) -> [AdviceMessage] {
        rules.compactMap { $0.evaluate(food: food, medications: medications, hasKidneyDisease: hasKidneyDisease) }
            .sorted { $0.severity > $1.severity }
    }
}
