import Foundation

/// How far a commit must reach before the hub acknowledges a batch.
public enum StoreDurability: String, Sendable, Hashable, CaseIterable {
    /// Every commit is synced to disk before it is acknowledged (`synchronous = FULL`): an
    /// acknowledged reading survives power loss, so an adapter may let its device forget it. The
    /// default, because this is medical data; each commit costs one fsync (architecture.md §5.2).
    case full
    /// Commits survive a crash of the hub process but a power loss or OS crash may roll back the
    /// last ones, together with their cursors (`synchronous = NORMAL`, the usual WAL setting):
    /// for disks whose fsync is slow, when devices keep their memory so a re-sync recovers them.
    case normal

    package var pragma: String {
        switch self {
        case .full: "PRAGMA synchronous = FULL"
        case .normal: "PRAGMA synchronous = NORMAL"
        }
    }
}
