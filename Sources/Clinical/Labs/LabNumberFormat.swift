/// Plain-text numbers for lab messages, without Foundation.
enum LabNumberFormat {
    /// `value` rounded to `decimals` places, for example `fixed(1, decimals: 1)` is "1.0".
    static func fixed(_ value: Double, decimals: Int) -> String {
        FixedDecimal.format(value, digits: max(0, min(decimals, 6)))
    }

    /// `value` as typed: the shortest form that reads back the same, without a trailing ".0" ("56", "5.6").
    static func asEntered(_ value: Double) -> String {
        let text = "\(value)"
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}
