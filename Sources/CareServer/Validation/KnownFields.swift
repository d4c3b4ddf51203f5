/// Refusing fields a body does not define, so that a misspelt field is an error that names it rather than a value
/// silently dropped. Privilege fields (a role flag) and read-only fields are accepted and ignored: a client cannot
/// make itself a clinician by sending one, and it may echo back what it read.
enum KnownFields {
    /// Fields that would grant a role or move an account, never taken from a body.
    static let ignoredPrivilegeFields: Set<String> = [
        "role", "is_clinician", "is_staff", "is_superuser", "is_admin", "clinic", "clinic_id", "groups",
        "user_permissions",
    ]
    /// Fields the server sets itself.
    static let ignoredReadOnlyFields: Set<String> = ["id", "date", "patient", "patient_id"]

    /// Adds "Unknown field." for every key of `fields` that is neither `allowed` nor ignored.
    static func check(_ fields: [String: JSONValue], allowed: Set<String>, into errors: inout FieldErrorCollector) {
        for key in fields.keys.sorted()
        where !allowed.contains(key) && !ignoredPrivilegeFields.contains(key) && !ignoredReadOnlyFields.contains(key) {
            errors.add(key, "Unknown field.")
        }
    }
}
