import CCairo
import Charts
import Foundation
import HubStore

/// Renders `DrawCommand`s with cairo: vector paths for lines, rectangles and markers, pango for text.
///
/// The one place that touches cairo and pango; every surface (PDF pages, PNG, SVG) is drawn by `draw`.
public enum CairoRenderer {
    /// The page size of an output, in points.
    public struct PageSize: Sendable, Equatable {
        public var width: Double
        public var height: Double
        public init(width: Double, height: Double) {
            self.width = width
            self.height = height
        }
        /// ISO 216 A4 portrait: 210 × 297 mm = 595.28 × 841.89 pt.
        public static let a4 = PageSize(width: 595.28, height: 841.89)
    }

    /// Writes a PDF with one page per element of `pages`.
    public static func writePDF(pages: [[DrawCommand]], size: PageSize, title: String, to path: String)
        throws(RenderError)
    {
        try prepare(path)
        guard let surface = cairo_pdf_surface_create(path, size.width, size.height) else {
            throw RenderError(path: path, reason: "no PDF surface")
        }
        defer { cairo_surface_destroy(surface) }
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "KidneyHub")
        try check(cairo_surface_status(surface), path)
        let context = cairo_create(surface)
        defer { cairo_destroy(context) }
        for page in pages {
            draw(page, on: context)
            cairo_show_page(context)
        }
        cairo_surface_finish(surface)
        try check(cairo_surface_status(surface), path)
    }

    /// Writes one drawing as an SVG file (vectors and text as glyph outlines).
    public static func writeSVG(_ commands: [DrawCommand], size: PageSize, to path: String) throws(RenderError) {
        try prepare(path)
        guard let surface = cairo_svg_surface_create(path, size.width, size.height) else {
            throw RenderError(path: path, reason: "no SVG surface")
        }
        defer { cairo_surface_destroy(surface) }
        try check(cairo_surface_status(surface), path)
        let context = cairo_create(surface)
        defer { cairo_destroy(context) }
        draw(commands, on: context)
        cairo_surface_finish(surface)
        try check(cairo_surface_status(surface), path)
    }

    /// Writes one drawing as a PNG at `scale` pixels per point, on a white background.
    public static func writePNG(_ commands: [DrawCommand], size: PageSize, scale: Double, to path: String)
        throws(RenderError)
    {
        let width = Int32((size.width * scale).rounded(.up))
        let height = Int32((size.height * scale).rounded(.up))
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height) else {
            throw RenderError(path: path, reason: "no image surface")
        }
        defer { cairo_surface_destroy(surface) }
        try check(cairo_surface_status(surface), path)
        let context = cairo_create(surface)
        defer { cairo_destroy(context) }
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_paint(context)
        cairo_scale(context, scale, scale)
        draw(commands, on: context)
        cairo_surface_flush(surface)
        try prepare(path)
        try check(cairo_surface_write_to_png(surface, path), path)
    }

    /// Creates (or empties) the output as a 0600 file before cairo opens it: cairo's `fopen` would create it 0666
    /// minus the umask, but keeps the mode of a file that exists, and a report or its chart shows patient data.
    private static func prepare(_ path: String) throws(RenderError) {
        do { try OwnerOnlyFiles.prepareFile(atPath: path, truncate: true) } catch {
            throw RenderError(path: path, reason: error.description)
        }
    }

    private static func check(_ status: cairo_status_t, _ path: String) throws(RenderError) {
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError(path: path, reason: String(cString: cairo_status_to_string(status)))
        }
    }

    /// Draws the commands in order on a cairo context.
    static func draw(_ commands: [DrawCommand], on context: OpaquePointer?) {
        let fonts = FontCache()
        defer { fonts.release() }
        for command in commands {
            switch command {
            case let .polyline(points, color, width, dashed):
                guard let first = points.first else { continue }
                setColor(color, context)
                cairo_set_line_width(context, width)
                cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
                if dashed {
                    var dashes: [Double] = [3, 2]
                    cairo_set_dash(context, &dashes, 2, 0)
                }
                cairo_move_to(context, first.x, first.y)
                for point in points.dropFirst() { cairo_line_to(context, point.x, point.y) }
                cairo_stroke(context)
                if dashed { cairo_set_dash(context, nil, 0, 0) }
            case let .fillRect(x, y, width, height, color):
                setColor(color, context)
                cairo_rectangle(context, x, y, width, height)
                cairo_fill(context)
            case let .strokeRect(x, y, width, height, color, lineWidth):
                setColor(color, context)
                cairo_set_line_width(context, lineWidth)
                cairo_rectangle(context, x, y, width, height)
                cairo_stroke(context)
            case let .marker(x, y, radius, color):
                setColor(color, context)
                cairo_new_sub_path(context)
                cairo_arc(context, x, y, radius, 0, 2 * Double.pi)
                cairo_fill(context)
            case let .text(text, x, y, size, color, alignment, bold):
                drawText(text, x: x, y: y, size: size, color: color, alignment: alignment, bold: bold, context, fonts)
            case let .image(png, x, y, width, height):
                drawPNG(png, x: x, y: y, width: width, height: height, context)
            }
        }
    }

    private static func setColor(_ color: ChartColor, _ context: OpaquePointer?) {
        cairo_set_source_rgb(context, color.red, color.green, color.blue)
    }

    private static func drawText(
        _ text: String,
        x: Double,
        y: Double,
        size: Double,
        color: ChartColor,
        alignment: TextAlignment,
        bold: Bool,
        _ context: OpaquePointer?,
        _ fonts: FontCache
    ) {
        guard let layout = pango_cairo_create_layout(context) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        pango_layout_set_font_description(layout, fonts.font(size: size, bold: bold))
        pango_layout_set_text(layout, text, -1)
        var width: Int32 = 0
        var height: Int32 = 0
        pango_layout_get_size(layout, &width, &height)
        let textWidth = Double(width) / Double(PANGO_SCALE)
        let left =
            switch alignment {
            case .left: x
            case .center: x - textWidth / 2
            case .right: x - textWidth
            }
        setColor(color, context)
        cairo_move_to(context, left, y)
        pango_cairo_show_layout(context, layout)
    }

    private static func drawPNG(
        _ png: [UInt8],
        x: Double,
        y: Double,
        width: Double,
        height: Double,
        _ context: OpaquePointer?
    ) {
        let reader = PNGReader(bytes: png)
        let surface = withExtendedLifetime(reader) {
            cairo_image_surface_create_from_png_stream(
                { closure, data, length in
                    guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
                    let reader = Unmanaged<PNGReader>.fromOpaque(closure).takeUnretainedValue()
                    return reader.read(into: data, count: Int(length)) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_READ_ERROR
                },
                Unmanaged.passUnretained(reader).toOpaque()
            )
        }
        guard let surface else { return }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return }
        let imageWidth = Double(cairo_image_surface_get_width(surface))
        let imageHeight = Double(cairo_image_surface_get_height(surface))
        guard imageWidth > 0, imageHeight > 0 else { return }
        let scale = min(width / imageWidth, height / imageHeight)
        cairo_save(context)
        cairo_translate(context, x, y)
        cairo_scale(context, scale, scale)
        cairo_set_source_surface(context, surface, 0, 0)
        cairo_paint(context)
        cairo_restore(context)
    }
}

/// Feeds PNG bytes to cairo's stream reader; lives only for the duration of one synchronous read.
private final class PNGReader {
    private let bytes: [UInt8]
    private var offset = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    func read(into destination: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
        guard offset + count <= bytes.count else { return false }
        bytes.withUnsafeBufferPointer { source in
            destination.update(from: source.baseAddress! + offset, count: count)
        }
        offset += count
        return true
    }
}

/// Pango font descriptions by size and weight, made once per drawing and freed after it.
private final class FontCache {
    private var fonts: [String: OpaquePointer] = [:]

    func font(size: Double, bold: Bool) -> OpaquePointer? {
        let key = "\(bold ? "Bold " : "")\(size)"
        if let font = fonts[key] { return font }
        // DejaVu Sans (Debian: fonts-dejavu-core) covers the Latin text and the units' symbols (µ, ², ≤).
        guard let font = pango_font_description_from_string("DejaVu Sans \(bold ? "Bold " : "")\(size)px") else {
            return nil
        }
        fonts[key] = font
        return font
    }

    func release() {
        for font in fonts.values { pango_font_description_free(font) }
        fonts = [:]
    }
}
