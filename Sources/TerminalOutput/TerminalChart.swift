import Clinical
import Foundation
import HubCore

/// Draws a series as a bar chart of Unicode block characters for the terminal.
///
/// Layout: the series' highest and lowest values with the unit as y-axis labels on the top and bottom rows (a flat
/// series has one label); one column per slot of time from the first to the last point (points sharing a column are
/// averaged, columns without points stay empty); bars in eighths of a row (`▁`…`█`) scaled between the lowest value
/// (the thinnest bar) and the highest (a full column), a flat series at half height; then the x-axis and the first
/// and last local dates in the given time zone.
/// Lines carry no trailing spaces. The same input always gives the same text.
public enum TerminalChart {
    /// The fewest plot columns: room for two `YYYY-MM-DD` dates and a space.
    public static let minimumPlotWidth = 21
    /// The fewest rows of bars.
    public static let minimumHeight = 2

    private static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// The chart as lines joined by `\n` (no final newline); `(no data)` for an empty series.
    ///
    /// `width` is the whole line including the labels; `height` the rows of bars; `unit` is shown after each y-axis
    /// label; dates are the local dates in `timeZone`; `fractionDigits` defaults to enough to tell the ends apart.
    public static func render(
        _ series: [TrendPoint],
        width: Int,
        height: Int,
        unit: String,
        timeZone: TimeZone = .gmt,
        fractionDigits: Int? = nil
    ) throws(TerminalChartError) -> String {
        guard height >= minimumHeight else { throw .tooShort(height: height, minimum: minimumHeight) }
        if let digits = fractionDigits, !(0...6).contains(digits) { throw .invalidFractionDigits(digits) }
        if let bad = series.first(where: { !$0.value.isFinite }) {
            throw .nonFiniteValue(bad.value, at: bad.epochMilliseconds)
        }
        guard !series.isEmpty else { return "(no data)" }

        let sorted = series.sorted { $0.epochMilliseconds < $1.epochMilliseconds }
        let first = sorted[0].epochMilliseconds
        let last = sorted[sorted.count - 1].epochMilliseconds

        // The labels are the series' lowest and highest values; their width fixes the plot's.
        let low = sorted.map(\.value).min() ?? 0
        let high = sorted.map(\.value).max() ?? 0
        // A flat series has no span to resolve: the value's own size decides (120 mg/dL, 5.6 mmol/L).
        let digits = fractionDigits ?? FixedDecimal.digits(forSpan: high > low ? high - low : abs(high))
        let suffix = unit.isEmpty ? "" : " \(unit)"
        let rawTop = FixedDecimal.format(high, digits: digits) + suffix
        let rawBottom = FixedDecimal.format(low, digits: digits) + suffix
        let labelWidth = max(rawTop.count, rawBottom.count)
        let topLabel = pad(rawTop, to: labelWidth)
        let bottomLabel = pad(rawBottom, to: labelWidth)

        let plotWidth = width - labelWidth - 2
        guard plotWidth >= minimumPlotWidth else {
            throw .tooNarrow(width: width, minimum: labelWidth + 2 + minimumPlotWidth)
        }

        let eighths = height * 8
        let span = high - low
        let levels = columnMeans(sorted, plotWidth: plotWidth, first: first, last: last).map { mean -> Int in
            guard let mean else { return 0 }
            guard span > 0 else { return eighths / 2 }
            return 1 + Int(((mean - low) / span * Double(eighths - 1)).rounded())
        }

        var lines: [String] = []
        let blankLabel = String(repeating: " ", count: labelWidth)
        for row in 0..<height {
            let base = (height - 1 - row) * 8
            // A flat series is labelled once, on the bottom row.
            let label =
                row == height - 1 ? bottomLabel + " ┤" : row == 0 && high > low ? topLabel + " ┤" : blankLabel + " │"
            var cells = ""
            for level in levels {
                let fill = min(8, max(0, level - base))
                cells.append(fill == 0 ? " " : blocks[fill - 1])
            }
            lines.append(trimTrailingSpaces(label + cells))
        }
        lines.append(blankLabel + " └" + String(repeating: "─", count: plotWidth))

        let firstDate = LocalClock.local(first, in: timeZone).date.description
        let lastDate = LocalClock.local(last, in: timeZone).date.description
        let indent = String(repeating: " ", count: labelWidth + 2)
        if firstDate == lastDate {
            lines.append(indent + firstDate)
        } else {
            let gap = String(repeating: " ", count: plotWidth - firstDate.count - lastDate.count)
            lines.append(indent + firstDate + gap + lastDate)
        }
        return lines.joined(separator: "\n")
    }

    /// The mean of the points falling in each column, nil for columns without points. Input sorted by time.
    private static func columnMeans(_ sorted: [TrendPoint], plotWidth: Int, first: Int64, last: Int64) -> [Double?] {
        var sums = [Double](repeating: 0, count: plotWidth)
        var counts = [Int](repeating: 0, count: plotWidth)
        let duration = last - first
        for point in sorted {
            let column =
                duration == 0
                ? 0 : Int(((point.epochMilliseconds - first) * Int64(plotWidth - 1) + duration / 2) / duration)
            sums[column] += point.value
            counts[column] += 1
        }
        return zip(sums, counts).map { sum, count in count == 0 ? nil : sum / Double(count) }
    }

    private static func pad(_ text: String, to width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }

    private static func trimTrailingSpaces(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }
}
