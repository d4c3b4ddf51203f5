/// What a chart shows: a title, the y unit, series and references; the x axis is time unless `xIsTime` is false.
public struct ChartSpec: Sendable, Equatable {
    public var title: String
    /// The UCUM unit (or a label such as "mmHg") printed on the y axis.
    public var yUnit: String
    public var series: [ChartSeries]
    public var references: [ChartReference]
    /// The time zone offset used to print dates on the x axis, in seconds.
    public var utcOffsetSeconds: Int
    /// An explicit x range (epoch ms), for charts of a report period; nil fits the data.
    public var xDomain: ClosedRange<Double>?
    /// Whether the y axis starts at zero (bars, intakes) instead of fitting the data.
    public var yIncludesZero: Bool

    /// A chart description.
    public init(
        title: String,
        yUnit: String,
        series: [ChartSeries],
        references: [ChartReference] = [],
        utcOffsetSeconds: Int = 0,
        xDomain: ClosedRange<Double>? = nil,
        yIncludesZero: Bool = false
    ) {
        self.title = title
        self.yUnit = yUnit
        self.series = series
        self.references = references
        self.utcOffsetSeconds = utcOffsetSeconds
        self.xDomain = xDomain
        self.yIncludesZero = yIncludesZero
    }

    /// True when no series has a point.
    public var isEmpty: Bool { series.allSatisfy(\.points.isEmpty) }
}
