import HubRecords
import HubStore

extension CareTeamService {
    /// What one periodic pass pushed for one connected profile, or why it failed.
    public struct PassOutcome: Sendable {
        public var profile: String
        public var result: Result<CareTeamSyncReport, CareTeamError>
    }

    /// One pass of the periodic push (`kidneyhub serve`): every connected profile synced, at most `options`'
    /// `maxBundles` each so that a long backlog is spread over passes; nothing when no profile is connected.
    public func pushConnected(options: CareTeamSyncOptions) async throws(CareTeamError) -> [PassOutcome] {
        let names = try await storeCall { try await app.store.careTeamLinkedProfiles() }
        var outcomes: [PassOutcome] = []
        for name in names {
            do {
                outcomes.append(
                    PassOutcome(profile: name, result: .success(try await sync(profile: name, options: options)))
                )
            } catch {
                outcomes.append(PassOutcome(profile: name, result: .failure(error)))
            }
        }
        return outcomes
    }
}
