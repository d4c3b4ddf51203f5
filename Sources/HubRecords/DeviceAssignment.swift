/// A device, or one user slot of it, given to a profile: the row of `deviceAssignment`.
public struct DeviceAssignment: Sendable, Equatable, Codable {
    /// `userIndex` for every slot of the device that has no assignment of its own (a single-user device).
    public static let anyUser = -1

    /// The device row.
    public var deviceRowId: Int64
    /// The user slot (0–255) on a shared scale or cuff, or `anyUser`.
    public var userIndex: Int
    /// The profile the readings belong to.
    public var profileId: Int64
    /// When the assignment was made (UTC epoch ms).
    public var assignedAtMs: Int64
    /// Readings taken before this instant (UTC epoch ms) are not claimed for the profile; 0 claims them all.
    public var claimsFromMs: Int64

    /// An assignment from its columns.
    public init(deviceRowId: Int64, userIndex: Int, profileId: Int64, assignedAtMs: Int64, claimsFromMs: Int64 = 0) {
        self.deviceRowId = deviceRowId
        self.userIndex = userIndex
        self.profileId = profileId
        self.assignedAtMs = assignedAtMs
        self.claimsFromMs = claimsFromMs
    }
}
