/// Text made safe for HTML or SVG element content and quoted attribute values. The one escaping of the charts, the
/// hub's web app and the clinician portal: all three render markup from the same kinds of text (names people typed,
/// values from synced resources), and `Charts` is the rendering module both front ends already import.
public func markupEscaped(_ text: String) -> String {
    // Most text (names, numbers, dates) has nothing to escape: one pass over its bytes, and it is returned as it is.
    guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else {
        return text
    }
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for character in text {
        switch character {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&#39;"
        default: out.append(character)
        }
    }
    return out
}
