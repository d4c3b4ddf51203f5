extension UnitTable {
    /// The hub's unit table: every unit a measurement kind accepts, plus the analyte factors.
    ///
    /// Sizes are exact ratios to the dimension's base unit (the base has size 1). To add a lab analyte, append its
    /// units here and one `AnalyteFactor` below (for example creatinine mg/dL → umol/L × 88.4, formats.md §5).
    public static let standard = UnitTable(
        units: [
            // Mass, base kg.
            UCUMUnit("kg", .mass, 1),
            UCUMUnit("g", .mass, 1, per: 1000),
            // formats.md §5: international pound, exactly 0.45359237 kg.
            UCUMUnit("[lb_av]", .mass, 45_359_237, per: 100_000_000),

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
            UCUMUnit("mmol/L", .substanceConcentration, 1),
            UCUMUnit("umol/L", .substanceConcentration, 1, per: 1000),

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
        ],
        analyteFactors: [
            // formats.md §5: glucose mg/dL → mmol/L ÷ 18.0156 (molar mass 180.156 g/mol).
            AnalyteFactor(.glucose, from: "mg/dL", to: "mmol/L", divideBy: 18.0156)
        ]
    )
}
