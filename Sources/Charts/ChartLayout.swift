/// Lays a chart out in a frame: title and legend, y grid with unit, time axis, reference bands, series.
///
/// Pure: the result is a list of `DrawCommand`s, the same for every output surface (PDF, PNG, SVG).
public enum ChartLayout {
    /// Space reserved around the plot area, in points.
    static let titleHeight = 16.0
    static let leftAxisWidth = 42.0
    static let bottomAxisHeight = 14.0
    static let rightPadding = 6.0

    /// The plot area (inside the axes) of a chart drawn in `frame`.
    public static func plotArea(in frame: ChartFrame) -> ChartFrame {
        ChartFrame(
            x: frame.x + leftAxisWidth,
            y: frame.y + titleHeight + 8,
            width: frame.width - leftAxisWidth - rightPadding,
            height: frame.height - titleHeight - 8 - bottomAxisHeight
        )
    }

    /// The x domain: the spec's, or the data's extent (one day either side of a single instant).
    public static func xDomain(of spec: ChartSpec) -> ClosedRange<Double>? {
        if let domain = spec.xDomain { return domain }
        let xs = spec.series.flatMap { $0.points.map(\.x) }
        guard let low = xs.min(), let high = xs.max() else { return nil }
        return low == high ? (low - 86_400_000)...(high + 86_400_000) : low...high
    }

    /// The y domain before rounding to ticks: data and references, and zero when asked.
    public static func yExtent(of spec: ChartSpec) -> ClosedRange<Double>? {
        var values = spec.series.flatMap { $0.points.map(\.y) }
        guard !values.isEmpty else { return nil }
        for reference in spec.references {
            if let low = reference.low { values.append(low) }
            if let high = reference.high { values.append(high) }
            // An open band (a target "≥ 4.0") gets room beyond its bound, so the band is drawn, not a bare edge.
            switch (reference.low, reference.high) {
            case (let low?, nil): values.append(low + max(abs(low) * 0.05, 0.1))
            case (nil, let high?): values.append(high - max(abs(high) * 0.05, 0.1))
            default: break
            }
        }
        if spec.yIncludesZero || spec.series.contains(where: { $0.style == .bars }) { values.append(0) }
        return values.min()!...values.max()!
    }

    /// The drawing of `spec` inside `frame`.
    public static func commands(for spec: ChartSpec, in frame: ChartFrame) -> [DrawCommand] {
        var commands: [DrawCommand] = []
        commands.append(
            .text(spec.title, x: frame.x, y: frame.y, size: 9.5, color: .black, alignment: .left, bold: true)
        )
        commands.append(contentsOf: legend(spec, frame))
        let plot = plotArea(in: frame)
        commands.append(
            .strokeRect(x: plot.x, y: plot.y, width: plot.width, height: plot.height, color: .grey, lineWidth: 0.5)
        )
        guard let xDomain = xDomain(of: spec), let extent = yExtent(of: spec) else {
            commands.append(
                .text(
                    "no data in this period",
                    x: plot.x + plot.width / 2,
                    y: plot.y + plot.height / 2 - 5,
                    size: 8,
                    color: .grey,
                    alignment: .center,
                    bold: false
                )
            )
            return commands
        }
        let yDomain = LinearScale.niceDomain(extent, count: 4)
        let xScale = LinearScale(domain: xDomain, from: plot.x, to: plot.x + plot.width)
        let yScale = LinearScale(domain: yDomain, from: plot.y + plot.height, to: plot.y)
        commands.append(contentsOf: yAxis(yScale, plot, unit: spec.yUnit))
        commands.append(contentsOf: xAxis(xScale, plot, utcOffsetSeconds: spec.utcOffsetSeconds))
        // Target bands go under the data, limit lines over it so a bar cannot hide its limit.
        for reference in spec.references where !reference.isLine {
            commands.append(contentsOf: referenceDrawing(reference, yScale, plot))
        }
        let barWidth = barWidth(spec, xScale, plot)
        for series in spec.series {
            commands.append(contentsOf: seriesDrawing(series, xScale, yScale, plot, barWidth: barWidth))
        }
        for reference in spec.references where reference.isLine {
            commands.append(contentsOf: referenceDrawing(reference, yScale, plot))
        }
        return commands
    }

    /// How a legend entry's swatch is drawn: like the thing it names, so entries differ in shape, not only colour.
    enum Swatch: Equatable {
        case line(ChartColor), markers(ChartColor), bars(ChartColor), limitLine(ChartColor), band(ChartColor)
    }

    /// The legend's entries: the series, then the references, each with its swatch.
    static func legendEntries(_ spec: ChartSpec) -> [(label: String, swatch: Swatch)] {
        let series = spec.series.map { series -> (label: String, swatch: Swatch) in
            switch series.style {
            case .line: (series.label, .line(series.color))
            case .markers: (series.label, .markers(series.color))
            case .bars: (series.label, .bars(series.color))
            }
        }
        let references = spec.references.map { reference -> (label: String, swatch: Swatch) in
            (reference.label, reference.isLine ? .limitLine(reference.lineColor) : .band(.paleGreen))
        }
        return series + references
    }

    private static func legend(_ spec: ChartSpec, _ frame: ChartFrame) -> [DrawCommand] {
        var commands: [DrawCommand] = []
        var right = frame.x + frame.width - rightPadding
        let y = frame.y + 6
        for (label, swatch) in legendEntries(spec).reversed() {
            let textWidth = estimatedWidth(label, size: 7)
            commands.append(
                .text(label, x: right, y: frame.y + 1, size: 7, color: .black, alignment: .right, bold: false)
            )
            right -= textWidth + 3
            let left = right - 12
            switch swatch {
            case .line(let color):
                commands.append(.polyline([(left, y), (right, y)], color: color, width: 1, dashed: false))
                commands.append(.marker(x: left + 6, y: y, radius: 1.6, color: color))
            case .markers(let color):
                commands.append(.marker(x: left + 6, y: y, radius: 1.8, color: color))
            case .bars(let color):
                commands.append(.fillRect(x: left + 3, y: y - 3, width: 6, height: 6, color: color))
            case .limitLine(let color):
                commands.append(.polyline([(left, y), (right, y)], color: color, width: 0.8, dashed: true))
            case .band(let color):
                commands.append(.fillRect(x: left, y: y - 3, width: 12, height: 6, color: color))
                commands.append(
                    .strokeRect(x: left, y: y - 3, width: 12, height: 6, color: .green, lineWidth: 0.4)
                )
            }
            right -= 20
        }
        return commands
    }

    /// The width of `text` in DejaVu Sans at `size` points, from its advance widths in em (wide, narrow and
    /// average glyphs): the layout is pure and cannot ask the renderer, and a legend must not overlap its swatches.
    static func estimatedWidth(_ text: String, size: Double) -> Double {
        text.reduce(0.0) { width, character in
            let em: Double =
                switch character {
                case "m", "w", "M", "W", "%", "@": 0.98
                case "i", "l", "j", "I", ".", ",", ":", ";", "'", "|", "!", " ", "(", ")", "t", "f", "r": 0.36
                case "A"..."Z": 0.72
                default: 0.62
                }
            return width + em * size
        }
    }

    private static func yAxis(_ scale: LinearScale, _ plot: ChartFrame, unit: String) -> [DrawCommand] {
        var commands: [DrawCommand] = []
        let ticks = scale.ticks(count: 4)
        let step = ticks.count > 1 ? ticks[1] - ticks[0] : 1
        let decimals = LinearScale.decimals(forStep: step)
        for tick in ticks {
            let y = scale.position(tick)
            commands.append(
                .polyline([(plot.x, y), (plot.x + plot.width, y)], color: .lightGrey, width: 0.4, dashed: false)
            )
            commands.append(
                .text(
                    format(tick, decimals: decimals),
                    x: plot.x - 3,
                    y: y - 4,
                    size: 7,
                    color: .black,
                    alignment: .right,
                    bold: false
                )
            )
        }
        commands.append(
            .text(unit, x: plot.x - 3, y: plot.y - 13, size: 7, color: .grey, alignment: .right, bold: false)
        )
        return commands
    }

    private static func xAxis(_ scale: LinearScale, _ plot: ChartFrame, utcOffsetSeconds: Int) -> [DrawCommand] {
        let count = max(2, Int(plot.width / 55))
        return TimeTicks.ticks(domain: scale.domain, utcOffsetSeconds: utcOffsetSeconds, count: count).flatMap {
            tick -> [DrawCommand] in
            let x = scale.position(tick.x)
            return [
                .polyline(
                    [(x, plot.y + plot.height), (x, plot.y + plot.height + 3)],
                    color: .grey,
                    width: 0.5,
                    dashed: false
                ),
                .text(
                    tick.label,
                    x: x,
                    y: plot.y + plot.height + 4,
                    size: 7,
                    color: .black,
                    alignment: .center,
                    bold: false
                ),
            ]
        }
    }

    private static func referenceDrawing(_ reference: ChartReference, _ scale: LinearScale, _ plot: ChartFrame)
        -> [DrawCommand]
    {
        let top = plot.y
        let bottom = plot.y + plot.height
        func clamp(_ y: Double) -> Double { min(max(y, top), bottom) }
        if reference.isLine, let low = reference.low {
            let y = clamp(scale.position(low))
            return [
                .polyline(
                    [(plot.x, y), (plot.x + plot.width, y)],
                    color: reference.lineColor,
                    width: 0.8,
                    dashed: true
                )
            ]
        }
        let yHigh = clamp(reference.high.map(scale.position) ?? top)
        let yLow = clamp(reference.low.map(scale.position) ?? bottom)
        return [.fillRect(x: plot.x, y: yHigh, width: plot.width, height: yLow - yHigh, color: .paleGreen)]
    }

    private static func barWidth(_ spec: ChartSpec, _ xScale: LinearScale, _ plot: ChartFrame) -> Double {
        let dayWidth = xScale.position(xScale.domain.lowerBound + 86_400_000) - plot.x
        let barSeries = max(1, spec.series.filter { $0.style == .bars }.count)
        return max(0.6, min(8, dayWidth * 0.8 / Double(barSeries)))
    }

    private static func seriesDrawing(
        _ series: ChartSeries,
        _ xScale: LinearScale,
        _ yScale: LinearScale,
        _ plot: ChartFrame,
        barWidth: Double
    ) -> [DrawCommand] {
        let sorted = series.points.sorted { $0.x < $1.x }
        let positions = sorted.map { (x: xScale.position($0.x), y: yScale.position($0.y)) }
        switch series.style {
        case .line:
            var commands: [DrawCommand] = []
            if positions.count > 1 {
                commands.append(.polyline(positions, color: series.color, width: 1, dashed: false))
            }
            let radius = positions.count > 120 ? 0.9 : 1.6
            commands.append(
                contentsOf: positions.map { .marker(x: $0.x, y: $0.y, radius: radius, color: series.color) }
            )
            return commands
        case .markers:
            let radius = positions.count > 400 ? 0.8 : 1.4
            return positions.map { .marker(x: $0.x, y: $0.y, radius: radius, color: series.color) }
        case .bars:
            let base = yScale.position(max(yScale.domain.lowerBound, 0))
            return positions.map {
                .fillRect(
                    x: $0.x - barWidth / 2,
                    y: min($0.y, base),
                    width: barWidth,
                    height: abs(base - $0.y),
                    color: series.color
                )
            }
        }
    }

    /// `value` with exactly `decimals` decimals (no locale, no exponent).
    public static func format(_ value: Double, decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        // Beyond a whole number's range (a stored 1e308 from before the plausibility check) the value is written as
        // it is instead of trapping the conversion (issue 21, drill finding 1).
        guard value.isFinite, abs(value) * scale < 9e15 else { return "\(value)" }
        let rounded = (abs(value) * scale).rounded()
        let sign = value < 0 && rounded != 0 ? "-" : ""
        let whole = Int64(rounded / scale)
        guard decimals > 0 else { return "\(sign)\(whole)" }
        let fraction = Int64(rounded) - whole * Int64(scale)
        var digits = String(fraction)
        while digits.count < decimals { digits = "0" + digits }
        return "\(sign)\(whole).\(digits)"
    }
}
