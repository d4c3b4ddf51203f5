import Care
import Clinical
import Foundation
import HubRecords
import HubStore

/// Adherence per order and overall: taken ÷ scheduled, on time within `Adherence.onTimeWindowMinutes`.
public struct AdherenceService: Sendable {
    let app: HubApplication

    /// One order's figures.
    public struct OrderAdherence: Sendable, Codable {
        public var orderId: UUID
        public var medication: String
        public var overall: AdherenceFigure?
        public var groups: [AdherenceFigure]
    }

    /// The report: every order's groups and overall figure, and all orders together.
    public struct Report: Sendable, Codable {
        public var grouping: AdherenceGrouping
        public var first: CalendarDate
        public var last: CalendarDate
        public var onTimeWindowMinutes: Int
        public var overall: AdherenceFigure?
        public var groups: [AdherenceFigure]
        public var orders: [OrderAdherence]
    }

    /// Adherence from `first` (default: 30 days before `last`) through `last` (default: today), counting only
    /// doses already due, of the active orders.
    public func report(
        profile: String?,
        by grouping: AdherenceGrouping = .day,
        from first: CalendarDate? = nil,
        through last: CalendarDate? = nil
    ) async throws -> (StoredProfile, Report) {
        let stored = try await app.store.selectProfile(named: profile)
        let now = app.now()
        let end = try last ?? stored.profile.localDate(at: now)
        let start = first ?? end.adding(days: -29)
        let orders = try await app.store.medicationOrders(profileId: stored.id)
        // Active orders only: the store does not keep when an order was stopped, and counting a stopped order's
        // days after it stopped as missed would be wrong.
        let scheduledOrders = orders.filter { $0.status.isActive }
        let patient = try await app.doses.patientDay(stored, from: start, through: end)
        let scheduled = DoseSchedule.doses(for: scheduledOrders, from: start, through: end, patient: patient)
            .filter { $0.dueAtMs <= now }
        let log = try await app.store.doseRecords(profileId: stored.id)
        let perOrder = orders.map { order in
            let mine = scheduled.filter { $0.orderId == order.id }
            return OrderAdherence(
                orderId: order.id,
                medication: order.medication.name,
                overall: Adherence.overall(scheduled: mine, log: log),
                groups: Adherence.figures(scheduled: mine, log: log, by: grouping)
            )
        }
        return (
            stored,
            Report(
                grouping: grouping,
                first: start,
                last: end,
                onTimeWindowMinutes: Adherence.onTimeWindowMinutes,
                overall: Adherence.overall(scheduled: scheduled, log: log),
                groups: Adherence.figures(scheduled: scheduled, log: log, by: grouping),
                orders: perOrder.filter { $0.overall != nil }
            )
        )
    }
}

extension HubApplication {
    /// Adherence figures.
    public var adherence: AdherenceService { AdherenceService(app: self) }
}
