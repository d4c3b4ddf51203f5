/// How a series is drawn.
public enum SeriesStyle: Sendable, Equatable {
    /// Points joined by a line, with small markers.
    case line
    /// Markers only.
    case markers
    /// Vertical bars from the axis' zero (or bottom) to each value.
    case bars
}

/// A named series of points drawn in one colour.
public struct ChartSeries: Sendable, Equatable {
    /// The legend label.
    public var label: String
    /// The points, in any order; they are drawn sorted by x.
    public var points: [ChartPoint]
    public var color: ChartColor
    public var style: SeriesStyle

    /// A series with a label, points, colour and style.
    public init(label: String, points: [ChartPoint], color: ChartColor, style: SeriesStyle = .line) {
        self.label = label
        self.points = points
        self.color = color
        self.style = style
    }
}

/// A horizontal reference: a limit line (`low == high`) or a target band.
public struct ChartReference: Sendable, Equatable {
    public var label: String
    public var low: Double?
    public var high: Double?
    /// The colour of a limit line (a band is always pale green): a chart with a maximum and a minimum tells them
    /// apart.
    public var lineColor: ChartColor

    /// True for a single limit line (`low == high`), false for a band.
    public var isLine: Bool { low != nil && low == high }

    /// A band from `low` to `high`; one of them may be open.
    public init(label: String, low: Double?, high: Double?, lineColor: ChartColor = .red) {
        self.label = label
        self.low = low
        self.high = high
        self.lineColor = lineColor
    }
}
