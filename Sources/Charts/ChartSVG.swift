import Foundation

/// A chart as inline SVG: the chart code's drawing (`ChartLayout`, the same as the PDF report's) written as SVG
/// elements, with a `title` and a `desc` so a screen reader announces it; the data itself goes in a table beside it.
/// Shared by the hub's web app and the care-team server's clinician portal (moved here from HubWeb for both).
public enum ChartSVG {
    /// The drawing's size in SVG user units; the page scales it to the column's width.
    public static let width = 480.0
    public static let height = 220.0

    /// The SVG of `spec`, titled `title` and described by `description`; `id` makes the title and desc ids unique.
    public static func render(_ spec: ChartSpec, id: String, title: String, description: String) -> String {
        let frame = ChartFrame(x: 4, y: 4, width: width - 8, height: height - 8)
        let body = ChartLayout.commands(for: spec, in: frame).map(element).joined()
        return """
            <svg id="\(id)" class="chart" viewBox="0 0 \(Int(width)) \(Int(height))" role="img" \
            aria-labelledby="\(id)-title \(id)-desc" xmlns="http://www.w3.org/2000/svg">\
            <title id="\(id)-title">\(markupEscaped(title))</title><desc id="\(id)-desc">\(markupEscaped(description))</desc>\
            \(body)</svg>
            """
    }

    /// One drawing command as an SVG element (y grows downwards in both).
    static func element(_ command: DrawCommand) -> String {
        switch command {
        case .polyline(let points, let color, let width, let dashed):
            let list = points.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ")
            let dash = dashed ? " stroke-dasharray=\"4 3\"" : ""
            return """
                <polyline points="\(list)" fill="none" stroke="\(css(color))" stroke-width="\(n(width))"\(dash)/>
                """
        case .fillRect(let x, let y, let width, let height, let color):
            return
                "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(width))\" height=\"\(n(height))\" fill=\"\(css(color))\"/>"
        case .strokeRect(let x, let y, let width, let height, let color, let lineWidth):
            return """
                <rect x="\(n(x))" y="\(n(y))" width="\(n(width))" height="\(n(height))" fill="none" \
                stroke="\(css(color))" stroke-width="\(n(lineWidth))"/>
                """
        case .marker(let x, let y, let radius, let color):
            return "<circle cx=\"\(n(x))\" cy=\"\(n(y))\" r=\"\(n(radius))\" fill=\"\(css(color))\"/>"
        case .text(let text, let x, let y, let size, let color, let alignment, let bold):
            let anchor =
                switch alignment {
                case .left: "start"
                case .center: "middle"
                case .right: "end"
                }
            // The layout anchors text at the top of its line; SVG at the baseline, about 0.8 of the size lower.
            return """
                <text x="\(n(x))" y="\(n(y + size * 0.8))" font-size="\(n(size))" fill="\(css(color))" \
                text-anchor="\(anchor)"\(bold ? " font-weight=\"bold\"" : "")>\(markupEscaped(text))</text>
                """
        case .image:
            // Charts draw no photos; a report's meal thumbnail never reaches a page chart.
            return ""
        }
    }

    /// A coordinate with at most two decimals.
    private static func n(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    /// `#rrggbb`. Hex digits by hand: `String(format:)` for each colour of each element was a seventh of the trends
    /// page's time in a release build (perf).
    package static func css(_ color: ChartColor) -> String {
        let digits = Array("0123456789abcdef")
        var text = "#"
        for value in [color.red, color.green, color.blue] {
            let byte = Int((min(max(value, 0), 1) * 255).rounded())
            text.append(digits[byte / 16])
            text.append(digits[byte % 16])
        }
        return text
    }
}
