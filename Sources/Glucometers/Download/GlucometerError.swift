import USBTransport

/// Why reading a meter failed; each case says what was wrong and where.
public enum GlucometerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The report channel failed (the meter was unplugged, or stopped answering).
    case transport(ReportChannelError, during: String)
    /// A checksum the meter sent does not match its bytes.
    case checksumMismatch(where: String, sent: String, computed: String)
    /// The meter answered a text command with `CMD Fail!` (FreeStyle).
    case commandFailed(String)
    /// A reply that breaks the protocol: `where` names the step, `detail` what was seen.
    case unexpectedReply(where: String, detail: String)
    /// A record that cannot be read; `location` names it (e.g. "$result? record 3").
    case malformedRecord(location: String, reason: String)
    /// A frame or command was retried as the protocol allows and still failed.
    case retriesExhausted(what: String, attempts: Int, lastProblem: String)

    public var description: String {
        switch self {
        case .transport(let error, let step): "\(error) during \(step)"
        case .checksumMismatch(let place, let sent, let computed):
            "checksum mismatch in \(place): the meter sent \(sent), the bytes sum to \(computed)"
        case .commandFailed(let command): "the meter refused the command \(command) (CMD Fail!)"
        case .unexpectedReply(let place, let detail): "unexpected reply during \(place): \(detail)"
        case .malformedRecord(let location, let reason): "unreadable record at \(location): \(reason)"
        case .retriesExhausted(let what, let attempts, let last):
            "\(what) failed \(attempts) times (last: \(last)); giving up"
        }
    }

    /// True when the meter went away mid-session (plugging it in again resumes).
    public var isDisconnect: Bool {
        if case .transport(.disconnected, _) = self { return true }
        return false
    }
}
