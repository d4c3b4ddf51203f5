import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices

/// One stored lab result, in the lab's canonical unit and as entered.
struct LabResultMessage: Encodable {
    var id: Int64
    var analyte: String
    var value: Double
    var unit: String
    var originalValue: Double
    var originalUnit: String
    var takenAt: String
    var egfrFromCreatinine: Double?
    var stage: String?

    init(_ row: LabsService.Row) {
        let value = row.result.value
        id = row.result.id
        analyte = value.analyteID
        self.value = value.value
        unit = value.unit
        originalValue = value.originalValue
        originalUnit = value.originalUnit
        takenAt = APIJSON.instant(value.takenAt.epochMilliseconds, offset: value.takenAt.utcOffsetSeconds)
        if case .success(let derived) = row.derivedEGFR { egfrFromCreatinine = derived.egfr }
        stage = row.stage
    }
}

/// A lab's latest result against its target, with how many results there are and the change since the one before.
struct LabLatestMessage: Encodable {
    var analyte: String
    var name: String
    var count: Int
    var change: Double?
    var standing: LabStandingMessage

    init(_ trend: LabsService.Trend) {
        analyte = trend.analyte.id
        name = trend.analyte.displayName
        count = trend.count
        change = trend.change
        standing = LabStandingMessage(trend.standing)
    }
}

/// The slope of eGFR over the profile's values, in mL/min/{1.73_m2}/a.
struct EGFRSlopeMessage: Encodable {
    var perYear: Double?
    var unit: String
    var readingCount: Int
    var rapidProgression: Bool

    private enum CodingKeys: String, CodingKey {
        case perYear, unit, readingCount, rapidProgression
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        // Null until there are enough eGFR values for a slope.
        try container.encode(perYear, forKey: .perYear)
        try container.encode(unit, forKey: .unit)
        try container.encode(readingCount, forKey: .readingCount)
        try container.encode(rapidProgression, forKey: .rapidProgression)
    }
}

/// The labs page's data: each lab's latest standing, every result newest first, the eGFR slope.
struct LabsPageMessage: Encodable {
    var profile: String
    var latest: [LabLatestMessage]
    var results: [LabResultMessage]
    var egfrSlope: EGFRSlopeMessage?

    init(_ overview: LabsService.Overview) {
        profile = overview.profile.name
        latest = overview.trends.map(LabLatestMessage.init)
        results = overview.rows.map(LabResultMessage.init)
        egfrSlope = overview.egfrSlope.map {
            EGFRSlopeMessage(
                perYear: $0.perYear,
                unit: "mL/min/{1.73_m2}/a",
                readingCount: $0.readingCount,
                rapidProgression: $0.rapidProgression
            )
        }
    }
}
