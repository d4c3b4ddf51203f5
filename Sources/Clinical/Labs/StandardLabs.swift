import HubCore

// The lab catalog's entries. LOINC codes and long names: formats.md §3.1 (sources per row there). Units and factors:
// the unit table (StandardUnits.swift, formats.md §5). Targets: nutrition.md §2.8 with its reference keys [Rn].
//
// Plausible ranges are engineering bounds, not clinical thresholds: wide enough to hold every survivable value seen in
// kidney patients, narrow enough that a slipped decimal or a value typed with the other unit's number (a µmol/L
// creatinine entered as mg/dL) lands outside. Each is commented with its reason.

extension LabAnalyte {
    /// eGFR, creatinine-based (CKD-EPI 2021).
    public static let egfr = LabAnalyte(
        id: "egfr",
        displayName: "eGFR",
        // formats.md §3.1 (CH LAB-Report IG).
        loinc: "98979-8",
        loincName:
            "Glomerular filtration rate/1.73 sq M.predicted [Volume Rate/Area] in Serum, Plasma or Blood by Creatinine-based formula (CKD-EPI 2021)",
        // formats.md §3.1: cr+cys 2021, MDRD, CKD-EPI 2009 and the codes public code groups as one eGFR concept.
        relatedLOINC: [
            "98980-6", "33914-3", "62238-1", "48642-3", "48643-1", "69405-9", "50044-7", "88293-6", "88294-4",
        ],
        analyte: Analyte(rawValue: "egfr"),
        canonicalUnit: LabUnit("mL/min/{1.73_m2}", decimals: 0),
        // How lab reports print it; case, spaces and ² are folded, so "mL/min/1.73 m²" matches too.
        unitSpellings: ["mL/min/1.73m2": "mL/min/{1.73_m2}"],
        // Upper: CKD-EPI 2021 gives about 205 at age 18, female, creatinine 0.1 mg/dL (the lowest plausible
        // creatinine), so 250 holds every computed value; lower: 1 (labs report "< 5" in kidney failure).
        plausibleRange: 1...250
    )

    /// Serum creatinine.
    public static let creatinine = LabAnalyte(
        id: "creatinine",
        displayName: "Creatinine",
        loinc: "2160-0",  // formats.md §3.1 (hl7.org/fhir/uv/cpg ckd-valueset-creatinine)
        loincName: "Creatinine [Mass/volume] in Serum or Plasma",
        relatedLOINC: ["14682-9"],  // formats.md §3.1: the molar (µmol/L) twin
        analyte: .creatinine,
        canonicalUnit: LabUnit("mg/dL", decimals: 2),
        alternativeUnits: [LabUnit("umol/L", decimals: 0)],
        // Pre-dialysis creatinine is typically 5–15 mg/dL; 40 mg/dL (3536 µmol/L) is beyond it, and a µmol/L value
        // (normal 45–110) typed as mg/dL is refused. 0.1 is below any adult with muscle mass.
        plausibleRange: 0.1...40
    )

    /// Urine albumin-to-creatinine ratio.
    public static let urineAlbuminCreatinineRatio = LabAnalyte(
        id: "uacr",
        displayName: "Urine albumin-to-creatinine ratio",
        loinc: "9318-7",  // formats.md §3.1 (hl7.org/fhir/uv/cpg ckd-valueset-uacr)
        loincName: "Albumin/Creatinine [Mass Ratio] in Urine",
        relatedLOINC: ["14959-1"],  // formats.md §3.1: Microalbumin/Creatinine [Mass Ratio] in Urine
        analyte: .urineAlbuminCreatinineRatio,
        canonicalUnit: LabUnit("mg/g", decimals: 0),
        alternativeUnits: [LabUnit("mg/mmol", decimals: 1)],
        // A3 starts above 300 mg/g (nutrition.md §2.9); nephrotic-range albuminuria reaches a few thousand mg/g and
        // extreme cases tens of thousands, so 30,000 mg/g (30 g/g) is the ceiling. Zero is a valid "none detected".
        plausibleRange: 0...30_000
    )

    /// Serum potassium.
    public static let potassium = LabAnalyte(
        id: "potassium",
        displayName: "Potassium",
        loinc: "2823-3",  // formats.md §3.1 (CH LAB-Order top-2000 SI)
        loincName: "Potassium [Moles/volume] in Serum or Plasma",
        relatedLOINC: ["6298-4"],  // formats.md §3.1: Potassium [Moles/volume] in Blood
        analyte: .potassium,
        canonicalUnit: LabUnit("mmol/L", decimals: 1),
        alternativeUnits: [LabUnit("meq/L", decimals: 1)],
        // Values below 1.5 or above 9 mmol/L are at the edge of survival; 1.0–10.0 holds them and refuses a slipped
        // decimal ("56" for 5.6).
        plausibleRange: 1.0...10.0,
        targets: [
            LabTarget(
                .anyone,
                low: 3.5,
                high: 5.0,
                condition: "some labs' normal range reaches 5.1–5.5",
                source:
                    "KDOQI 2020 nutrition guideline, keep serum K in the lab's normal range; "
                    + "dialysis lab sheet 3.5–5.1"
            )
        ]
    )

    /// Serum sodium.
    public static let sodium = LabAnalyte(
        id: "sodium",
        displayName: "Sodium",
        loinc: "2951-2",  // formats.md §3.1 (CH LAB-Order top-2000)
        loincName: "Sodium [Moles/volume] in Serum or Plasma",
        analyte: .sodium,
        canonicalUnit: LabUnit("mmol/L", decimals: 0),
        alternativeUnits: [LabUnit("meq/L", decimals: 0)],
        // Severe hypo- and hypernatremia reach about 100 and 185 mmol/L; 90–200 holds them and refuses "14" or "1400".
        plausibleRange: 90...200
    )

    /// Serum bicarbonate (total CO2).
    public static let bicarbonate = LabAnalyte(
        id: "bicarbonate",
        displayName: "Bicarbonate (CO2)",
        // formats.md §3.1 (R4 example observation-example-f203-bicarbonate; current LOINC name "in Serum or Plasma").
        loinc: "1963-8",
        loincName: "Bicarbonate [Moles/volume] in Serum or Plasma",
        relatedLOINC: ["2028-9"],  // formats.md §3.1: Carbon dioxide, total [Moles/volume] in Serum or Plasma
        analyte: .bicarbonate,
        canonicalUnit: LabUnit("mmol/L", decimals: 0),
        alternativeUnits: [LabUnit("meq/L", decimals: 0)],
        // Severe metabolic acidosis goes below 5 and metabolic alkalosis into the 50s; 2–60 holds both.
        plausibleRange: 2...60,
        targets: [
            LabTarget(
                .anyone,
                low: 22,
                condition: "metabolic acidosis is defined as < 22 mmol/L",
                source: "CKD metabolic acidosis is < 22 mmol/L; treat to keep ≥ 22"
            ),
            LabTarget(
                .anyone,
                low: 24,
                high: 26,
                source: "KDOQI Nutrition in CKD 2020 Update (Am J Kidney Dis 2020;76 Suppl 1) suggests "
                    + "24–26 mmol/L (not re-checked)"
            ),
        ]
    )

    /// Serum phosphorus (inorganic phosphate).
    public static let phosphorus = LabAnalyte(
        id: "phosphorus",
        displayName: "Phosphorus",
        loinc: "2777-1",  // formats.md §3.1 (multiple public value sets; OMOP 3011904)
        loincName: "Phosphate [Mass/volume] in Serum or Plasma",
        analyte: .phosphorus,
        canonicalUnit: LabUnit("mg/dL", decimals: 1),
        alternativeUnits: [LabUnit("mmol/L", decimals: 2)],
        // Dialysis patients run 3–9 mg/dL, tumour lysis 15+; severe hypophosphatemia is below 1. 0.3–20 holds them.
        plausibleRange: 0.3...20,
        targets: [
            LabTarget(
                .dialysis,
                low: 3.5,
                high: 5.5,
                source: "NKF KDOQI 2003, CKD 5; DaVita, Phosphorus and PTH Goals: 3.0–5.5"
            ),
            LabTarget(.ckdG3ToG4, low: 2.7, high: 4.6, source: "NKF KDOQI 2003 targets by stage, CKD 3–4"),
        ]
    )

    /// Total serum calcium.
    public static let calcium = LabAnalyte(
        id: "calcium",
        displayName: "Calcium",
        loinc: "17861-6",  // formats.md §3.1 (hl7.org/fhir/uv/pddi ValueSet-valueset-calcium-LOINC)
        loincName: "Calcium [Mass/volume] in Serum or Plasma",
        analyte: .calcium,
        canonicalUnit: LabUnit("mg/dL", decimals: 1),
        alternativeUnits: [LabUnit("mmol/L", decimals: 2)],
        // Severe hypocalcemia is near 5 mg/dL and hypercalcemic crisis near 18; 4–20 holds them and refuses a
        // mmol/L value (2.1–2.6) typed as mg/dL.
        plausibleRange: 4...20,
        targets: [
            LabTarget(
                .anyone,
                low: 8.4,
                high: 9.5,
                condition: "albumin-corrected calcium; KDIGO uses the lab's normal range",
                source: "NKF KDOQI 2003 bone-mineral targets, CKD 5"
            )
        ]
    )

    /// Intact parathyroid hormone.
    public static let parathyroidHormone = LabAnalyte(
        id: "pth",
        displayName: "PTH (intact)",
        loinc: "2731-8",  // formats.md §3.1 (LOINC; display marked "verify" there)
        loincName: "Parathyrin.intact [Mass/volume] in Serum or Plasma",
        analyte: .parathyroidHormone,
        canonicalUnit: LabUnit("pg/mL", decimals: 0),
        // formats.md §5: pg/mL = ng/L ("pg/ml":1, "ng/l":1 in public lab-code tables).
        alternativeUnits: [LabUnit("ng/L", decimals: 0), LabUnit("pmol/L", decimals: 1)],
        // Tertiary hyperparathyroidism on dialysis reaches a few thousand pg/mL; 1–5000 holds it.
        plausibleRange: 1...5000,
        targets: [
            LabTarget(
                .dialysis,
                low: 130,
                high: 600,
                condition: "2–9 × the assay's upper limit of normal; 130–600 pg/mL assumes a typical assay",
                source: "KDIGO 2–9 × upper normal; DaVita, Phosphorus and PTH Goals: 150–600"
            )
        ]
    )

    /// 25-hydroxyvitamin D.
    public static let vitaminD25OH = LabAnalyte(
        id: "vitamin_d",
        displayName: "25-OH vitamin D",
        loinc: "1989-3",  // formats.md §3.1 (LOINC; marked "verify" there)
        loincName: "25-Hydroxyvitamin D3+25-Hydroxyvitamin D2 [Mass/volume] in Serum or Plasma",
        relatedLOINC: ["62292-8"],  // formats.md §3.1: the D2+D3 twin
        analyte: .vitaminD25OH,
        canonicalUnit: LabUnit("ng/mL", decimals: 0),
        alternativeUnits: [LabUnit("nmol/L", decimals: 0)],
        // Deficiency goes below 5 ng/mL and intoxication reports reach several hundred; 1–400 holds both.
        plausibleRange: 1...400
    )

    /// Serum albumin.
    public static let albumin = LabAnalyte(
        id: "albumin",
        displayName: "Albumin",
        loinc: "1751-7",  // formats.md §3.1 (hl7.org/fhir DSTU1 hspc-QuantitativeLabCodes)
        loincName: "Albumin [Mass/volume] in Serum or Plasma",
        analyte: Analyte(rawValue: "albumin"),
        canonicalUnit: LabUnit("g/dL", decimals: 1),
        alternativeUnits: [LabUnit("g/L", decimals: 0)],
        // Nephrotic syndrome goes near 1 g/dL, dehydration near 6; 0.5–7 holds them and refuses a g/L value
        // (35–50) typed as g/dL.
        plausibleRange: 0.5...7,
        targets: [
            LabTarget(
                .dialysis,
                low: 4.0,
                source: "dialysis patient lab education (smore.com/a891b)"
            ),
            LabTarget(
                .anyone,
                low: 3.5,
                high: 5.5,
                source: "lab normal range (kidneychef.com, Making sense of your laboratory values)"
            ),
        ]
    )

    /// Blood hemoglobin.
    public static let hemoglobin = LabAnalyte(
        id: "hemoglobin",
        displayName: "Hemoglobin",
        loinc: "718-7",  // formats.md §3.1 (CH LAB-Order top-2000)
        loincName: "Hemoglobin [Mass/volume] in Blood",
        analyte: Analyte(rawValue: "hemoglobin"),
        canonicalUnit: LabUnit("g/dL", decimals: 1),
        alternativeUnits: [LabUnit("g/L", decimals: 0)],
        // Severe anemia goes near 3 g/dL and polycythemia near 22; 2–25 holds them and refuses a g/L value
        // (80–170) typed as g/dL.
        plausibleRange: 2...25,
        targets: [
            LabTarget(
                .dialysis,
                low: 10,
                high: 12,
                condition: "patients on an ESA",
                source: "dialysis patient lab education, smore.com/a891b (low-authority source)"
            )
        ]
    )

    /// Blood glucose (laboratory, serum or plasma).
    public static let glucose = LabAnalyte(
        id: "glucose",
        displayName: "Blood glucose",
        loinc: "2345-7",  // formats.md §3.1 (hl7.org/fhir/uv/livd)
        loincName: "Glucose [Mass/volume] in Serum or Plasma",
        // formats.md §3.1: molar serum/plasma, whole blood mass and molar, capillary glucometer mass and molar.
        relatedLOINC: ["14749-6", "2339-0", "15074-8", "41653-7", "14743-9"],
        analyte: .glucose,
        canonicalUnit: LabUnit("mg/dL", decimals: 0),
        alternativeUnits: [LabUnit("mmol/L", decimals: 1)],
        // Severe hypoglycemia goes near 20 mg/dL and hyperosmolar states past 1000; 10–1500 holds them and
        // refuses a mmol/L value below 10 typed as mg/dL.
        plausibleRange: 10...1500
    )

    /// Hemoglobin A1c.
    public static let hemoglobinA1c = LabAnalyte(
        id: "hba1c",
        displayName: "HbA1c",
        // formats.md §3.1 (hl7.org/fhir/uv/vulcan-rwd ValueSet-ExampleHbA1cTestCodes).
        loinc: "4548-4",
        loincName: "Hemoglobin A1c/Hemoglobin.total in Blood",
        relatedLOINC: ["59261-8"],  // formats.md §3.1: the IFCC (mmol/mol) code
        analyte: .hemoglobinA1c,
        canonicalUnit: LabUnit("%", decimals: 1),
        alternativeUnits: [LabUnit("mmol/mol", decimals: 0)],
        // Analyzers report about 4–18 %; 3–20 % (9–195 mmol/mol) holds them and refuses most IFCC values typed as %.
        plausibleRange: 3...20,
        targets: [
            LabTarget(
                .diabetes,
                high: 7.0,
                condition: "individualised from < 6.5 % to < 8.0 %; less reliable in G4–G5",
                source: "KDIGO 2020/2022 Diabetes in CKD guideline"
            )
        ]
    )

    /// Serum uric acid.
    public static let uricAcid = LabAnalyte(
        id: "uric_acid",
        displayName: "Uric acid",
        loinc: "3084-1",  // formats.md §3.1 (OMOP concept note in public code)
        loincName: "Urate [Mass/volume] in Serum or Plasma",
        analyte: .uricAcid,
        canonicalUnit: LabUnit("mg/dL", decimals: 1),
        alternativeUnits: [LabUnit("umol/L", decimals: 0)],
        // Gout and tumour lysis reach 15–20 mg/dL; 0.5–25 holds them and refuses a µmol/L value (150–600) typed
        // as mg/dL.
        plausibleRange: 0.5...25
    )
}
