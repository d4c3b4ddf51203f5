import Clinical

/// The badge a goal earns when it is met, in the words of the patient's category ("On dry weight" on dialysis).
public enum Badge: String, Sendable, Hashable, Codable, CaseIterable {
    case steadyBetweenSessions
    case onDryWeight
    case graftGuardian
    case kidneyKeeper
    case pressureInCheck
    case onTheMove
    case kidneyFriendlyPlate
    case wellHydrated
    case colourfulPlate
    case everyDoseTaken
    case targetReached

    /// The badge for meeting a goal of `kind` in `category`.
    public init(kind: GoalKind, category: DiseaseCategory?) {
        self =
            switch (kind, category) {
            case (.interdialyticGainBelow, _): .steadyBetweenSessions
            case (.weightRange, .hemodialysis?), (.weightRange, .peritonealDialysis?): .onDryWeight
            case (.labInRange, .kidneyTransplant?): .graftGuardian
            case (.egfrStable, _): .kidneyKeeper
            case (.bloodPressureBelow, _): .pressureInCheck
            case (.stepsPerDay, _): .onTheMove
            case (.intakeWithin, _): .kidneyFriendlyPlate
            case (.drinkWater, _): .wellHydrated
            case (.fruitVegetableCups, _): .colourfulPlate
            case (.medicationsTaken, _): .everyDoseTaken
            default: .targetReached
            }
    }

    /// Its name in English.
    public var english: String {
        switch self {
        case .steadyBetweenSessions: "Steady between sessions"
        case .onDryWeight: "On dry weight"
        case .graftGuardian: "Graft guardian"
        case .kidneyKeeper: "Kidney keeper"
        case .pressureInCheck: "Pressure in check"
        case .onTheMove: "On the move"
        case .kidneyFriendlyPlate: "Kidney-friendly plate"
        case .wellHydrated: "Well hydrated"
        case .colourfulPlate: "Colourful plate"
        case .everyDoseTaken: "Every dose taken"
        case .targetReached: "Target reached"
        }
    }
}
