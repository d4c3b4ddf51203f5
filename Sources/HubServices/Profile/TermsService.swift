import Clinical
import HubRecords
import HubStore

/// The terms of use and liability release: what they say, whether this store accepted them, accepting them.
public struct TermsService: Sendable {
    let app: HubApplication

    /// Where the current terms stand in this store.
    public struct Standing: Sendable, Equatable {
        /// The current terms.
        public var terms: TermsOfService
        /// Their acceptance, when this store accepted this version.
        public var accepted: TermsAcceptance?
        /// The last acceptance of an earlier version, when the current one is not accepted.
        public var previous: TermsAcceptance?

        /// The current terms, not accepted: where they stand before any store exists.
        public static let notAccepted = Standing(terms: .current, accepted: nil, previous: nil)
    }

    /// The current terms and whether (and when) this store accepted them.
    public func standing() async throws(PatientRecordError) -> Standing {
        let acceptances = try await app.store.termsAcceptances()
        let terms = TermsOfService.current
        let accepted = acceptances.last { $0.version == terms.version }
        return Standing(terms: terms, accepted: accepted, previous: accepted == nil ? acceptances.last : nil)
    }

    /// Accepts the current terms now.
    public func acceptCurrent() async throws(PatientRecordError) -> TermsAcceptance {
        try await app.store.acceptTerms(version: TermsOfService.current.version, atMs: app.now())
    }

    /// Throws unless the current terms are accepted: every write of patient data checks this first.
    public func requireAccepted() async throws(PatientRecordError) {
        try await app.store.requireCurrentTerms()
    }
}

extension HubApplication {
    /// The terms of use.
    public var terms: TermsService { TermsService(app: self) }
}
