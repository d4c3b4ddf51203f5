import Charts

/// Places report blocks on A4 pages with a header (title, patient, period) and a footer (page n of m).
///
/// Pure: returns each page's `DrawCommand`s, rendered by `CairoRenderer` to PDF (or a page to PNG/SVG).
public struct PageLayout: Sendable {
    public var pageWidth = 595.28
    public var pageHeight = 841.89
    public var margin = 42.0
    /// The header's left text (report title and patient) and right text (period).
    public var headerLeft: String
    public var headerRight: String
    /// The footer's left text (made when, disclaimer).
    public var footer: String

    static let headerHeight = 26.0
    static let footerHeight = 18.0
    static let rowHeight = 11.5
    static let textSize = 8.0

    /// A layout with the texts of its header and footer.
    public init(headerLeft: String, headerRight: String, footer: String) {
        self.headerLeft = headerLeft
        self.headerRight = headerRight
        self.footer = footer
    }

    var contentWidth: Double { pageWidth - 2 * margin }
    var contentTop: Double { margin + Self.headerHeight }
    var contentBottom: Double { pageHeight - margin - Self.footerHeight }

    /// The pages: each a list of drawing commands, header and footer included.
    public func pages(for blocks: [ReportBlock]) -> [[DrawCommand]] {
        var pages: [[DrawCommand]] = []
        var current: [DrawCommand] = []
        var y = contentTop
        func newPage() {
            pages.append(current)
            current = []
            y = contentTop
        }
        func ensure(_ height: Double) {
            if y + height > contentBottom && y > contentTop { newPage() }
        }
        for (index, block) in blocks.enumerated() {
            switch block {
            case let .heading(title):
                // Keep a heading with at least the first part of what follows it.
                let following = index + 1 < blocks.count ? minimumHeight(blocks[index + 1]) : 0
                ensure(22 + following)
                y += 6
                current.append(.text(title, x: margin, y: y, size: 12, color: .blue, alignment: .left, bold: true))
                current.append(
                    .polyline(
                        [(margin, y + 16), (margin + contentWidth, y + 16)],
                        color: .blue,
                        width: 0.6,
                        dashed: false
                    )
                )
                y += 22
            case let .lines(lines):
                for line in lines {
                    ensure(Self.rowHeight)
                    current.append(text(line, x: margin, y: y))
                    y += Self.rowHeight
                }
                y += 4
            case let .facts(facts):
                for fact in facts {
                    ensure(Self.rowHeight)
                    current.append(
                        .text(
                            fact.label,
                            x: margin,
                            y: y,
                            size: Self.textSize,
                            color: .grey,
                            alignment: .left,
                            bold: false
                        )
                    )
                    current.append(
                        text(fit(fact.value, width: contentWidth - 150), x: margin + 150, y: y)
                    )
                    y += Self.rowHeight
                }
                y += 4
            case let .table(columns, rows):
                ensure(Self.rowHeight * 2)
                current.append(contentsOf: tableRow(columns.map(\.title), columns, y: y, bold: true))
                y += Self.rowHeight + 2
                for (rowIndex, row) in rows.enumerated() {
                    if y + Self.rowHeight > contentBottom {
                        newPage()
                        current.append(contentsOf: tableRow(columns.map(\.title), columns, y: y, bold: true))
                        y += Self.rowHeight + 2
                    }
                    if rowIndex % 2 == 1 {
                        current.append(
                            .fillRect(
                                x: margin,
                                y: y - 1,
                                width: contentWidth,
                                height: Self.rowHeight,
                                color: ChartColor(red: 0.95, green: 0.96, blue: 0.98)
                            )
                        )
                    }
                    current.append(contentsOf: tableRow(row, columns, y: y, bold: false))
                    y += Self.rowHeight
                }
                y += 6
            case let .chart(spec, height):
                ensure(height)
                current.append(
                    contentsOf: ChartLayout.commands(
                        for: spec,
                        in: ChartFrame(x: margin, y: y, width: contentWidth, height: height)
                    )
                )
                y += height + 10
            case let .thumbnails(images):
                let size = 80.0
                let perRow = max(1, Int(contentWidth / (size + 10)))
                for start in stride(from: 0, to: images.count, by: perRow) {
                    ensure(size + 14)
                    for (column, image) in images[start..<min(start + perRow, images.count)].enumerated() {
                        let x = margin + Double(column) * (size + 10)
                        current.append(.image(png: image.png, x: x, y: y, width: size, height: size))
                        current.append(
                            .text(
                                image.caption,
                                x: x,
                                y: y + size + 1,
                                size: 6.5,
                                color: .grey,
                                alignment: .left,
                                bold: false
                            )
                        )
                    }
                    y += size + 14
                }
            }
        }
        pages.append(current)
        let count = pages.count
        return pages.enumerated().map { number, page in chrome(page: number + 1, of: count) + page }
    }

    private func minimumHeight(_ block: ReportBlock) -> Double {
        switch block {
        case .heading: 22
        case .lines, .facts: Self.rowHeight * 2
        case .table: Self.rowHeight * 3
        case let .chart(_, height): height
        case .thumbnails: 94
        }
    }

    private func text(_ value: String, x: Double, y: Double, bold: Bool = false) -> DrawCommand {
        .text(value, x: x, y: y, size: Self.textSize, color: .black, alignment: .left, bold: bold)
    }

    private func tableRow(_ cells: [String], _ columns: [TableColumn], y: Double, bold: Bool) -> [DrawCommand] {
        var commands: [DrawCommand] = []
        var x = margin
        for (column, cell) in zip(columns, cells) {
            let width = column.width * contentWidth
            let anchor =
                switch column.alignment {
                case .left: x + 2
                case .center: x + width / 2
                case .right: x + width - 4
                }
            commands.append(
                .text(
                    fit(cell, width: width - 6),
                    x: anchor,
                    y: y,
                    size: Self.textSize - 0.5,
                    color: bold ? .grey : .black,
                    alignment: column.alignment,
                    bold: bold
                )
            )
            x += width
        }
        if bold {
            commands.append(
                .polyline(
                    [(margin, y + Self.rowHeight), (margin + contentWidth, y + Self.rowHeight)],
                    color: .grey,
                    width: 0.4,
                    dashed: false
                )
            )
        }
        return commands
    }

    /// `value` shortened with an ellipsis to about `width` points (DejaVu Sans averages 0.55 em per character).
    func fit(_ value: String, width: Double) -> String {
        let maximum = Int(width / (Self.textSize * 0.55))
        guard value.count > maximum, maximum > 1 else { return value }
        return String(value.prefix(maximum - 1)) + "…"
    }

    private func chrome(page: Int, of count: Int) -> [DrawCommand] {
        [
            .text(headerLeft, x: margin, y: margin, size: 9, color: .black, alignment: .left, bold: true),
            .text(headerRight, x: pageWidth - margin, y: margin, size: 9, color: .grey, alignment: .right, bold: false),
            .polyline(
                [(margin, margin + 14), (pageWidth - margin, margin + 14)],
                color: .grey,
                width: 0.5,
                dashed: false
            ),
            .text(
                footer,
                x: margin,
                y: pageHeight - margin - 8,
                size: 6.5,
                color: .grey,
                alignment: .left,
                bold: false
            ),
            .text(
                "page \(page) of \(count)",
                x: pageWidth - margin,
                y: pageHeight - margin - 8,
                size: 7,
                color: .grey,
                alignment: .right,
                bold: false
            ),
        ]
    }
}
