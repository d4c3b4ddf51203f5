/// Formats numbers with a fixed count of fraction digits, the same on every machine and locale.
package enum FixedDecimal {
    /// `value` rounded half away from zero to `digits` fraction digits (0–6), for example `82.4`, `-0.05`, `168`.
    package static func format(_ value: Double, digits: Int) -> String {
        var scale: Int64 = 1
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(value) * Double(scale)).rounded()
        guard scaled < 9e15 else { return String(value) }
        let whole = Int64(scaled)
        let sign = value < 0 && whole != 0 ? "-" : ""
        guard digits > 0 else { return "\(sign)\(whole)" }
        let fraction = String(whole % scale)
        return "\(sign)\(whole / scale).\(String(repeating: "0", count: digits - fraction.count))\(fraction)"
    }

    /// Enough fraction digits to tell the ends of a range apart: 0 from a span of 10, 1 from 0.1, else 2.
    package static func digits(forSpan span: Double) -> Int {
        if span >= 10 { return 0 }
        if span >= 0.1 { return 1 }
        return 2
    }
}
