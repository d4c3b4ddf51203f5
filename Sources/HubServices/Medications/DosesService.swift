import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubStore

/// The doses due, and the dose log: taken at a time, not taken with a reason, entered in error.
public struct DosesService: Sendable {
    let app: HubApplication

    /// A scheduled dose with its order and its answer, if any.
    public struct DueDose: Sendable, Codable {
        public var dose: ScheduledDose
        public var medication: String
        public var instructions: String
        /// The latest entry answering it; nil while unanswered.
        public var answer: DoseRecord?
    }

    /// The doses due on `date` (the profile's today when nil), earliest first, with their answers and their
    /// instructions in `language` (else the profile's).
    public func due(profile: String?, on date: CalendarDate? = nil, language: InstructionLanguage? = nil) async throws
        -> (StoredProfile, CalendarDate, [DueDose])
    {
        let stored = try await app.store.selectProfile(named: profile)
        let day = try date ?? stored.profile.localDate(at: app.now())
        let orders = try await app.store.medicationOrders(profileId: stored.id)
        let patient = try await patientDay(stored, from: day, through: day)
        let answers = Adherence.answers(try await app.store.doseRecords(profileId: stored.id))
        let language = language ?? stored.profile.language ?? .english
        let byId = Dictionary(orders.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let due = DoseSchedule.doses(for: orders, on: day, patient: patient).map { dose in
            let order = byId[dose.orderId]
            return DueDose(
                dose: dose,
                medication: order?.medication.name ?? "",
                instructions: order.map { InstructionText.render($0.dosages[dose.dosageIndex], in: language) } ?? "",
                answer: answers[dose.key]
            )
        }
        return (stored, day, due)
    }

    /// Logs a dose of an active order as taken at `takenAtMs` (now when nil). `slot` picks the scheduled dose on
    /// `date` (today when nil); without a slot, the unanswered dose due nearest the time taken, or an as-needed
    /// dose when the order has only as-needed dosages.
    public func take(
        _ reference: String,
        slot: String? = nil,
        date: CalendarDate? = nil,
        takenAtMs: Int64? = nil,
        profile: String?
    ) async throws -> (StoredProfile, DoseRecord) {
        let now = app.now()
        let at = takenAtMs ?? now
        let (stored, record) = try await log(reference, slot: slot, date: date, near: at, profile: profile) {
            orderId,
            key in
            DoseRecord(orderId: orderId, dose: key, status: .taken, takenAtMs: at, recordedAtMs: now)
        }
        // A reading watch asking about this medication takes the dose as its answer: its threshold moves up.
        if let order = try await app.store.medicationOrders(profileId: stored.id).first(where: {
            $0.id == record.orderId
        }) {
            _ = try await app.store.answerReadingWatches(profileId: stored.id, medication: order.medication.name)
        }
        return (stored, record)
    }

    /// Logs a dose as not taken, with why.
    public func skip(
        _ reference: String,
        slot: String? = nil,
        date: CalendarDate? = nil,
        reason: String,
        profile: String?
    ) async throws -> (StoredProfile, DoseRecord) {
        let now = app.now()
        return try await log(reference, slot: slot, date: date, near: now, profile: profile) { orderId, key in
            DoseRecord(orderId: orderId, dose: key, status: .notTaken, reason: reason, recordedAtMs: now)
        }
    }

    /// Holds the reminders of a scheduled dose for `minutes` from now (the dose as `take` finds it).
    public func snooze(
        _ reference: String,
        slot: String? = nil,
        date: CalendarDate? = nil,
        minutes: Int,
        profile: String?
    ) async throws -> (StoredProfile, DoseKey, until: Int64) {
        guard (1...24 * 60).contains(minutes) else { throw MedicationsError.snoozeMinutes(minutes) }
        let now = app.now()
        let (stored, order, key) = try await locate(reference, slot: slot, date: date, near: now, profile: profile)
        guard let key else {
            throw MedicationsError.unknownDose(
                name: order.medication.name,
                date: date.map { "\($0)" } ?? "today",
                slot: slot,
                slots: []
            )
        }
        let until = now + Int64(minutes) * 60_000
        try await app.store.snoozeDose(key, untilMs: until, profileId: stored.id)
        return (stored, key, until)
    }

    private func log(
        _ reference: String,
        slot: String?,
        date: CalendarDate?,
        near atMs: Int64,
        profile: String?,
        make: (UUID, DoseKey?) -> DoseRecord
    ) async throws -> (StoredProfile, DoseRecord) {
        let (stored, order, key) = try await locate(reference, slot: slot, date: date, near: atMs, profile: profile)
        let record = make(order.id, key)
        do { try record.validate() } catch { throw MedicationsError.invalid(error) }
        try await app.store.recordDose(record, profileId: stored.id)
        return (stored, record)
    }

    /// The active order `reference` names and the scheduled dose meant: `slot` on `date`, else the unanswered dose
    /// due nearest `atMs`; nil for an as-needed dose.
    private func locate(
        _ reference: String,
        slot: String?,
        date: CalendarDate?,
        near atMs: Int64,
        profile: String?
    ) async throws -> (StoredProfile, MedicationOrder, DoseKey?) {
        try await app.terms.requireAccepted()
        let stored = try await app.store.selectProfile(named: profile)
        let orders = try await app.store.medicationOrders(profileId: stored.id)
        let order = try MedicationsService.find(reference, in: orders, profile: stored.name)
        guard order.status.isActive else {
            throw MedicationsError.orderNotActive(name: order.medication.name, status: order.status)
        }
        let day = try date ?? stored.profile.localDate(at: atMs)
        let patient = try await patientDay(stored, from: day, through: day)
        let doses = DoseSchedule.doses(for: [order], on: day, patient: patient)
        let answers = Adherence.answers(try await app.store.doseRecords(profileId: stored.id, orderId: order.id))
        var key: DoseKey?
        if let slot {
            guard let dose = doses.first(where: { $0.slot == slot }) else {
                throw MedicationsError.unknownDose(
                    name: order.medication.name,
                    date: "\(day)",
                    slot: slot,
                    slots: doses.map(\.slot)
                )
            }
            key = dose.key
        } else if let nearest = doses.filter({ answers[$0.key] == nil }).min(by: {
            abs($0.dueAtMs - atMs) < abs($1.dueAtMs - atMs)
        }) {
            key = nearest.key
        } else if !order.dosages.contains(where: { $0.asNeeded != nil }) {
            throw MedicationsError.unknownDose(
                name: order.medication.name,
                date: "\(day)",
                slot: nil,
                slots: doses.map(\.slot)
            )
        }
        return (stored, order, key)
    }

    /// Marks a log entry (by id or its first 8 or more characters) as entered in error.
    public func markEnteredInError(_ reference: String, reason: String, profile: String?) async throws -> DoseRecord {
        try await app.terms.requireAccepted()
        let stored = try await app.store.selectProfile(named: profile)
        let wanted = reference.lowercased()
        let matches = try await app.store.doseRecords(profileId: stored.id).filter {
            wanted.count >= 8 && $0.id.uuidString.lowercased().hasPrefix(wanted)
        }
        guard matches.count == 1, var record = matches.first else { throw MedicationsError.unknownEntry(reference) }
        guard !reason.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw MedicationsError.invalid(MedicationOrderError(field: "reason", reason: "say why the entry is wrong"))
        }
        _ = try await app.store.markDoseEnteredInError(id: record.id, profileId: stored.id, reason: reason)
        record.status = .enteredInError
        record.reason = reason
        return record
    }

    /// The dose log, oldest first, one order's when `reference` is given.
    public func list(_ reference: String? = nil, profile: String?) async throws -> (
        StoredProfile, [(DoseRecord, String)]
    ) {
        let stored = try await app.store.selectProfile(named: profile)
        let orders = try await app.store.medicationOrders(profileId: stored.id)
        let order = try reference.map { try MedicationsService.find($0, in: orders, profile: stored.name) }
        let names = Dictionary(orders.map { ($0.id, $0.medication.name) }, uniquingKeysWith: { first, _ in first })
        let records = try await app.store.doseRecords(profileId: stored.id, orderId: order?.id)
        return (stored, records.map { ($0, names[$0.orderId] ?? "") })
    }

    /// The patient's day for the schedule: routine, dialysis schedule, zone, and the meals logged in the range.
    func patientDay(_ stored: StoredProfile, from first: CalendarDate, through last: CalendarDate) async throws
        -> PatientDay
    {
        let zone = try stored.profile.timeZone()
        var meals: [CalendarDate: [Meal: LocalTime]] = [:]
        for entry in try await app.store.intakeEntries(profileId: stored.id, from: first, through: last) {
            guard let meal = entry.meal, meal != .snack else { continue }
            let time = GoalCalendar.timeOfDay(at: entry.takenAt.epochMilliseconds, in: zone)
            if let earlier = meals[entry.localDate]?[meal], earlier <= time { continue }
            meals[entry.localDate, default: [:]][meal] = time
        }
        return PatientDay(
            routine: stored.profile.routine ?? .standard,
            dialysis: stored.profile.dialysisSchedule,
            timeZone: zone,
            loggedMeals: meals
        )
    }
}

extension HubApplication {
    /// Doses due and the dose log.
    public var doses: DosesService { DosesService(app: self) }
}
