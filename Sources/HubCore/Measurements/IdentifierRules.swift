/// The rule every identifier an adapter gives the hub follows (device, adapter and source record ids): not empty, and
/// no control characters.
///
/// A NUL ends a string for C and for SQLite's text functions, so `dev\u{0}one` and `dev\u{0}two` were stored as one
/// device `dev` and the second device's readings were acknowledged as duplicates and lost; other control characters
/// (newlines, escapes) make ids that print as something else in listings and logs.
public enum IdentifierRules {
    /// Why `value` cannot be the identifier `field`, as a sentence naming the field; nil when it can.
    public static func problem(with value: String, field: String) -> String? {
        if value.isEmpty { return "\(field) is empty (an identifier needs at least one character)" }
        if let bad = value.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            let code = "U+" + String(bad.value, radix: 16, uppercase: true).leftPadded(to: 4)
            return "\(field) contains the control character \(code) (identifiers are printable text)"
        }
        return nil
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
