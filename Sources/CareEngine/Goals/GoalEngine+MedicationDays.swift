import Care
import Clinical
import Foundation
import HubRecords
import HubStore

extension GoalEngine {
    /// Per local date from `first` through `last` with scheduled doses: whether every one was taken (the
    /// "medications taken" goal's data), from the profile's orders, routine, logged meals and dose log.
    func medicationDays(profileId: Int64, from first: CalendarDate, through last: CalendarDate, context: GoalContext)
        async throws -> [CalendarDate: Bool]
    {
        guard let stored = try await store.profiles().first(where: { $0.id == profileId }) else { return [:] }
        let orders = try await store.medicationOrders(profileId: profileId)
        guard !orders.isEmpty else { return [:] }
        let entries = try await store.intakeEntries(profileId: profileId, from: first, through: last)
        let patient = PatientDay(
            routine: stored.profile.routine ?? .standard,
            dialysis: context.dialysisSchedule,
            timeZone: context.timeZone,
            loggedMeals: Self.mealTimes(entries, in: context.timeZone)
        )
        let scheduled = DoseSchedule.doses(for: orders, from: first, through: last, patient: patient)
        let log = try await store.doseRecords(profileId: profileId)
        var days: [CalendarDate: Bool] = [:]
        for figure in Adherence.figures(scheduled: scheduled, log: log, by: .day) where figure.scheduled > 0 {
            days[figure.first] = figure.taken == figure.scheduled
        }
        return days
    }
}
