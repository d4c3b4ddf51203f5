import Charts
import Foundation

/// Text made safe for HTML element content and quoted attribute values (`markupEscaped`).
func esc(_ text: String) -> String { markupEscaped(text) }

/// A query-string value, percent-encoded.
func urlValue(_ text: String) -> String {
    let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
    return text.utf8.map { allowed.contains($0) ? String(UnicodeScalar($0)) : String(format: "%%%02X", $0) }
        .joined()
}
