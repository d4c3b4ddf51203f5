import Charts
import Clinical
import Foundation

/// Writes a composed report: the PDF, and on request a PNG of each page for a preview.
public enum ReportWriter {
    /// Writes the PDF of `data` to `path`; with `pngPrefix`, also `<prefix>-<n>.png` per page (at 2 px per point).
    /// Returns the number of pages and the PNG paths written.
    @discardableResult
    public static func write(_ data: ReportData, to path: String, pngPrefix: String? = nil) throws(ReportError)
        -> (pages: Int, pngPaths: [String])
    {
        let pages = ReportComposer.layout(for: data).pages(for: ReportComposer.blocks(for: data))
        do {
            try CairoRenderer.writePDF(
                pages: pages,
                size: .a4,
                title: "KidneyHub report: \(data.profile.name)",
                to: path
            )
            var pngPaths: [String] = []
            if let pngPrefix {
                for (index, page) in pages.enumerated() {
                    let pngPath = "\(pngPrefix)-\(index + 1).png"
                    try CairoRenderer.writePNG(page, size: .a4, scale: 2, to: pngPath)
                    pngPaths.append(pngPath)
                }
            }
            return (pages.count, pngPaths)
        } catch {
            throw .output(path: error.path, reason: error.reason)
        }
    }

    /// Writes one chart alone as SVG or PNG (the same drawing commands as in the PDF).
    public static func writeChart(_ spec: ChartSpec, width: Double, height: Double, to path: String) throws(ReportError)
    {
        let frame = ChartFrame(x: 8, y: 8, width: width - 16, height: height - 16)
        let commands = ChartLayout.commands(for: spec, in: frame)
        let size = CairoRenderer.PageSize(width: width, height: height)
        do {
            if path.lowercased().hasSuffix(".svg") {
                try CairoRenderer.writeSVG(commands, size: size, to: path)
            } else {
                try CairoRenderer.writePNG(commands, size: size, scale: 2, to: path)
            }
        } catch {
            throw .output(path: error.path, reason: error.reason)
        }
    }
}
