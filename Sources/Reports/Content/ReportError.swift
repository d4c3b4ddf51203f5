import Clinical
import HubCore

/// Why a report or an export could not be made; each case says what was wrong.
public enum ReportError: Error, Equatable, CustomStringConvertible {
    /// `--from` is after `--to`.
    case emptyPeriod(from: CalendarDate, through: CalendarDate)
    /// The profile's time zone is unknown to the system.
    case profile(String)
    /// Reading the store failed.
    case store(String)
    /// Writing an output file failed.
    case output(path: String, reason: String)

    public var description: String {
        switch self {
        case let .emptyPeriod(from, through): "the period is empty: --from \(from) is after --to \(through)"
        case let .profile(reason): "the profile cannot be reported: \(reason)"
        case let .store(reason): "reading the store failed: \(reason)"
        case let .output(path, reason): "cannot write \(path): \(reason)"
        }
    }
}
