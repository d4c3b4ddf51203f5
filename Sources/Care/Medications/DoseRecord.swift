import Clinical
import Foundation

/// One entry of the dose log (FHIR R4 `MedicationAdministration`): a dose taken at a time, or not taken with a
/// reason; an entry found wrong is marked entered in error (its status changes, the entry stays) and no longer
/// counts. Late entries are normal: `recordedAtMs` may be long after
/// `takenAtMs`.
public struct DoseRecord: Sendable, Hashable, Codable {
    /// The stable identifier (exported as the administration's identifier).
    public var id: UUID
    public var orderId: UUID
    /// The scheduled dose this answers; nil for an as-needed dose, which has no schedule.
    public var dose: DoseKey?
    public var status: DoseStatus
    /// When it was taken (taken doses only).
    public var takenAtMs: Int64?
    /// Why it was not taken, or why the entry is wrong.
    public var reason: String?
    /// When the entry was made.
    public var recordedAtMs: Int64

    /// An entry from its parts.
    public init(
        id: UUID = UUID(),
        orderId: UUID,
        dose: DoseKey?,
        status: DoseStatus,
        takenAtMs: Int64? = nil,
        reason: String? = nil,
        recordedAtMs: Int64
    ) {
        self.id = id
        self.orderId = orderId
        self.dose = dose
        self.status = status
        self.takenAtMs = takenAtMs
        self.reason = reason
        self.recordedAtMs = recordedAtMs
    }

    /// How far ahead of the entry a taken time may be: clocks of two devices differ a little (product choice).
    public static let futureToleranceMs: Int64 = 5 * 60_000

    /// Checks that a taken dose has its time (not in the future), a dose not taken its reason, and that the dose
    /// belongs to the order.
    public func validate() throws(MedicationOrderError) {
        if let dose, dose.orderId != orderId {
            throw MedicationOrderError(field: "dose", reason: "the dose belongs to another order")
        }
        switch status {
        case .taken:
            guard let takenAtMs else {
                throw MedicationOrderError(field: "takenAt", reason: "a taken dose needs its time")
            }
            guard takenAtMs <= recordedAtMs + Self.futureToleranceMs else {
                throw MedicationOrderError(field: "takenAt", reason: "is in the future")
            }
        case .enteredInError:
            break
        case .notTaken:
            guard takenAtMs == nil else {
                throw MedicationOrderError(field: "takenAt", reason: "only a taken dose has a time taken")
            }
            let text = reason?.trimmingCharacters(in: .whitespaces) ?? ""
            guard !text.isEmpty else {
                throw MedicationOrderError(field: "reason", reason: "say why (\(status.rawValue) needs a reason)")
            }
        }
        if let reason {
            try MedicationOrder.checkLength(reason, field: "reason", limit: MedicationOrder.shortTextLimit)
        }
    }
}

/// A dose's status, with FHIR R4 `MedicationAdministration.status` codes.
public enum DoseStatus: String, Sendable, Hashable, Codable, CaseIterable {
    case taken = "completed"
    case notTaken = "not-done"
    case enteredInError = "entered-in-error"
}
