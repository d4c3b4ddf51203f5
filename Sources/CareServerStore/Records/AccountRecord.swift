/// One account as stored (no password hash: that is read only by `CareStore.signInRecord`).
public struct AccountRecord: Sendable, Equatable {
    public var id: Int64
    public var clinicID: Int64
    public var role: Role
    /// The NHS number for a patient; a chosen name for staff and caregivers.
    public var username: String
    public var firstName: String
    public var drugCourseID: Int32?
    public var monthOfTreatment: Int32?

    public init(
        id: Int64,
        clinicID: Int64,
        role: Role,
        username: String,
        firstName: String,
        drugCourseID: Int32?,
        monthOfTreatment: Int32?
    ) {
        self.id = id
        self.clinicID = clinicID
        self.role = role
        self.username = username
        self.firstName = firstName
        self.drugCourseID = drugCourseID
        self.monthOfTreatment = monthOfTreatment
    }
}

/// What a new account is made of; the password arrives already hashed.
public struct NewAccount: Sendable {
    public var clinicID: Int64
    public var role: Role
    public var username: String
    public var passwordHash: String
    public var firstName: String
    public var drugCourseID: Int32?
    public var monthOfTreatment: Int32?

    public init(
        clinicID: Int64,
        role: Role,
        username: String,
        passwordHash: String,
        firstName: String,
        drugCourseID: Int32? = nil,
        monthOfTreatment: Int32? = nil
    ) {
        self.clinicID = clinicID
        self.role = role
        self.username = username
        self.passwordHash = passwordHash
        self.firstName = firstName
        self.drugCourseID = drugCourseID
        self.monthOfTreatment = monthOfTreatment
    }
}

/// The changes a patient makes to her record; nil leaves a field as it is.
public struct AccountChanges: Sendable {
    public var username: String?
    public var passwordHash: String?
    public var firstName: String?
    public var drugCourseID: Int32?
    public var monthOfTreatment: Int32?

    public init(
        username: String? = nil,
        passwordHash: String? = nil,
        firstName: String? = nil,
        drugCourseID: Int32? = nil,
        monthOfTreatment: Int32? = nil
    ) {
        self.username = username
        self.passwordHash = passwordHash
        self.firstName = firstName
        self.drugCourseID = drugCourseID
        self.monthOfTreatment = monthOfTreatment
    }
}
