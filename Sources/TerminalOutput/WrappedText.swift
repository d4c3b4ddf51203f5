/// Text wrapped at word boundaries to fit a terminal line (100 columns by default), each line after the first
/// indented.
public enum WrappedText {
    /// The widest line the command line prints.
    public static let width = 100

    /// `text` in lines of at most `width` columns; a word longer than a line is cut into pieces that fit.
    public static func lines(_ text: String, width: Int = WrappedText.width, indent: String = "") -> [String] {
        let room = max(1, width - indent.count)
        var words: [Substring] = []
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var rest = word
            while rest.count > room {
                words.append(rest.prefix(room))
                rest = rest.dropFirst(room)
            }
            words.append(rest)
        }
        var lines: [String] = []
        var current = ""
        for word in words {
            if current.isEmpty {
                current = (lines.isEmpty ? "" : indent) + word
            } else if current.count + 1 + word.count <= width {
                current += " " + word
            } else {
                lines.append(current)
                current = indent + word
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
