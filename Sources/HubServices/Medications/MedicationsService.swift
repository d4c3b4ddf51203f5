import Care
import Clinical
import Foundation
import HubRecords
import HubStore
import Reports

/// A profile's medication orders (FHIR `MedicationRequest`), with their instructions rendered in its language.
public struct MedicationsService: Sendable {
    let app: HubApplication

    /// An order with its instructions in the profile's language.
    public struct OrderView: Sendable, Codable {
        public var order: MedicationOrder
        /// The rendered instructions (never free text).
        public var instructions: String
        /// Who on the care team ordered it and when, for an order pulled from the care-team server.
        public var careTeam: CareTeamOrderOrigin? = nil
    }

    /// Adds an order (validated; one active order per medication name). Needs the terms accepted.
    public func add(_ order: MedicationOrder, profile: String?) async throws -> (StoredProfile, OrderView) {
        try await app.terms.requireAccepted()
        let stored = try await app.store.selectProfile(named: profile)
        var order = order
        order.medication.name = order.medication.name.trimmingCharacters(in: .whitespaces)
        try Self.validate(order)
        let existing = try await app.store.medicationOrders(profileId: stored.id)
        if order.status.isActive,
            let same = existing.first(where: {
                $0.status.isActive && Self.sameName($0.medication.name, order.medication.name)
            })
        {
            throw MedicationsError.duplicate(profile: stored.name, existing: same.medication.name)
        }
        if order.authoredOn == nil { order.authoredOn = try stored.profile.localDate(at: app.now()) }
        try await app.store.saveMedicationOrder(order, profileId: stored.id, atMs: app.now())
        return (stored, view(order, stored))
    }

    /// Changes an order found by id or name; `change` edits it, then it is validated and stored whole.
    public func edit(
        _ reference: String,
        profile: String?,
        change: @Sendable (inout MedicationOrder) throws -> Void
    ) async throws -> (StoredProfile, OrderView) {
        try await app.terms.requireAccepted()
        let stored = try await app.store.selectProfile(named: profile)
        var order = try Self.find(
            reference,
            in: try await app.store.medicationOrders(profileId: stored.id),
            profile: stored.name
        )
        let id = order.id
        try change(&order)
        order.id = id
        try Self.validate(order)
        try await app.store.saveMedicationOrder(order, profileId: stored.id, atMs: app.now())
        return (stored, view(order, stored))
    }

    /// Stops an order (status `stopped`): no more doses due, no interaction warnings.
    public func stop(_ reference: String, profile: String?) async throws -> (StoredProfile, OrderView) {
        try await edit(reference, profile: profile) { $0.status = .stopped }
    }

    /// The profile's orders with their instructions (in `language`, else the profile's); stopped and completed
    /// ones only when `all`.
    public func list(profile: String?, all: Bool = false, language: InstructionLanguage? = nil) async throws -> (
        StoredProfile, [OrderView]
    ) {
        let stored = try await app.store.selectProfile(named: profile)
        let orders = try await app.store.medicationOrders(profileId: stored.id)
        let origins = try await app.store.careTeamOrderOrigins(profileId: stored.id)
        let shown = all ? orders : orders.filter { $0.status == .active || $0.status == .onHold }
        return (stored, shown.map { view($0, stored, language, careTeam: origins[$0.id]) })
    }

    /// One order, by id or name, its instructions in `language` (else the profile's).
    public func show(_ reference: String, profile: String?, language: InstructionLanguage? = nil) async throws -> (
        StoredProfile, OrderView
    ) {
        let stored = try await app.store.selectProfile(named: profile)
        let order = try Self.find(
            reference,
            in: try await app.store.medicationOrders(profileId: stored.id),
            profile: stored.name
        )
        let origin = try await app.store.careTeamOrderOrigins(profileId: stored.id)[order.id]
        return (stored, view(order, stored, language, careTeam: origin))
    }

    func view(
        _ order: MedicationOrder,
        _ stored: StoredProfile,
        _ language: InstructionLanguage? = nil,
        careTeam: CareTeamOrderOrigin? = nil
    ) -> OrderView {
        OrderView(
            order: order,
            instructions: InstructionText.render(order, in: language ?? stored.profile.language ?? .english),
            careTeam: careTeam
        )
    }

    static func validate(_ order: MedicationOrder) throws {
        do { try order.validate() } catch { throw MedicationsError.invalid(error) }
    }

    /// The order a reference names: its UUID or at least its first 8 characters, else its name (letter case
    /// ignored; an active order before others).
    static func find(_ reference: String, in orders: [MedicationOrder], profile: String) throws -> MedicationOrder {
        let wanted = reference.trimmingCharacters(in: .whitespaces).lowercased()
        if wanted.count >= 8 {
            let byId = orders.filter { $0.id.uuidString.lowercased().hasPrefix(wanted) }
            if byId.count == 1 { return byId[0] }
        }
        let byName = orders.filter { sameName($0.medication.name, wanted) }
        let active = byName.filter { $0.status.isActive }
        let candidates = active.isEmpty ? byName : active
        if candidates.count == 1 { return candidates[0] }
        if candidates.count > 1 {
            throw MedicationsError.ambiguous(
                reference: reference,
                ids: candidates.map { String($0.id.uuidString.lowercased().prefix(8)) }
            )
        }
        throw MedicationsError.unknown(profile: profile, reference: reference, known: orders.map(\.medication.name))
    }

    /// Medication names compare ignoring letter case and surrounding spaces.
    static func sameName(_ a: String, _ b: String) -> Bool {
        a.trimmingCharacters(in: .whitespaces).lowercased() == b.trimmingCharacters(in: .whitespaces).lowercased()
    }
}

extension HubApplication {
    /// A profile's medication orders.
    public var medications: MedicationsService { MedicationsService(app: self) }
}

extension MedicationsService {
    /// Imports the orders of a FHIR R4 Bundle or a single `MedicationRequest` (JSON) into the profile, all or none;
    /// an order whose id is already stored is replaced. Codes are checked and wrong ones named by path.
    public func importFHIR(_ data: Data, profile: String?) async throws -> (StoredProfile, [OrderView]) {
        try await app.terms.requireAccepted()
        let stored = try await app.store.selectProfile(named: profile)
        let orders: [MedicationOrder]
        do { orders = try MedicationFHIRImport.orders(from: data) } catch { throw MedicationsError.invalid(error) }
        try await app.store.saveMedicationOrders(orders, profileId: stored.id, atMs: app.now())
        return (stored, orders.map { view($0, stored) })
    }

    /// The profile's orders and dose log as a FHIR R4 `collection` Bundle: a Patient, a `MedicationRequest` per
    /// order and a `MedicationAdministration` per log entry.
    public func exportFHIR(profile: String?) async throws -> (StoredProfile, FHIRJSON) {
        let stored = try await app.store.selectProfile(named: profile)
        let zone = try stored.profile.timeZone()
        let orders = try await app.store.medicationOrders(profileId: stored.id)
        let log = try await app.store.doseRecords(profileId: stored.id)
        let patient = try await app.doses.patientDay(
            stored,
            from: log.compactMap(\.dose?.date).min() ?? CalendarDate(daysSinceEpoch: 0),
            through: log.compactMap(\.dose?.date).max() ?? CalendarDate(daysSinceEpoch: 0)
        )
        let identifier = try await app.store.stablePatientIdentifier(profileId: stored.id)
        return (
            stored,
            MedicationFHIR.bundle(
                profileId: stored.id,
                profileName: stored.profile.name,
                patientIdentifier: identifier,
                orders: orders,
                log: log,
                patient: patient,
                timeZone: zone
            )
        )
    }
}
