import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices

/// One weight of the profile, in kg, with its dialysis phase (null until it has one).
struct WeightMessage: Encodable {
    var id: Int64
    var at: String
    var value: Double
    var unit: String
    var phase: String?

    init(_ weight: ProfileWeight) {
        id = weight.measurementId
        at = APIJSON.instant(weight.startMs, offset: weight.utcOffsetSeconds)
        value = weight.kilograms
        unit = "kg"
        phase = weight.phase.phase?.rawValue
    }

    private enum CodingKeys: String, CodingKey {
        case id, at, value, unit, phase
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(at, forKey: .at)
        try container.encode(value, forKey: .value)
        try container.encode(unit, forKey: .unit)
        try container.encode(phase, forKey: .phase)
    }
}

/// The weight page's data: the profile's weights of the last `days` days, newest first.
struct WeightsMessage: Encodable {
    var profile: String
    var days: Int
    var weights: [WeightMessage]
}

/// One blood pressure of the profile, in mm[Hg].
struct BloodPressureMessage: Encodable {
    var id: Int64
    var at: String
    var systolic: Double
    var diastolic: Double
    var unit: String
}

/// The blood pressure page's data: the profile's blood pressures of the last `days` days, newest first.
struct BloodPressuresMessage: Encodable {
    var profile: String
    var days: Int
    var readings: [BloodPressureMessage]
}

/// The fluid page's data: what the profile drank today, in mL, against the day's limit.
struct FluidMessage: Encodable {
    var profile: String
    var date: String
    var total: Double
    var unit: String
    var maximum: Double?
    var left: Double?
}
