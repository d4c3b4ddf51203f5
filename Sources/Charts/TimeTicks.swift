import Clinical
import HubCore

/// Tick positions and labels for a time axis: whole local days, weeks or months, about `count` of them.
public enum TimeTicks {
    /// One tick: its instant (epoch ms) and its label (`MM-dd`, `yyyy-MM-dd` on the first day tick and wherever the
    /// year changes, so a chart always says its year; `yyyy-MM` for month ticks).
    public struct Tick: Sendable, Equatable {
        public var x: Double
        public var label: String
    }

    private static let dayMs = 86_400_000.0

    /// Ticks inside `domain` (epoch ms) at local midnights of days, weeks (Mondays) or month starts.
    public static func ticks(domain: ClosedRange<Double>, utcOffsetSeconds: Int, count: Int) -> [Tick] {
        let offsetMs = Double(utcOffsetSeconds) * 1000
        let firstDay = Int(((domain.lowerBound + offsetMs) / dayMs).rounded(.up))
        let lastDay = Int(((domain.upperBound + offsetMs) / dayMs).rounded(.down))
        guard lastDay >= firstDay else { return [] }
        let spanDays = lastDay - firstDay + 1
        let stepDays = [1, 2, 7, 14].first { spanDays / $0 <= count }
        var ticks: [Tick] = []
        var lastYear = 0
        if let stepDays {
            for day in firstDay...lastDay {
                let date = CalendarDate(daysSinceEpoch: day)
                let aligned =
                    stepDays >= 7
                    ? (date.weekday == .monday && ((day - firstDay) / 7) % (stepDays / 7) == 0)
                    : ((day - firstDay) % stepDays == 0)
                guard aligned else { continue }
                let (year, month, dayOfMonth) = date.components
                let newYear = ticks.isEmpty || year != lastYear
                lastYear = year
                let label = "\(newYear ? "\(year)-" : "")\(two(month))-\(two(dayOfMonth))"
                ticks.append(Tick(x: Double(day) * dayMs - offsetMs, label: label))
            }
        } else {
            let months = (0...(spanDays / 28 + 1)).count
            let monthStep = [1, 2, 3, 6, 12].first { months / $0 <= count } ?? 12
            for day in firstDay...lastDay {
                let (year, month, dayOfMonth) = CalendarDate(daysSinceEpoch: day).components
                guard dayOfMonth == 1, (month - 1) % monthStep == 0 else { continue }
                ticks.append(Tick(x: Double(day) * dayMs - offsetMs, label: "\(year)-\(two(month))"))
            }
        }
        return ticks
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
