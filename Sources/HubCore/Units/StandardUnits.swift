extension UnitTable {
    /// The hub's unit table: every unit a measurement kind accepts, plus the analyte factors.
    ///
    /// Sizes are exact ratios to the dimension's base unit (the base has size 1). To add a lab analyte, append its
    /// units here and one `AnalyteFactor` below; the lab catalog (`LabCatalog`) lists which units each lab accepts.
    public static let standard = UnitTable(
        units: [
            // Mass, base kg.
            UCUMUnit("kg", .mass, 1),
            UCUMUnit("g", .mass, 1, per: 1000),
            // formats.md §5: international pound, exactly 0.45359237 kg.
            UCUMUnit("[lb_av]", .mass, 45_359_237, per: 100_000_000),
            // Nutrient amounts (USDA SR28 NUTR_DEF units mg and µg; UCUM writes µg as ug).
            UCUMUnit("mg", .mass, 1, per: 1_000_000),
            UCUMUnit("ug", .mass, 1, per: 1_000_000_000),
            // Avoirdupois ounce: 1/16 [lb_av] = 28.349523125 g exactly (UCUM [oz_av]).
            UCUMUnit("[oz_av]", .mass, 45_359_237, per: 1_600_000_000),

            // Length, base cm.
            UCUMUnit("cm", .length, 1),
            UCUMUnit("m", .length, 100),
            UCUMUnit("km", .length, 100_000),
            // formats.md §5: international inch 2.54 cm and foot 30.48 cm, exact.
            UCUMUnit("[in_i]", .length, 254, per: 100),
            UCUMUnit("[ft_i]", .length, 3048, per: 100),
            // International mile: 5280 [ft_i] = 1609.344 m exactly (UCUM [mi_i]).
            UCUMUnit("[mi_i]", .length, 1_609_344, per: 10),

            // Pure numbers, base 1. UCUM annotations in braces carry no dimension, so {steps} is the unit 1.
            UCUMUnit("1", .dimensionless, 1),
            UCUMUnit("{steps}", .dimensionless, 1),
            UCUMUnit("%", .dimensionless, 1, per: 100),
            // A mass ratio: the urine albumin-to-creatinine ratio in mg albumin per g creatinine.
            UCUMUnit("mg/g", .dimensionless, 1, per: 1000),

            // Pressure, base Pa.
            UCUMUnit("Pa", .pressure, 1),
            UCUMUnit("kPa", .pressure, 1000),
            // formats.md §5: 1 mmHg = 133.322387415 Pa (conventional, 13.5951 g/cm³ × 9.80665 m/s²), so
            // 1 kPa = 7.500615758 mmHg. The 7.50061683 in some tables is the torr (101325/760 Pa), not mmHg.
            UCUMUnit("mm[Hg]", .pressure, 133_322_387_415, per: 1_000_000_000),

            // Frequency, base /min. UCUM annotation: {beats}/min is /min.
            UCUMUnit("/min", .frequency, 1),
            UCUMUnit("{beats}/min", .frequency, 1),

            // Concentrations, bases mg/dL and mmol/L; crossing between them needs an analyte factor.
            UCUMUnit("mg/dL", .massConcentration, 1),
            UCUMUnit("g/dL", .massConcentration, 1000),
            UCUMUnit("g/L", .massConcentration, 100),
            UCUMUnit("mg/L", .massConcentration, 1, per: 10),
            // 1 ng/mL = 10⁻⁶ mg per 10⁻² dL = 10⁻⁴ mg/dL; 1 pg/mL = 1 ng/L = 10⁻⁷ mg/dL.
            UCUMUnit("ng/mL", .massConcentration, 1, per: 10_000),
            UCUMUnit("pg/mL", .massConcentration, 1, per: 10_000_000),
            UCUMUnit("ng/L", .massConcentration, 1, per: 10_000_000),
            UCUMUnit("mmol/L", .substanceConcentration, 1),
            UCUMUnit("umol/L", .substanceConcentration, 1, per: 1000),
            UCUMUnit("nmol/L", .substanceConcentration, 1, per: 1_000_000),
            UCUMUnit("pmol/L", .substanceConcentration, 1, per: 1_000_000_000),

            // Charge concentration, base meq/L (UCUM `meq`, printed mEq); to mmol/L through the ion's valence.
            UCUMUnit("meq/L", .equivalentConcentration, 1),

            // Substance fraction, base mmol/mol (HbA1c IFCC); apart from % so NGSP % never converts as ‰.
            UCUMUnit("mmol/mol", .substanceFraction, 1),

            // Mass per substance, base mg/mmol (urine albumin-to-creatinine ratio in SI units).
            UCUMUnit("mg/mmol", .massPerSubstance, 1),

            // eGFR, normalized to 1.73 m² body surface; the UCUM annotation {1.73_m2} names the normalization.
            UCUMUnit("mL/min/{1.73_m2}", .normalizedFlowRate, 1),

            // Temperature, base Cel. °C = (°F − 32) × 5/9 (definition of the Fahrenheit scale).
            UCUMUnit("Cel", .temperature, 1),
            UCUMUnit("[degF]", .temperature, 5, per: 9, origin: 32),

            // Energy, base kcal. 1 kcal = 4.184 kJ (thermochemical calorie, exact; formats.md §5 kJ → kcal × 0.239006).
            UCUMUnit("kcal", .energy, 1),
            UCUMUnit("kJ", .energy, 1000, per: 4184),

            // Time, base min.
            UCUMUnit("min", .time, 1),
            UCUMUnit("s", .time, 1, per: 60),
            UCUMUnit("h", .time, 60),

            // Volume, base mL.
            UCUMUnit("mL", .volume, 1),
            UCUMUnit("L", .volume, 1000),
            // formats.md §5: US fluid ounce = 231 in³ × 16.387064 / 128 = 29.5735295625 mL, exact.
            UCUMUnit("[foz_us]", .volume, 295_735_295_625, per: 10_000_000_000),
            // US cup = 8 [foz_us] = 236.5882365 mL exactly (UCUM [cup_us]).
            UCUMUnit("[cup_us]", .volume, 2_365_882_365, per: 10_000_000),
        ],
        analyteFactors: [
            // formats.md §5: glucose mg/dL → mmol/L ÷ 18.0156 (molar mass 180.156 g/mol).
            AnalyteFactor(.glucose, from: "mg/dL", to: "mmol/L", divideBy: 18.0156),
            // formats.md §5: creatinine mg/dL → µmol/L × 88.4 (MW 113.12; JAMA/AMA SI table). nutrition.md §2.10
            // uses the same factor for CKD-EPI ("convert µmol/L to mg/dL by dividing by 88.4").
            AnalyteFactor(.creatinine, from: "mg/dL", to: "umol/L", multiplyBy: 88.4),
            // formats.md §5: phosphorus (inorganic phosphate as P) mg/dL → mmol/L × 0.3229 (10/30.974).
            AnalyteFactor(.phosphorus, from: "mg/dL", to: "mmol/L", multiplyBy: 0.3229),
            // formats.md §5: calcium mg/dL → mmol/L × 0.2495 (10/40.078).
            AnalyteFactor(.calcium, from: "mg/dL", to: "mmol/L", multiplyBy: 0.2495),
            // formats.md §5: uric acid mg/dL → µmol/L × 59.48 (10000/168.11).
            AnalyteFactor(.uricAcid, from: "mg/dL", to: "umol/L", multiplyBy: 59.48),
            // formats.md §5: intact PTH pg/mL → pmol/L × 0.106 (÷ 9.425, MW ≈ 9425 Da).
            AnalyteFactor(.parathyroidHormone, from: "pg/mL", to: "pmol/L", multiplyBy: 0.106),
            // formats.md §5: 25-OH vitamin D ng/mL → nmol/L × 2.496 (1000/400.64, MW of 25(OH)D3).
            AnalyteFactor(.vitaminD25OH, from: "ng/mL", to: "nmol/L", multiplyBy: 2.496),
            // formats.md §5: monovalent ions, mEq/L = mmol/L (× 1; csmu.edu.tw SI table).
            AnalyteFactor(.potassium, from: "meq/L", to: "mmol/L", multiplyBy: 1),
            AnalyteFactor(.sodium, from: "meq/L", to: "mmol/L", multiplyBy: 1),
            AnalyteFactor(.bicarbonate, from: "meq/L", to: "mmol/L", multiplyBy: 1),
            // formats.md §5: HbA1c IFCC (mmol/mol) = (NGSP % − 2.15) × 10.929 (IFCC master equation); reverse
            // NGSP = 0.0915 × IFCC + 2.15.
            AnalyteFactor(.hemoglobinA1c, from: "%", to: "mmol/mol", subtract: 2.15, thenMultiplyBy: 10.929),
            // formats.md §5: UACR mg/g → mg/mmol ÷ 8.84 (1 mmol creatinine = 113.12 mg, the 88.4 convention).
            AnalyteFactor(.urineAlbuminCreatinineRatio, from: "mg/g", to: "mg/mmol", divideBy: 8.84),
        ]
    )
}
