/// Plain-text numbers for lab messages, without Foundation.
enum LabNumberFormat {
    /// `value` rounded to `decimals` places, for example `fixed(1, decimals: 1)` is "1.0".
    static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return "\(value)" }
        let places = max(0, min(decimals, 6))
        var scale: Int64 = 1
        for _ in 0..<places { scale *= 10 }
        let scaled = Int64((abs(value) * Double(scale)).rounded())
        let sign = value < 0 && scaled != 0 ? "-" : ""
        let whole = scaled / scale
        guard places > 0 else { return "\(sign)\(whole)" }
        let fraction = String(scaled % scale)
        let padding = String(repeating: "0", count: places - fraction.count)
        return "\(sign)\(whole).\(padding)\(fraction)"
    }

    /// `value` as typed: the shortest form that reads back the same, without a trailing ".0" ("56", "5.6").
    static func asEntered(_ value: Double) -> String {
        let text = "\(value)"
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}
