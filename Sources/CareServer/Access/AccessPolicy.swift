import CareServerStore

/// The one access check: every handler asks it before it reads or writes, and nothing else decides who may do what.
///
/// Roles, as the document's server has them and the issue extends them: a clinic administrator creates clinicians
/// and reads the clinic's audit log; a clinician registers and lists the clinic's patients and nothing else ("clinicians
/// can only create new patients and a single patient is the only one who create and view her corresponding side
/// effects and symptoms"); a patient reads and writes her own record; a caregiver reads the records of the patients
/// who granted it and writes nothing. A record that is not the caller's answers 403 without saying whether it
/// exists, as the document's server does for `/patients/<id>/…` (its `/sym/<id>/` alone answers 404 for an unknown
/// id, which the compatibility check requires).
enum AccessPolicy {
    static let cliniciansOnly = "Only clinicians may do this."
    static let patientOnly = "Only the patient herself may do this."
    static let administratorsOnly = "Only clinic administrators may do this."

    /// Nil when allowed; otherwise the refusal.
    static func refusal(_ caller: Principal, _ operation: Operation) -> APIError? {
        if let questionnaires = questionnaireRefusal(caller, operation) { return questionnaires }
        switch (caller.role, operation) {
        case (.clinician, .registerPatient), (.clinician, .listPatients), (.clinician, .createEnrollmentCode):
            return nil
        case (_, .registerPatient), (_, .listPatients), (_, .createEnrollmentCode):
            return .forbidden(cliniciansOnly)
        case (.administrator, .createClinician), (.administrator, .readAuditLog):
            return nil
        case (_, .createClinician), (_, .readAuditLog):
            return .forbidden(administratorsOnly)
        case (_, .revokeOwnToken):
            return nil
        case (.clinician, .usePortal):
            return nil
        case (_, .usePortal), (.administrator, .readClinicPatient), (.patient, .readClinicPatient),
            (.caregiver, .readClinicPatient):
            return .forbidden(cliniciansOnly)
        case (.clinician, .readClinicPatient(let clinicID)):
            // Another clinic's patient does not exist for this clinician: 404, as for no patient at all.
            return clinicID == caller.clinicID ? nil : .notFound
        case (.clinician, .writeOrder(let clinicID)), (.clinician, .readOrders(_, let clinicID)):
            // Orders: the patient's own clinic's clinicians; another clinic's patient does not exist for them.
            return clinicID == caller.clinicID ? nil : .notFound
        case (_, .writeOrder):
            return .forbidden(cliniciansOnly)
        case (.patient, .readOrders(let id, _)):
            return id == caller.accountID ? nil : .forbidden(patientOnly)
        case (.caregiver, .readOrders(let id, _)):
            return caller.caregiverOf.contains(id) ? nil : .forbidden(patientOnly)
        case (.patient, .addOwnEntry), (.patient, .listOwnEntries), (.patient, .lookUpEntries),
            (.caregiver, .lookUpEntries):
            return nil
        case (.patient, .readPatient(let id)), (.patient, .changePatient(let id)), (.patient, .readEntry(let id)),
            (.patient, .listPatientEntries(let id)), (.patient, .manageCaregivers(let id)):
            return id == caller.accountID ? nil : .forbidden(patientOnly)
        case (.caregiver, .readPatient(let id)), (.caregiver, .readEntry(let id)),
            (.caregiver, .listPatientEntries(let id)):
            return caller.caregiverOf.contains(id) ? nil : .forbidden(patientOnly)
        default:
            return .forbidden(patientOnly)
        }
    }

    static let caregiversReadOnly = "Caregivers may read this record but not write to it."

    /// The questionnaire operations' refusals (`.some(nil)` when allowed, nil for any other operation). Unlike the
    /// document's API, `/api/v1` answers another patient's or another clinic's record with 404, as if there were
    /// none; a role that may never do this answers 403, whoever the record is about.
    private static func questionnaireRefusal(_ caller: Principal, _ operation: Operation) -> APIError?? {
        switch (caller.role, operation) {
        case (_, .readQuestionnaireLibrary):
            return .some(nil)
        case (.clinician, .assignQuestionnaire(let clinicID)):
            return .some(clinicID == caller.clinicID ? nil : .notFound)
        case (_, .assignQuestionnaire):
            return .some(.forbidden(cliniciansOnly))
        case (.clinician, .readQuestionnaires(_, let clinicID)):
            return .some(clinicID == caller.clinicID ? nil : .notFound)
        case (.patient, .readQuestionnaires(let id, _)):
            return .some(id == caller.accountID ? nil : .notFound)
        case (.caregiver, .readQuestionnaires(let id, _)):
            return .some(caller.caregiverOf.contains(id) ? nil : .notFound)
        case (.administrator, .readQuestionnaires):
            return .some(.forbidden(cliniciansOnly))
        case (.patient, .answerQuestionnaire(let id)):
            return .some(id == caller.accountID ? nil : .notFound)
        case (.caregiver, .answerQuestionnaire(let id)):
            return .some(caller.caregiverOf.contains(id) ? .forbidden(caregiversReadOnly) : .notFound)
        case (_, .answerQuestionnaire):
            return .some(.forbidden(patientOnly))
        default:
            return nil
        }
    }

    /// Throws the refusal, if any.
    static func require(_ caller: Principal, _ operation: Operation) throws(APIError) {
        if let refusal = refusal(caller, operation) { throw refusal }
    }
}
