import HubCore
import Testing

/// Rounding per quantity in text output (issue 17, item 8): kg and lb to 0.1, mmHg whole, percentages to 0.1.
struct DisplayQuantityTests {
    @Test(arguments: [
        (74.843, "kg", "74.8 kg"), (74.86, "kg", "74.9 kg"), (80, "kg", "80.0 kg"), (165.0004, "[lb_av]", "165.0 lb"),
        (143.6, "mm[Hg]", "144 mmHg"), (83.4, "mm[Hg]", "83 mmHg"), (2.625, "%", "2.6 %"), (4.06, "%", "4.1 %"),
        (97.0, "%", "97.0 %"), (71.6, "{beats}/min", "72 /min"), (5.55, "mmol/L", "5.55 mmol/L"),
        (5.6, "mmol/L", "5.6 mmol/L"), (1.333333, "mg/dL", "1.33 mg/dL"), (-0.04, "kg", "0.0 kg"),
        (2000, "mg", "2000 mg"), (36.75, "Cel", "36.75 °C"),
    ])
    func roundsPerQuantity(value: Double, unit: String, shown: String) {
        #expect(DisplayQuantity.text(value, unit: unit) == shown)
    }

    @Test func noUCUMCodeInText() {
        for code in ["mm[Hg]", "[lb_av]", "{beats}/min", "{steps}", "mL/min/{1.73_m2}"] {
            let text = DisplayQuantity.text(1, unit: code)
            #expect(!text.contains("[") && !text.contains("{"), "\(code): \(text)")
        }
    }
}
