/// Everything a caller can ask of the API, with the patient whose record it touches where there is one.
package enum Operation: Sendable, Equatable {
    case registerPatient
    case listPatients
    case readPatient(Int64)
    case changePatient(Int64)
    /// Creating a symptom list or questionnaire in one's own record.
    case addOwnEntry
    /// Listing one's own symptom lists or questionnaires.
    case listOwnEntries
    /// Looking up a list or questionnaire by its id at all (patients and caregivers; the owner is checked after).
    case lookUpEntries
    /// Reading one list or questionnaire owned by this patient.
    case readEntry(ownerID: Int64)
    /// Listing all lists or questionnaires of this patient (`/patients/<id>/symptoms/`).
    case listPatientEntries(Int64)
    case createClinician
    /// Adding or removing a caregiver of this patient.
    case manageCaregivers(Int64)
    case readAuditLog
    /// Creating a one-time enrollment code for a patient's hub (the patient's clinic is checked after).
    case createEnrollmentCode
    case revokeOwnToken
    /// Signing in to the clinician portal and listing the clinic's patients there with their flags.
    case usePortal
    /// Reading a patient's whole record in the portal (trends, labs, symptoms); the patient's clinic is given.
    case readClinicPatient(patientClinicID: Int64)
    /// Writing or stopping a medication order for this patient (of this clinic).
    case writeOrder(patientClinicID: Int64)
    /// Reading this patient's (of this clinic) medication orders.
    case readOrders(patientID: Int64, patientClinicID: Int64)
    // Questionnaires (issue 20 item 6)
    /// Reading the clinic-wide questionnaire library (no patient data).
    case readQuestionnaireLibrary
    /// Assigning a questionnaire to a patient of this clinic.
    case assignQuestionnaire(patientClinicID: Int64)
    /// Reading a patient's assigned questionnaires, answers or symptom scores.
    case readQuestionnaires(patientID: Int64, patientClinicID: Int64)
    /// Answering a questionnaire assigned to this patient.
    case answerQuestionnaire(patientID: Int64)
}
