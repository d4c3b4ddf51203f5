import Foundation

/// Summarises a time series over the last N days against the N days before.
public enum TrendAnalysis {
    /// The longest window, in days (100 years); a guard against overflow, not a clinical limit.
    public static let maximumDays = 36_525

    /// The series in the window of `days` ending at `reference`, its statistics, and the change of its mean.
    ///
    /// With `.readings` the window is `(reference − days × 24 h, reference]` and the previous period the same length
    /// before it. With `.dailyMean` the window is the `days` local dates ending on the reference's local date (up to
    /// `reference` itself), each day reduced to the mean of its readings; statistics and the previous mean are then
    /// over daily means. The series may be in any order.
    public static func summarize(
        _ series: [TrendPoint],
        days: Int,
        endingAt reference: Int64,
        aggregation: TrendAggregation = .readings
    ) throws(TrendError) -> TrendSummary {
        guard (1...maximumDays).contains(days) else { throw .invalidDays(days) }
        if let bad = series.first(where: { !$0.value.isFinite }) {
            throw .nonFiniteValue(bad.value, at: bad.epochMilliseconds)
        }
        let sorted = series.sorted { $0.epochMilliseconds < $1.epochMilliseconds }
        let period: TrendPeriod
        let previousPeriod: TrendPeriod
        let current: [TrendPoint]
        let previous: [TrendPoint]
        switch aggregation {
        case .readings:
            let length = Int64(days) * LocalClock.millisecondsPerDay
            period = TrendPeriod(start: reference - length + 1, end: reference)
            previousPeriod = TrendPeriod(start: reference - 2 * length + 1, end: reference - length)
            current = sorted.filter { period.contains($0.epochMilliseconds) }
            previous = sorted.filter { previousPeriod.contains($0.epochMilliseconds) }
        case .dailyMean(let timeZone):
            // The zone's offsets over both periods, with a day's margin for the look-ups around each local day.
            let day = LocalClock.millisecondsPerDay
            let offsets = ZoneOffsets(
                timeZone,
                from: reference - Int64(2 * days + 2) * day,
                until: reference + 2 * day
            )
            let lastDay = LocalClock.local(reference, in: offsets).date
            let firstDay = lastDay.adding(days: 1 - days)
            let start = LocalClock.startOfDay(firstDay, in: offsets)
            let previousStart = LocalClock.startOfDay(firstDay.adding(days: -days), in: offsets)
            period = TrendPeriod(start: start, end: reference)
            previousPeriod = TrendPeriod(start: previousStart, end: start - 1)
            current = dailyMeans(sorted.filter { period.contains($0.epochMilliseconds) }, in: offsets)
            previous = dailyMeans(sorted.filter { previousPeriod.contains($0.epochMilliseconds) }, in: offsets)
        }

        let values = current.map(\.value)
        let mean = self.mean(values)
        let previousMean = self.mean(previous.map(\.value))
        return TrendSummary(
            period: period,
            previousPeriod: previousPeriod,
            points: current,
            count: current.count,
            minimum: values.min(),
            maximum: values.max(),
            mean: mean,
            previousMean: previousMean,
            change: mean.flatMap { now in previousMean.map { TrendChange(from: $0, to: now) } }
        )
    }

    /// One point per local day with readings: the day's mean at the day's first instant. Input sorted by time.
    static func dailyMeans(_ sorted: [TrendPoint], in offsets: ZoneOffsets) -> [TrendPoint] {
        var result: [TrendPoint] = []
        var day: CalendarDate?
        var bucket: [Double] = []
        func flush() {
            guard let day, let value = mean(bucket) else { return }
            result.append(TrendPoint(epochMilliseconds: LocalClock.startOfDay(day, in: offsets), value: value))
        }
        for point in sorted {
            let date = LocalClock.local(point.epochMilliseconds, in: offsets).date
            if date != day {
                flush()
                day = date
                bucket.removeAll(keepingCapacity: true)
            }
            bucket.append(point.value)
        }
        flush()
        return result
    }

    private static func mean(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }
}
