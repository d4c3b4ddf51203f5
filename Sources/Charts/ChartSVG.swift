import Clinical

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
        var svg = """
            <svg id="\(id)" class="chart" viewBox="0 0 \(Int(width)) \(Int(height))" role="img" \
            aria-labelledby="\(id)-title \(id)-desc" xmlns="http://www.w3.org/2000/svg">\
            <title id="\(id)-title">\(markupEscaped(title))</title><desc id="\(id)-desc">\(markupEscaped(description))</desc>
            """
        // Written as bytes into one buffer: a year's chart has hundreds of elements, and building a string per
        // element (or appending to a `String`, which checks its storage and flags on each piece) was a quarter of
        // the trends page's time in a release build (perf).
        let commands = ChartLayout.commands(for: spec, in: frame)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(commands.count * 64)
        for command in commands {
            append(command, to: &bytes)
        }
        svg += String(decoding: bytes, as: UTF8.self)
        svg += "</svg>"
        return svg
    }

    /// One drawing command as an SVG element (y grows downwards in both), its UTF-8 appended to `svg`.
    static func append(_ command: DrawCommand, to svg: inout [UInt8]) {
        func text(_ piece: String) {
            // Through the string's contiguous UTF-8, copied at once (the generic `utf8` sequence went byte by byte).
            var piece = piece
            piece.withUTF8 { svg.append(contentsOf: $0) }
        }
        /// A coordinate with at most two decimals.
        func coordinate(_ value: Double) {
            FixedDecimal.append(value, maximumDigits: 2, to: &svg)
        }
        func number(_ name: String, _ value: Double) {
            text(" ")
            text(name)
            text("=\"")
            coordinate(value)
            text("\"")
        }
        func color(_ name: String, _ color: ChartColor) {
            text(" ")
            text(name)
            text("=\"")
            text(css(color))
            text("\"")
        }
        switch command {
        case .polyline(let points, let stroke, let width, let dashed):
            text("<polyline points=\"")
            for (index, point) in points.enumerated() {
                if index > 0 { text(" ") }
                coordinate(point.x)
                text(",")
                coordinate(point.y)
            }
            text("\" fill=\"none\"")
            color("stroke", stroke)
            number("stroke-width", width)
            text(dashed ? " stroke-dasharray=\"4 3\"/>" : "/>")
        case .fillRect(let x, let y, let width, let height, let fill):
            text("<rect")
            number("x", x)
            number("y", y)
            number("width", width)
            number("height", height)
            color("fill", fill)
            text("/>")
        case .strokeRect(let x, let y, let width, let height, let stroke, let lineWidth):
            text("<rect")
            number("x", x)
            number("y", y)
            number("width", width)
            number("height", height)
            text(" fill=\"none\"")
            color("stroke", stroke)
            number("stroke-width", lineWidth)
            text("/>")
        case .marker(let x, let y, let radius, let fill):
            text("<circle")
            number("cx", x)
            number("cy", y)
            number("r", radius)
            color("fill", fill)
            text("/>")
        case .text(let label, let x, let y, let size, let fill, let alignment, let bold):
            let anchor =
                switch alignment {
                case .left: "start"
                case .center: "middle"
                case .right: "end"
                }
            text("<text")
            number("x", x)
            // The layout anchors text at the top of its line; SVG at the baseline, about 0.8 of the size lower.
            number("y", y + size * 0.8)
            number("font-size", size)
            color("fill", fill)
            text(" text-anchor=\"")
            text(anchor)
            text(bold ? "\" font-weight=\"bold\">" : "\">")
            text(markupEscaped(label))
            text("</text>")
        case .image:
            // Charts draw no photos; a report's meal thumbnail never reaches a page chart.
            break
        }
    }

    /// `#rrggbb`. Hex digits by hand: `String(format:)` for each colour of each element was a seventh of the trends
    /// page's time in a release build (perf).
    package static func css(_ color: ChartColor) -> String {
        // The palette's colours are written once: a chart names a colour for each of its elements.
        if let known = palette.first(where: { $0.color == color }) { return known.css }
        return hex(color)
    }

    private static let palette: [(color: ChartColor, css: String)] = [
        ChartColor.black, .grey, .lightGrey, .blue, .orange, .green, .red, .purple, .paleGreen,
    ].map { ($0, hex($0)) }

    private static func hex(_ color: ChartColor) -> String {
        var text = "#"
        for value in [color.red, color.green, color.blue] {
            let byte = Int((min(max(value, 0), 1) * 255).rounded())
            text.append(hexDigits[byte / 16])
            text.append(hexDigits[byte % 16])
        }
        return text
    }

    private static let hexDigits = Array("0123456789abcdef")
}
