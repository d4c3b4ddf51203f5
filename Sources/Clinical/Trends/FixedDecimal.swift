/// Formats numbers with a fixed count of fraction digits, the same on every machine and locale.
///
/// Written by hand, digit by digit into a small buffer: the web app's charts and tables write thousands of numbers
/// a page, and both `String(format:)` and Foundation's number styles were a large part of a page's time (perf).
package enum FixedDecimal {
    /// `value` rounded half away from zero to `digits` fraction digits (0–6), for example `82.4`, `-0.05`, `168`.
    package static func format(_ value: Double, digits: Int) -> String {
        guard let units = units(value, digits: digits) else { return String(value) }
        return text(units, negative: value < 0, digits: digits)
    }

    /// `value` rounded like `format(_:digits:)`, without the trailing zeros of its fraction: `82.4`, `82`, `0.05`.
    package static func format(_ value: Double, maximumDigits: Int) -> String {
        guard var units = units(value, digits: maximumDigits) else { return String(value) }
        var digits = maximumDigits
        while digits > 0 && units % 10 == 0 {
            units /= 10
            digits -= 1
        }
        return text(units, negative: value < 0, digits: digits)
    }

    /// Appends `format(value, maximumDigits:)`'s text to `bytes` as UTF-8, without making a `String`: a chart writes
    /// hundreds of coordinates into one buffer.
    package static func append(_ value: Double, maximumDigits: Int, to bytes: inout [UInt8]) {
        guard var units = units(value, digits: maximumDigits) else {
            bytes.append(contentsOf: String(value).utf8)
            return
        }
        var digits = maximumDigits
        while digits > 0 && units % 10 == 0 {
            units /= 10
            digits -= 1
        }
        write(units, negative: value < 0, digits: digits) { bytes.append(contentsOf: $0) }
    }

    /// Enough fraction digits to tell the ends of a range apart: 0 from a span of 10, 1 from 0.1, else 2.
    package static func digits(forSpan span: Double) -> Int {
        if span >= 10 { return 0 }
        if span >= 0.1 { return 1 }
        return 2
    }

    /// `|value|` in units of the last fraction digit, rounded; nil beyond what an `Int64` holds exactly.
    private static func units(_ value: Double, digits: Int) -> Int64? {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        return scaled < 9e15 ? Int64(scaled) : nil
    }

    /// `units` with a decimal point `digits` from the right, a leading zero before it, and a minus sign unless zero.
    private static func text(_ units: Int64, negative: Bool, digits: Int) -> String {
        write(units, negative: negative, digits: digits) { String(decoding: $0, as: UTF8.self) }
    }

    /// Gives `use` the UTF-8 text of `units` as `text(_:negative:digits:)` writes it, in a buffer on the stack.
    private static func write<Result>(
        _ units: Int64,
        negative: Bool,
        digits: Int,
        _ use: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        // At most 16 digits (below 9e15), a leading zero, the point and the sign.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            var position = buffer.count
            var rest = units
            var written = 0
            repeat {
                if digits > 0 && written == digits {
                    position -= 1
                    buffer[position] = UInt8(ascii: ".")
                }
                position -= 1
                buffer[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                written += 1
            } while rest > 0 || written <= digits
            if negative && units != 0 {
                position -= 1
                buffer[position] = UInt8(ascii: "-")
            }
            return use(UnsafeBufferPointer(rebasing: buffer[position...]))
        }
    }
}
