/// The meal a food or a photo belongs to.
public enum Meal: String, Sendable, Hashable, Codable, CaseIterable {
    case breakfast
    case lunch
    case dinner
    case snack
}
