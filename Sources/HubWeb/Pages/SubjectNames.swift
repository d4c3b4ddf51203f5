import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices

/// The catalogue key of each limited subject.
extension IntakeSubject {
    var messageKey: MessageKey {
        switch self {
        case .potassium: .potassium
        case .phosphorus: .phosphorus
        case .sodium: .sodium
        case .protein: .protein
        case .fluid: .fluid
        }
    }

    /// The order Today lists them in: the ones a dialysis diet watches most first.
    static let todayOrder: [IntakeSubject] = [.potassium, .phosphorus, .sodium, .protein, .fluid]
}

/// The catalogue key of each meal.
extension Meal {
    var messageKey: MessageKey {
        switch self {
        case .breakfast: .breakfast
        case .lunch: .lunch
        case .dinner: .dinner
        case .snack: .snack
        }
    }
}
