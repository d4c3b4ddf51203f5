/// A device-independent drawing instruction in points (1/72 inch), y growing downwards.
///
/// Chart layout produces these as plain values, so scales and layout are tested without cairo; a renderer in
/// `Reports` turns them into cairo paths (vectors) and pango text on a PDF, PNG or SVG surface.
public enum DrawCommand: Sendable, Equatable {
    /// A straight or broken line through the points.
    case polyline([(x: Double, y: Double)], color: ChartColor, width: Double, dashed: Bool)
    /// A filled rectangle.
    case fillRect(x: Double, y: Double, width: Double, height: Double, color: ChartColor)
    /// A stroked rectangle.
    case strokeRect(x: Double, y: Double, width: Double, height: Double, color: ChartColor, lineWidth: Double)
    /// A filled circle marker.
    case marker(x: Double, y: Double, radius: Double, color: ChartColor)
    /// Text whose anchor is at (x, y): the left, centre or right of its top line.
    case text(String, x: Double, y: Double, size: Double, color: ChartColor, alignment: TextAlignment, bold: Bool)
    /// A PNG image scaled into the rectangle (meal-photo thumbnails); the bytes are the PNG file.
    case image(png: [UInt8], x: Double, y: Double, width: Double, height: Double)

    public static func == (lhs: DrawCommand, rhs: DrawCommand) -> Bool {
        switch (lhs, rhs) {
        case let (.polyline(a, ca, wa, da), .polyline(b, cb, wb, db)):
            a.count == b.count && zip(a, b).allSatisfy { $0.x == $1.x && $0.y == $1.y } && ca == cb && wa == wb
                && da == db
        case let (.fillRect(a, b, c, d, e), .fillRect(f, g, h, i, j)):
            a == f && b == g && c == h && d == i && e == j
        case let (.strokeRect(a, b, c, d, e, w1), .strokeRect(f, g, h, i, j, w2)):
            a == f && b == g && c == h && d == i && e == j && w1 == w2
        case let (.marker(a, b, c, d), .marker(e, f, g, h)):
            a == e && b == f && c == g && d == h
        case let (.text(a, b, c, d, e, f, g), .text(h, i, j, k, l, m, n)):
            a == h && b == i && c == j && d == k && e == l && f == m && g == n
        case let (.image(a, b, c, d, e), .image(f, g, h, i, j)):
            a == f && b == g && c == h && d == i && e == j
        default: false
        }
    }
}

/// Where a text's anchor sits horizontally.
public enum TextAlignment: Sendable, Equatable {
    case left, center, right
}
