import Clinical
import Foundation
import HubRecords
import HubStore

/// Why a medication was not added or removed; each case names the profile and the medication.
public enum MedicationsError: Error, Sendable, CustomStringConvertible {
    /// Fields break their limits: each field (`name`, `dose`, `schedule`) with why.
    case invalid([(field: MedicationsService.Field, reason: String)])
    /// The profile already has a medication of that name (letter case ignored).
    case duplicate(profile: String, existing: String)
    /// The profile has no medication of that name.
    case unknown(profile: String, name: String, known: [String])

    public var description: String {
        switch self {
        case .invalid(let problems): problems.map { "\($0.field.rawValue): \($0.reason)" }.joined(separator: "; ")
        case .duplicate(let profile, let existing):
            "profile '\(profile)' already has a medication named '\(existing)'"
        case .unknown(let profile, let name, let known):
            "profile '\(profile)' has no medication named '\(name)' "
                + "(medications: \(known.isEmpty ? "none" : known.joined(separator: ", ")))"
        }
    }
}

/// The medications a profile takes: name, dose and schedule as written.
public struct MedicationsService: Sendable {
    let app: HubApplication

    /// A medication's field, for naming what is wrong.
    public enum Field: String, Sendable {
        case name, dose, schedule
    }

    /// Adds a medication (fields trimmed; names unique in the profile, letter case ignored). Needs the terms.
    public func add(name: String, dose: String?, schedule: String?, profile: String?) async throws -> (
        StoredProfile, Medication
    ) {
        try await app.terms.requireAccepted()
        let stored = try await app.store.selectProfile(named: profile)
        let medication = Medication(
            name: name.trimmingCharacters(in: .whitespaces),
            dose: dose?.trimmingCharacters(in: .whitespaces) ?? "",
            schedule: schedule?.trimmingCharacters(in: .whitespaces) ?? ""
        )
        let problems = Self.problems(medication)
        guard problems.isEmpty else { throw MedicationsError.invalid(problems) }
        var person = stored.profile
        if let existing = person.medications.first(where: { Self.sameName($0.name, medication.name) }) {
            throw MedicationsError.duplicate(profile: stored.name, existing: existing.name)
        }
        person.medications.append(medication)
        let saved = try await app.store.saveProfile(person, id: stored.id, atMs: app.now())
        return (saved, medication)
    }

    /// The profile's medications, in the order they were added.
    public func list(profile: String?) async throws -> (StoredProfile, [Medication]) {
        let stored = try await app.store.selectProfile(named: profile)
        return (stored, stored.profile.medications)
    }

    /// Removes the medication of that name (letter case ignored); returns it. Needs the terms accepted.
    public func remove(name: String, profile: String?) async throws -> (StoredProfile, Medication) {
        try await app.terms.requireAccepted()
        let stored = try await app.store.selectProfile(named: profile)
        var person = stored.profile
        guard let index = person.medications.firstIndex(where: { Self.sameName($0.name, name) }) else {
            throw MedicationsError.unknown(profile: stored.name, name: name, known: person.medications.map(\.name))
        }
        let removed = person.medications.remove(at: index)
        let saved = try await app.store.saveProfile(person, id: stored.id, atMs: app.now())
        return (saved, removed)
    }

    /// Medication names compare ignoring letter case and surrounding spaces.
    static func sameName(_ a: String, _ b: String) -> Bool {
        a.trimmingCharacters(in: .whitespaces).lowercased() == b.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// Every field of the medication that breaks its limits.
    static func problems(_ medication: Medication) -> [(field: Field, reason: String)] {
        let parts: [(Field, Medication)] = [
            (.name, Medication(name: medication.name)),
            (.dose, Medication(name: "-", dose: medication.dose)),
            (.schedule, Medication(name: "-", schedule: medication.schedule)),
        ]
        var problems: [(field: Field, reason: String)] = []
        for (field, single) in parts {
            do {
                try single.validate(field: "medication")
            } catch {
                problems.append((field, error.reason))
            }
        }
        return problems
    }
}

extension HubApplication {
    /// A profile's medications.
    public var medications: MedicationsService { MedicationsService(app: self) }
}
