/// The answer to a clinician's new enrollment code: the code (shown this once; the server keeps its hash only),
/// the patient it is for and when it stops working.
struct EnrollmentCodeResponse: Encodable, Sendable {
    var code: String
    var patient_id: Int64
    var expires_at: String
}

/// The answer to an enrollment: the device token (for `POST /api/v1/sync` only, this patient's record only) and the
/// reference every pushed resource names as its subject.
struct EnrollmentResponse: Encodable, Sendable {
    var token: String
    var patient: String
    var patient_id: Int64
}
