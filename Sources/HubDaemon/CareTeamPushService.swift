import HubServices
import Logging
import ServiceLifecycle

/// The periodic push to the care-team server (issue 20 item 7) inside `kidneyhub serve`: every `interval`, each
/// connected profile's new readings, labs, intake totals and doses, a bounded number of Bundles per pass so that a
/// long backlog (days offline) goes over several passes. A pass that fails waits twice as long before the next, up
/// to `maximumBackoff` (a server that is down is not hammered), and a pass that succeeds brings the period back.
/// Nothing is sent when no profile is connected. Stops at graceful shutdown; a push cut off by it is sent again by
/// the next run, since the cursors move only after the server's 2xx.
struct CareTeamPushService: Service {
    let app: HubApplication
    let schedule: HubDaemon.CareTeamPush
    private let logger = Logger(label: "kidneyhub.care-team")

    init(app: HubApplication, schedule: HubDaemon.CareTeamPush) {
        self.app = app
        self.schedule = schedule
    }

    func run() async throws {
        let app = app
        let schedule = schedule
        let logger = logger
        await cancelWhenGracefulShutdown {
            var wait = schedule.interval
            while !Task.isCancelled {
                var failed = false
                do {
                    let outcomes = try await app.careTeam.pushConnected(options: schedule.options)
                    for outcome in outcomes {
                        switch outcome.result {
                        case .success(let report) where report.sent > 0:
                            logger.notice("care team: \(report.sent) sent for \(outcome.profile)")
                        case .success: break
                        case .failure(let error):
                            failed = true
                            logger.warning("care team push for \(outcome.profile) failed: \(error)")
                        }
                    }
                    schedule.onPass(outcomes)
                } catch {
                    failed = true
                    logger.warning("care team push failed: \(error)")
                }
                wait = failed ? min(wait * 2, schedule.maximumBackoff) : schedule.interval
                do { try await Task.sleep(for: wait) } catch { return }
            }
        }
    }
}

extension HubDaemon {
    /// How `serve` pushes to the care-team server.
    public struct CareTeamPush: Sendable {
        /// Time between two passes while they succeed.
        public var interval: Duration
        /// The longest wait after failed passes (each failure doubles the wait from `interval`).
        public var maximumBackoff: Duration
        /// Each pass's sync options (Bundle size, at most how many Bundles, retries of each).
        public var options: CareTeamSyncOptions
        /// Hears each pass's outcomes (tests wait on it).
        public var onPass: @Sendable ([CareTeamService.PassOutcome]) -> Void

        /// A push every `interval` (five minutes by default), backing off to `maximumBackoff` (an hour) on failure,
        /// at most 50 Bundles (10,000 readings) per pass.
        public init(
            interval: Duration = .seconds(300),
            maximumBackoff: Duration = .seconds(3600),
            options: CareTeamSyncOptions = CareTeamSyncOptions(maxBundles: 50),
            onPass: @escaping @Sendable ([CareTeamService.PassOutcome]) -> Void = { _ in }
        ) {
            self.interval = interval
            self.maximumBackoff = max(interval, maximumBackoff)
            self.options = options
            self.onPass = onPass
        }
    }
}
