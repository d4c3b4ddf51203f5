import Foundation

/// Text for a terminal: words wrapped so no line is wider than `width` columns (issue 17, item 8: output fits 100
/// columns), continuation lines indented by `indent`. Lines already short enough are left as they are; a single
/// word longer than the width stays whole on its own line.
func wrapped(_ text: String, width: Int = 100, indent: String = "  ") -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
        guard line.count > width else { return String(line) }
        var lines: [String] = []
        var current = ""
        for word in line.split(separator: " ", omittingEmptySubsequences: false) {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if candidate.count <= width || current.trimmingCharacters(in: .whitespaces).isEmpty {
                current = candidate
            } else {
                lines.append(current)
                current = indent + word
            }
        }
        lines.append(current)
        return lines.joined(separator: "\n")
    }.joined(separator: "\n")
}
