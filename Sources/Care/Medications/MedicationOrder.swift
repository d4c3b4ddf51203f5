import Clinical
import Foundation

/// A medication order shaped like FHIR R4 `MedicationRequest`: what to take, who ordered it, its status and how.
///
/// The identifier is a UUID that never changes (exported as `MedicationRequest.identifier` and `id`), never the
/// order's position in a list. Instructions are rendered from `dosages` (`InstructionText`), never from `note`.
public struct MedicationOrder: Sendable, Hashable, Codable {
    /// The stable identifier.
    public var id: UUID
    /// The medication: its name and, where known, its RxNorm code.
    public var medication: MedicationCode
    /// Who ordered it: a named prescriber, or the patient ("self").
    public var prescriber: Prescriber
    /// Active, on hold, stopped or completed.
    public var status: OrderStatus
    /// Why it is taken, in the patient's or the prescriber's words ("high phosphate").
    public var reason: String?
    /// One or more dosage instructions (FHIR `dosageInstruction`); empty only for an order moved from free text.
    public var dosages: [DosageInstruction]
    /// Free text kept beside the order (FHIR `note`), such as a medication's text before structured orders.
    public var note: String?
    /// The local date the order was written (FHIR `authoredOn`): where periods of several days and a course's
    /// `boundsDuration` are counted from.
    public var authoredOn: CalendarDate?

    /// An order from its parts.
    public init(
        id: UUID = UUID(),
        medication: MedicationCode,
        prescriber: Prescriber = .patient,
        status: OrderStatus = .active,
        reason: String? = nil,
        dosages: [DosageInstruction] = [],
        note: String? = nil,
        authoredOn: CalendarDate? = nil
    ) {
        self.id = id
        self.medication = medication
        self.prescriber = prescriber
        self.status = status
        self.reason = reason
        self.dosages = dosages
        self.note = note
        self.authoredOn = authoredOn
    }
}

/// The medication an order names (FHIR `medicationCodeableConcept`).
public struct MedicationCode: Sendable, Hashable, Codable {
    /// The name shown, for example "sevelamer carbonate 800 mg tablet".
    public var name: String
    /// The RxNorm concept id (RXCUI), when known.
    public var rxNorm: String?

    /// A medication by name and optional RxNorm code.
    public init(name: String, rxNorm: String? = nil) {
        self.name = name
        self.rxNorm = rxNorm
    }
}

/// Who ordered a medication (FHIR `requester`): a clinician by name, or the patient for self-care medicines.
public enum Prescriber: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The patient, for over-the-counter and self-chosen medicines.
    case patient
    /// A clinician, by display name.
    case clinician(String)

    /// `self` or the clinician's name.
    public var description: String {
        switch self {
        case .patient: "self"
        case .clinician(let name): name
        }
    }

    /// Reads `self` (or an empty text) as the patient, anything else as a clinician's name.
    public init(text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        self = trimmed.isEmpty || trimmed.lowercased() == "self" ? .patient : .clinician(trimmed)
    }
}
