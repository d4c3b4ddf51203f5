import AdapterHost
import AdapterProtocol
import Synchronization

/// What adapters report while they sync or import (adapter-protocol.md §7, `$/progress`), kept for a front end to
/// show live: the daemon's `AdapterSetup.onActivity` hears every report, and a page reads what came after the last
/// one it showed. Only the newest `capacity` reports are kept.
public final class DeviceProgressFeed: Sendable {
    /// One progress report of one adapter.
    public struct Entry: Sendable, Equatable {
        /// Increases by one per report; a reader asks for what came after the last it saw.
        public var sequence: Int
        /// The adapter that reported.
        public var adapterId: String
        /// The request's token: `sync:<device id>` for a device's sync, `import` for an import.
        public var token: String
        /// Whether the work began, goes on or ended.
        public var stage: Stage
        /// Units (records) done so far, when the adapter counts them.
        public var done: Int?
        /// Units expected in all, when the adapter knows.
        public var total: Int?
        /// Percent done, when the adapter gives it instead of counts.
        public var percentage: Double?
    }

    /// Where the work stands.
    public enum Stage: String, Sendable, Equatable {
        case begin, report, end
    }

    /// The most reports kept: a page polls every fraction of a second and needs only the newest.
    public static let capacity = 256

    private let state = Mutex<(next: Int, entries: [Entry])>((1, []))

    /// An empty feed.
    public init() {}

    /// Keeps `activity` when it is a progress report; other activity (logs, devices found) is not kept.
    public func hear(_ adapterId: String, _ activity: AdapterActivity) {
        guard case .progress(let token, let value) = activity else { return }
        let stage: Stage =
            switch value.kind {
            case .begin: .begin
            case .report: .report
            case .end: .end
            }
        record(
            adapterId: adapterId,
            token: token,
            stage: stage,
            done: value.done,
            total: value.total,
            percentage: value.percentage
        )
    }

    /// Keeps one report (the adapters' reports come through `hear`).
    public func record(
        adapterId: String,
        token: String,
        stage: Stage,
        done: Int?,
        total: Int?,
        percentage: Double? = nil
    ) {
        state.withLock { state in
            state.entries.append(
                Entry(
                    sequence: state.next,
                    adapterId: adapterId,
                    token: token,
                    stage: stage,
                    done: done,
                    total: total,
                    percentage: percentage
                )
            )
            state.next += 1
            if state.entries.count > Self.capacity { state.entries.removeFirst(state.entries.count - Self.capacity) }
        }
    }

    /// The reports after `sequence`, oldest first.
    public func entries(after sequence: Int) -> [Entry] {
        state.withLock { state in state.entries.filter { $0.sequence > sequence } }
    }

    /// The sequence number of the newest report (0 when none came yet): a reader starts after it.
    public var latestSequence: Int { state.withLock { $0.next - 1 } }
}
