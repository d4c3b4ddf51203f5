/// Why the shipped food database could not be read.
public enum FoodDataError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The resource is not where SwiftPM put it.
    case missing(String)
    /// The gzip data is damaged.
    case corrupt(String)
    /// The text is not in the expected format.
    case format(String)

    public var description: String {
        switch self {
        case .missing(let path): "the food database resource is missing (\(path)); reinstall KidneyHub"
        case .corrupt(let reason): "the food database resource is damaged: \(reason)"
        case .format(let reason): "the food database resource is unreadable: \(reason)"
        }
    }
}
