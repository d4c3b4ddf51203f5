/// The fields of an `application/x-www-form-urlencoded` body or a query string.
public struct FormFields: Sendable, Equatable {
    private var values: [String: String] = [:]
    /// Every value of each field, in order (checkboxes of one name send several).
    private var allValues: [String: [String]] = [:]

    /// No fields.
    public init() {}

    /// Reads `a=1&b=two+words`; a field given twice keeps its first value.
    public init(urlEncoded text: Substring) {
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = Self.decode(parts[0])
            let value = parts.count > 1 ? Self.decode(parts[1]) : ""
            if values[name] == nil { values[name] = value }
            allValues[name, default: []].append(value)
        }
    }

    /// The field's value, nil when absent.
    public subscript(name: String) -> String? { values[name] }

    /// The field trimmed, nil when absent or blank.
    public func text(_ name: String) -> String? {
        guard let value = values[name]?.trimmingSpaces, !value.isEmpty else { return nil }
        return value
    }

    /// Every non-blank value of the field, trimmed, in the order sent.
    public func texts(_ name: String) -> [String] {
        (allValues[name] ?? []).map(\.trimmingSpaces).filter { !$0.isEmpty }
    }

    /// Percent-decoding with `+` as a space; malformed escapes are kept as typed.
    static func decode(_ part: Substring) -> String {
        var bytes: [UInt8] = []
        var index = part.utf8.startIndex
        let utf8 = part.utf8
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), let high = utf8.index(index, offsetBy: 1, limitedBy: utf8.endIndex),
                let low = utf8.index(index, offsetBy: 2, limitedBy: utf8.endIndex), low < utf8.endIndex,
                let value = UInt8(String(decoding: [utf8[high], utf8[low]], as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                index = low
            } else {
                bytes.append(byte)
            }
            index = utf8.index(after: index)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension String {
    /// Without leading and trailing spaces and newlines.
    var trimmingSpaces: String {
        var text = Substring(self)
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return String(text)
    }
}
