import CareServerStore

/// A clinician or caregiver account as the API shows it.
struct StaffResponse: Encodable, Sendable {
    var id: Int64
    var username: String
    var first_name: String
    var role: String

    init(_ account: AccountRecord) {
        id = account.id
        username = account.username
        first_name = account.firstName
        role = account.role.rawValue
    }
}
