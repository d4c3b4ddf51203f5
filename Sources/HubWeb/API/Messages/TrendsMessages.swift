import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices

/// One point of a series: the instant (RFC 3339; a daily mean's is the start of its local day) and the value.
struct TrendPointMessage: Encodable {
    var at: String
    var value: Double
}

/// One series of a trend: what it charts, its UCUM unit and its points, earliest first.
struct TrendSeriesMessage: Encodable {
    var subject: String
    var name: String
    var unit: String
    var points: [TrendPointMessage]

    /// Every series of `trend` under `subject`, with the points its chart draws: the window's (readings; the trend
    /// also holds the period before, which its summary compares) or every one (`wholeSeries`: labs, which are sparse).
    static func all(_ subject: String, _ trend: TrendsService.Trend?, wholeSeries: Bool = false)
        -> [TrendSeriesMessage]
    {
        guard let trend else { return [] }
        return trend.summaries.map { summary in
            TrendSeriesMessage(
                subject: subject,
                name: summary.series.name,
                unit: summary.series.unit,
                points: (wholeSeries ? summary.series.points : summary.summary.points).map {
                    TrendPointMessage(at: APIJSON.instant($0.epochMilliseconds, in: trend.timeZone), value: $0.value)
                }
            )
        }
    }
}

/// The readings' trends: weights, blood pressure and glucose over the window.
struct ReadingsTrendsMessage: Encodable {
    var profile: String
    var days: Int
    var series: [TrendSeriesMessage]

    init(_ overview: TrendsService.ReadingsOverview) {
        profile = overview.profile.name
        days = overview.days
        series =
            TrendSeriesMessage.all("pre-weight", overview.preWeight)
            + TrendSeriesMessage.all("post-weight", overview.postWeight)
            + TrendSeriesMessage.all("gain", overview.gain) + TrendSeriesMessage.all("weight", overview.weight)
            + TrendSeriesMessage.all("blood-pressure", overview.bloodPressure)
            + TrendSeriesMessage.all("glucose", overview.glucose)
    }
}

/// A lab value against the target that applies to the profile.
struct LabStandingMessage: Encodable {
    var value: Double
    var unit: String
    var takenAt: String
    var flag: String
    var targetLow: Double?
    var targetHigh: Double?

    init(_ standing: LabStanding) {
        value = standing.value.value
        unit = standing.value.unit
        takenAt = APIJSON.instant(
            standing.value.takenAt.epochMilliseconds,
            offset: standing.value.takenAt.utcOffsetSeconds
        )
        flag = standing.flag.rawValue
        targetLow = standing.targetLow
        targetHigh = standing.targetHigh
    }

    private enum CodingKeys: String, CodingKey {
        case value, unit, takenAt, flag, targetLow, targetHigh
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(value, forKey: .value)
        try container.encode(unit, forKey: .unit)
        try container.encode(takenAt, forKey: .takenAt)
        try container.encode(flag, forKey: .flag)
        // Always present: null when the target has no such end.
        try container.encode(targetLow, forKey: .targetLow)
        try container.encode(targetHigh, forKey: .targetHigh)
    }
}

/// One lab's trend: its series with their units and the standing of its latest value.
struct LabTrendMessage: Encodable {
    var analyte: String
    var name: String
    var series: [TrendSeriesMessage]
    var standing: LabStandingMessage?
}

/// The labs' trends: every lab with a result, in catalog order.
struct LabsTrendsMessage: Encodable {
    var profile: String
    var days: Int
    var labs: [LabTrendMessage]

    init(_ overview: TrendsService.LabsOverview) {
        profile = overview.profile.name
        days = overview.days
        labs = overview.labs.map {
            LabTrendMessage(
                analyte: $0.analyte.id,
                name: $0.analyte.displayName,
                series: TrendSeriesMessage.all($0.analyte.id, $0.trend, wholeSeries: true),
                standing: $0.standing.map(LabStandingMessage.init)
            )
        }
    }
}

/// One day's intake against the day's limits.
struct IntakeDayMessage: Encodable {
    var date: String
    var intake: [APIRoutes.TodayLine]
}

/// The intake's trends: each day's intake against the limits, oldest first.
struct IntakeTrendsMessage: Encodable {
    var profile: String
    var days: Int
    var intake: [IntakeDayMessage]

    init(_ overview: TrendsService.IntakeOverview) {
        profile = overview.profile.name
        days = overview.days
        intake = overview.intake.map {
            IntakeDayMessage(date: $0.day.description, intake: APIRoutes.lines($0.summary))
        }
    }
}
