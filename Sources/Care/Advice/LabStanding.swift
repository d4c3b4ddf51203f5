import Clinical
import HubCore

/// Where a lab value stands against the target that applies to the patient: the value, its flag and its date.
public struct LabStanding: Sendable, Hashable, Codable {
    /// Below, within or above the target.
    public enum Flag: String, Sendable, Hashable, Codable {
        case low
        case inRange = "in range"
        case high
        /// No target applies to this patient.
        case noTarget = "no target"
    }

    /// The lab value.
    public var value: LabValue
    /// The flag against `target`.
    public var flag: Flag
    /// The target's lower end, if a target applies and has one.
    public var targetLow: Double?
    /// The target's upper end, if a target applies and has one.
    public var targetHigh: Double?
    /// The target's source, if a target applies.
    public var targetSource: String?

    /// The standing of `value` for a patient in `category`: the most specific target that applies (a dialysis or
    /// CKD 3–4 target before one for anyone), from the lab catalog (nutrition.md §2.8).
    public init(_ value: LabValue, category: DiseaseCategory?, hasDiabetes: Bool, catalog: LabCatalog = .standard) {
        self.value = value
        let targets = catalog.analyte(id: value.analyteID)?.targets ?? []
        let applicable = targets.filter { target in
            guard let category else { return target.scope == .anyone }
            return target.scope.applies(to: category, hasDiabetes: hasDiabetes)
        }
        let chosen = applicable.first { $0.scope != .anyone } ?? applicable.first
        targetLow = chosen?.low
        targetHigh = chosen?.high
        targetSource = chosen?.source
        if let chosen {
            if let low = chosen.low, value.value < low {
                flag = .low
            } else if let high = chosen.high, value.value > high {
                flag = .high
            } else {
                flag = .inRange
            }
        } else {
            flag = .noTarget
        }
    }

    /// "5.6 mmol/L, high, on 2026-11-02".
    public func summary(timeZoneOffsetSeconds offset: Int? = nil) -> String {
        let date = CalendarDate(
            daysSinceEpoch: Int(
                (value.takenAt.epochMilliseconds / 1000 + Int64(offset ?? value.takenAt.utcOffsetSeconds))
                    .floorDivided(by: 86_400)
            )
        )
        return "\(AdviceNumber.text(value.value)) \(UnitDisplayName.text(value.unit)), \(flag.rawValue), on \(date)"
    }
}
