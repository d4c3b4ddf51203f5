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

/// Text only English words exist for (an adapter's or the ingest protocol's reason), escaped and, on a page in another
/// language, marked as English so a screen reader reads it with English sounds (WCAG 2.1, 3.1.2 Language of Parts).
func englishOnly(_ text: String, on language: Language) -> String {
    language == .english ? esc(text) : "<span lang=\"en\">\(esc(text))</span>"
}
