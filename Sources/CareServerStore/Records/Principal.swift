/// The account behind a valid token, with what the access check needs to know about it.
public struct Principal: Sendable, Equatable {
    public var accountID: Int64
    public var clinicID: Int64
    public var role: Role
    /// For a caregiver: the patients who granted it access and have not revoked it.
    public var caregiverOf: Set<Int64>

    public init(accountID: Int64, clinicID: Int64, role: Role, caregiverOf: Set<Int64> = []) {
        self.accountID = accountID
        self.clinicID = clinicID
        self.role = role
        self.caregiverOf = caregiverOf
    }
}
