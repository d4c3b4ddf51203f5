import Care
import Foundation

/// Why a medication order or dose was not stored; each case names the field or the order.
public enum MedicationsError: Error, Sendable, CustomStringConvertible {
    /// A field is wrong: its path (`dosage[0].timing.periodUnit`) and why.
    case invalid(MedicationOrderError)
    /// The profile already has an active order of that medication (letter case ignored).
    case duplicate(profile: String, existing: String)
    /// No order matches: by UUID (or its first 8 or more characters) or by name.
    case unknown(profile: String, reference: String, known: [String])
    /// Several orders match a name; the UUID tells them apart.
    case ambiguous(reference: String, ids: [String])
    /// A dose for an order that is not active.
    case orderNotActive(name: String, status: OrderStatus)
    /// No scheduled dose of the order matches the slot on that day.
    case unknownDose(name: String, date: String, slot: String?, slots: [String])
    /// No log entry has this id.
    case unknownEntry(String)
    /// A snooze outside 1 minute to 24 hours.
    case snoozeMinutes(Int)

    public var description: String {
        switch self {
        case .invalid(let error): "\(error.field): \(error.reason)"
        case .duplicate(let profile, let existing):
            "profile '\(profile)' already has an active order of '\(existing)'; edit it or stop it first"
        case .unknown(let profile, let reference, let known):
            "profile '\(profile)' has no medication order '\(reference)' "
                + "(orders: \(known.isEmpty ? "none" : known.joined(separator: ", ")))"
        case .ambiguous(let reference, let ids):
            "'\(reference)' names several orders; use an id (\(ids.joined(separator: ", ")))"
        case .orderNotActive(let name, let status):
            "order: '\(name)' is \(status.rawValue); doses are logged for active orders only"
        case .unknownDose(let name, let date, let slot, let slots):
            "slot: '\(slot ?? "-")' is not a dose of '\(name)' on \(date) "
                + "(doses that day: \(slots.isEmpty ? "none" : slots.joined(separator: ", ")))"
        case .unknownEntry(let id): "no dose log entry '\(id)'"
        case .snoozeMinutes(let minutes): "minutes: \(minutes) is not a snooze (1 to 1440 minutes)"
        }
    }
}
