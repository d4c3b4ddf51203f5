import CareServerStore
import Foundation

/// One line of the patient list: the patient, the flags and the gain behind them.
public struct PatientRow: Sendable, Equatable {
    public var overview: PatientOverview
    public var flags: [PatientFlag]
    /// The interdialytic gain in % of the reference weight, when there are weights to compute it.
    public var gainPercent: Double?

    public init(_ overview: PatientOverview, now: Date, rules: FlagRules = .standard) {
        self.overview = overview
        self.flags = PatientFlags.flags(overview, now: now, rules: rules)
        self.gainPercent = PatientFlags.gain(overview)?.percent
    }
}

/// How the clinician orders the list (the `sort` query parameter).
public enum PatientSort: String, Sendable, CaseIterable {
    /// Most flags first (the default): whom to call first.
    case flags
    case name
    /// Largest interdialytic gain first.
    case gain
    /// Highest potassium first.
    case potassium
    /// Longest without data first.
    case lastData = "last-data"

    /// `rows` in this order; ties, and patients without the value, by name (numbers in names by their value: "Bed 2"
    /// before "Bed 10") and then id.
    public func sorted(_ rows: [PatientRow]) -> [PatientRow] {
        // Each name's key once, not once per comparison: a unit's thousand patients are sorted on every request.
        let keys = Dictionary(rows.map { ($0.overview.patientID, Self.nameKey($0.overview.firstName)) }) { a, _ in a }
        return rows.sorted { a, b in
            switch self {
            case .flags where a.flags.count != b.flags.count: return a.flags.count > b.flags.count
            case .gain where a.gainPercent != b.gainPercent:
                return (a.gainPercent ?? -.infinity) > (b.gainPercent ?? -.infinity)
            case .potassium where a.overview.potassium?.value != b.overview.potassium?.value:
                return (a.overview.potassium?.value ?? -.infinity) > (b.overview.potassium?.value ?? -.infinity)
            case .lastData where a.overview.lastDataAt != b.overview.lastDataAt:
                return (a.overview.lastDataAt ?? .distantPast) < (b.overview.lastDataAt ?? .distantPast)
            default:
                let names = (keys[a.overview.patientID] ?? "", keys[b.overview.patientID] ?? "")
                return names.0 != names.1 ? names.0 < names.1 : a.overview.patientID < b.overview.patientID
            }
        }
    }

    /// A name to sort by: lowercased, each run of digits padded to 20 places, so "bed 2" sorts before "bed 10".
    static func nameKey(_ name: String) -> String {
        var key = ""
        var digits = ""
        for character in name.lowercased() {
            if character.isASCII, character.isNumber {
                digits.append(character)
                continue
            }
            if !digits.isEmpty {
                key += String(repeating: "0", count: max(0, 20 - digits.count)) + digits
                digits = ""
            }
            key.append(character)
        }
        if !digits.isEmpty { key += String(repeating: "0", count: max(0, 20 - digits.count)) + digits }
        return key
    }
}
