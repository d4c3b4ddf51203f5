import Clinical
import HubCore
import HubServices

/// When a manual entry was taken, as typed with `--at`: the application layer's reader (`EntryTimeText`), kept under
/// this name for the commands that call it.
enum EntryTime {
    typealias Problem = EntryTimeText.Problem

    /// The RFC 3339 time of an entry: `--at` as an RFC 3339 time with offset, or a local `YYYY-MM-DDTHH:MM` (or with
    /// a space) on the profile's clock; now on the profile's clock when nil.
    static func rfc3339(_ text: String?, profile: PatientProfile, now: Int64) throws(Problem) -> String {
        try EntryTimeText.rfc3339(text, profile: profile, now: now)
    }
}

/// Reads a `--phase` word: pre, post, intra, none, or interdialytic (between sessions: the same as none).
func parseDialysisPhase(_ text: String) throws -> DialysisPhase {
    let word = text.lowercased()
    guard let phase = word == "interdialytic" ? DialysisPhase.noDialysis : DialysisPhase(rawValue: word) else {
        throw CommandFailure(
            "--phase: unknown phase '\(text)' (accepted: "
                + "\(DialysisPhase.allCases.map(\.rawValue).joined(separator: ", ")), interdialytic)"
        )
    }
    return phase
}

/// How a phase reads in a list: `none` is a reading between sessions.
func phaseWord(_ phase: DialysisPhase) -> String {
    phase == .noDialysis ? "interdialytic" : phase.rawValue
}
