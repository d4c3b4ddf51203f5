import HubCore

/// The catalogue key of each kind of reading, so that a page names "heart rate" in the reader's language, never its
/// code.
extension MeasurementKind {
    var messageKey: MessageKey {
        switch self {
        case .bodyWeight: .kindBodyWeight
        case .bodyHeight: .kindBodyHeight
        case .bodyFat: .kindBodyFat
        case .bloodPressure: .kindBloodPressure
        case .heartRate: .kindHeartRate
        case .restingHeartRate: .kindRestingHeartRate
        case .bloodGlucose: .kindBloodGlucose
        case .bloodKetone: .kindBloodKetone
        case .oxygenSaturation: .kindOxygenSaturation
        case .bodyTemperature: .kindBodyTemperature
        case .steps: .kindSteps
        case .distance: .kindDistance
        case .activeEnergy: .kindActiveEnergy
        case .sleep: .kindSleep
        case .dietaryWater: .kindDietaryWater
        case .dietaryPotassium: .kindDietaryPotassium
        case .dietarySodium: .kindDietarySodium
        case .dietaryPhosphorus: .kindDietaryPhosphorus
        case .dietaryProtein: .kindDietaryProtein
        case .totalEnergy: .kindTotalEnergy
        case .workout: .kindWorkout
        }
    }
}

extension Language {
    /// The reader's name of the kind whose code is `code` (`heart_rate`); an unknown code as it is.
    func kindName(_ code: String) -> String {
        MeasurementKind(rawValue: code).map { text($0.messageKey) } ?? code
    }
}
