import Testing

@testable import TerminalOutput

/// Wrapping to 100 columns: at spaces, indented continuation lines, over-long words cut.
@Suite struct WrappedTextTests {
    @Test func longTextWrapsAtSpacesWithinTheWidth() {
        let text = Array(repeating: "potassium", count: 30).joined(separator: " ")
        let lines = WrappedText.lines(text, indent: "  ")
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { $0.count <= 100 })
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("  potassium") })
        #expect(lines.joined(separator: " ").split(separator: " ").count == 30)
    }

    @Test func aWordLongerThanALineIsCut() {
        let json = String(repeating: "x", count: 250)
        let lines = WrappedText.lines("was: " + json, indent: "    ")
        #expect(lines.allSatisfy { $0.count <= 100 })
        #expect(lines.joined().filter { $0 == "x" }.count == 250)
    }
}
