import Care
import CareEngine
import Clinical
import HubRecords
import HubStore

/// Decision support: the decision matrix (with the alerts standing now), the advice given, the monthly report card.
/// A front end's view of CareEngine's advice and report-card services.
public struct AdviceService: Sendable {
    let app: HubApplication

    /// The decision matrix of a profile.
    public struct Matrix: Sendable {
        /// The profile.
        public var profile: StoredProfile
        /// Per nutrient: limit, today's and 7-day intake, labs, medications and advice; with alerts and medications.
        public var matrix: DecisionMatrix
    }

    /// The decision matrix now; the lab, eGFR and weight-gain alerts standing now are posted as notifications.
    public func matrix(profile: String?) async throws -> Matrix {
        try await app.foods.ensureFoodDatabase()
        let stored = try await app.store.selectProfile(named: profile)
        let now = app.now()
        let engine = CareEngine.AdviceService(store: app.store)
        do {
            let matrix = try await engine.matrix(profile: stored, at: now)
            try await engine.postStandingAlerts(profile: stored, at: now)
            return Matrix(profile: stored, matrix: matrix)
        } catch let error as ProfileFieldError {
            throw CareServiceError.timeZone(reason: error.reason)
        }
    }

    /// The last `limit` advice firings of a profile, newest first, each with its rule version and facts.
    public func history(profile: String?, limit: Int = 50) async throws -> [StoredAdviceFiring] {
        try await app.foods.ensureFoodDatabase()
        let stored = try await app.store.selectProfile(named: profile)
        return try await app.store.adviceFirings(profileId: stored.id, limit: limit)
    }

    /// The report card of `month` ("YYYY-MM"; nil for last month on the profile's clock): the stored one, or one
    /// built (and stored) now when there is none or `rebuild` asks for it.
    public func reportCard(month: String?, profile: String?, rebuild: Bool) async throws -> ReportCard {
        try await app.foods.ensureFoodDatabase()
        let stored = try await app.store.selectProfile(named: profile)
        let now = app.now()
        let chosen: String
        do {
            if let month {
                _ = try ReportCardService.days(of: month)
                chosen = month
            } else {
                chosen = try ReportCardService.previous(
                    ReportCardService.month(of: try stored.profile.localDate(at: now))
                )
            }
        } catch let error as ReportCardService.MonthError {
            throw CareServiceError.month(reason: error.description)
        }
        if !rebuild, let card = try await app.store.reportCard(profileId: stored.id, month: chosen) { return card }
        return try await ReportCardService(store: app.store).build(month: chosen, profile: stored, at: now)
    }
}

extension HubApplication {
    /// Decision support and the report card.
    public var advice: AdviceService { AdviceService(app: self) }
}
