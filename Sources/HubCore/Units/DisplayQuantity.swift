import Foundation

/// A quantity as people read it (issue 17, item 8): rounded to what the quantity is measured to and named by its
/// display unit. Body weight to 0.1 kg (0.1 lb), blood pressure to whole mmHg, percentages to 0.1 %; anything else
/// keeps at most two decimals, trailing zeros dropped. Stored values and `--json` keep the full value and UCUM code.
public enum DisplayQuantity {
    /// The decimals a value in `unit` (a UCUM code) is shown with; nil where the quantity has no fixed precision.
    public static func decimals(unit: String) -> Int? {
        switch unit {
        // Home scales read to 0.1 kg (0.2 lb); more digits are noise.
        case "kg", "[lb_av]", "lb": 1
        // Sphygmomanometers read whole mmHg (ISO 81060-2 reports whole mmHg).
        case "mm[Hg]", "mmHg": 0
        // Percentages of dry weight, HbA1c and SpO₂ are read to 0.1 %.
        case "%": 1
        // Heart rate and steps are counts.
        case "{beats}/min", "/min", "{steps}", "steps": 0
        default: nil
        }
    }

    /// `value` rounded for `unit` (a UCUM code), without the unit: "74.8", "120", "2.6".
    public static func number(_ value: Double, unit: String) -> String {
        if let decimals = decimals(unit: unit) { return fixed(value, decimals: decimals) }
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded(), let whole = Int(exactly: rounded) { return String(whole) }
        return String(rounded)
    }

    /// `value` rounded for `unit` with the unit's display name: "74.8 kg", "120 mmHg", "2.6 %".
    public static func text(_ value: Double, unit: String) -> String {
        "\(number(value, unit: unit)) \(UnitDisplayName.text(unit))"
    }

    /// `value` with exactly `decimals` decimals, "-0" shown as "0".
    public static func fixed(_ value: Double, decimals: Int) -> String {
        let text = String(format: "%.\(max(0, decimals))f", value)
        return Double(text) == 0 && text.hasPrefix("-") ? String(text.dropFirst()) : text
    }
}
