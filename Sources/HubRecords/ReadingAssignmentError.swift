/// Why the store refused to assign a device or to change a weight's phase; each case names what is known.
public enum ReadingAssignmentError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No stored device has this id.
    case unknownDevice(String, known: [String])
    /// Several adapters have a device with this id.
    case ambiguousDevice(String, adapters: [String])
    /// The profile has no body weight with this measurement id.
    case unknownWeight(Int64, profile: String)
    /// The profile has no blood pressure with this measurement id.
    case unknownBloodPressure(Int64, profile: String)

    /// A sentence naming the problem and what to do.
    public var description: String {
        switch self {
        case .unknownDevice(let id, let known):
            "no device '\(id)' has sent readings yet (devices: \(known.isEmpty ? "none" : known.joined(separator: ", ")))"
                + "; sync it first with `kidneyhub devices sync \(id)`"
        case .ambiguousDevice(let id, let adapters):
            "adapters \(adapters.joined(separator: ", ")) each have a device '\(id)'; choose one with --adapter"
        case .unknownWeight(let id, let profile):
            "profile '\(profile)' has no weight with id \(id) (see `kidneyhub weight list`)"
        case .unknownBloodPressure(let id, let profile):
            "profile '\(profile)' has no blood pressure with id \(id) (see `kidneyhub bp list`)"
        }
    }
}
