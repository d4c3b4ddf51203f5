import Charts

/// One piece of a report's flow; `PageLayout` places blocks on pages and never splits one, except tables by row.
public enum ReportBlock: Sendable {
    /// A section title.
    case heading(String)
    /// Lines of plain text.
    case lines([String])
    /// Label: value pairs in two columns.
    case facts([(label: String, value: String)])
    /// A table with a header row; `widths` are fractions of the text width.
    case table(columns: [TableColumn], rows: [[String]])
    /// A chart of the given height in points.
    case chart(ChartSpec, height: Double)
    /// Thumbnails in a row with captions.
    case thumbnails([(png: [UInt8], caption: String)])
}

/// A table column: its title, share of the width and alignment.
public struct TableColumn: Sendable, Equatable {
    public var title: String
    public var width: Double
    public var alignment: TextAlignment

    /// A column taking `width` (a fraction) of the text width.
    public init(_ title: String, width: Double, alignment: TextAlignment = .left) {
        self.title = title
        self.width = width
        self.alignment = alignment
    }
}
