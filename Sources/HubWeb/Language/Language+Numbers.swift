import Clinical

extension Language {
    /// `value` with at most `digits` decimals, grouped and with the decimal mark of the language.
    public func number(_ value: Double, digits: Int = 0) -> String {
        localized(FixedDecimal.format(value, maximumDigits: digits))
    }

    /// `value` with exactly `digits` decimals (a lab report's convention: 5.0 mmol/L, not 5 mmol/L).
    func fixed(_ value: Double, digits: Int) -> String {
        localized(FixedDecimal.format(value, digits: digits))
    }

    /// A plain decimal (`-12345.6`) with the language's decimal mark and thousands groups.
    ///
    /// Written by hand rather than with Foundation's number format style, which built an ICU formatter for every
    /// call: a tenth of the trends page's time in a release build (perf). The marks are CLDR's for en-US and es-ES,
    /// and Spanish groups only numbers of five or more whole digits (CLDR `minimumGroupingDigits` 2: 1234, 12.345).
    /// `NumberFormatTests` checks this against the format style on many values in both languages.
    private func localized(_ plain: String) -> String {
        let point = UInt8(ascii: ".")
        let (groupMark, decimalMark, fewestGrouped) =
            self == .english ? (UInt8(ascii: ","), point, 4) : (point, UInt8(ascii: ","), 5)
        let bytes = plain.utf8
        let signLength = bytes.first == UInt8(ascii: "-") ? 1 : 0
        let wholeDigits =
            (bytes.firstIndex(of: point).map { bytes.distance(from: bytes.startIndex, to: $0) }
                ?? bytes.count) - signLength
        let grouped = wholeDigits >= fewestGrouped
        if !grouped && decimalMark == point { return plain }
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count + wholeDigits / 3)
        for (offset, byte) in bytes.enumerated() {
            let digit = offset - signLength
            if grouped && digit > 0 && digit < wholeDigits && (wholeDigits - digit) % 3 == 0 { text.append(groupMark) }
            text.append(byte == point ? decimalMark : byte)
        }
        return String(decoding: text, as: UTF8.self)
    }
}
