/// A stored reading and the profile it belongs to, if any (a device no one was given yet owns its readings itself).
public struct OwnedReading: Sendable, Equatable {
    /// The reading.
    public var reading: StoredMeasurement
    /// Its profile, or nil while its device (or user slot) is nobody's.
    public var profileId: Int64?

    /// A reading and its owner.
    public init(reading: StoredMeasurement, profileId: Int64?) {
        self.reading = reading
        self.profileId = profileId
    }
}
