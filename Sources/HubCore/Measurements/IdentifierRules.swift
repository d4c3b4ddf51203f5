/// The rule every identifier an adapter gives the hub follows (device, adapter and source record ids): not empty, and
/// no control characters.
///
/// A NUL ends a string for C and for SQLite's text functions, so `dev\u{0}one` and `dev\u{0}two` were stored as one
/// device `dev` and the second device's readings were acknowledged as duplicates and lost; other control characters
/// (newlines, escapes) make ids that print as something else in listings and logs.
///
/// Identifiers are also at most `maximumLength` characters (Unicode scalars, as JSON Schema's `maxLength` counts): a
/// record id is already held to 256 (adapter-protocol schema), and a device or adapter id of megabytes would be stored,
/// indexed and printed in every listing.
public enum IdentifierRules {
    /// The longest identifier, in Unicode scalars.
    public static let maximumLength = 256

    /// Why `value` cannot be the identifier `field`, as a sentence naming the field; nil when it can.
    public static func problem(with value: String, field: String) -> String? {
        if value.isEmpty { return "\(field) is empty (an identifier needs at least one character)" }
        if value.utf8.count > maximumLength, value.unicodeScalars.count > maximumLength {
            return
                "\(field) has \(value.unicodeScalars.count) characters "
                + "(identifiers are 1–\(maximumLength) characters)"
        }
        // General category Cc is exactly U+0000–U+001F and U+007F–U+009F, and the Unicode stability policy keeps
        // that set fixed. Testing the code point instead of looking each scalar's category up in the property
        // tables: that lookup was 7 % of an Apple Health import's CPU in a profile, as every record's id is checked
        // (docs/benchmarks.md, issue 22). Both agree on every scalar (compared exhaustively).
        if let bad = value.unicodeScalars.first(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
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
