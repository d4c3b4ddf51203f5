import AdapterProtocol

/// Caps the `log` notifications of one adapter that reach the hub's log and the terminal
/// (adapter-protocol.md §7: "the hub MAY rate-limit it"): at most `linesPerWindow` per window; the
/// rest are counted and reported in one line when the next window opens, so a flood (issue 21 drill:
/// 100,000 lines) costs a count, not a terminal full of lines.
struct LogRateLimit: Sendable {
    /// Lines let through per window.
    let linesPerWindow: Int
    /// The window's length.
    let window: Duration

    private var windowStart: ContinuousClock.Instant?
    private var passed = 0
    private var suppressed = 0

    init(linesPerWindow: Int = 100, window: Duration = .seconds(10)) {
        self.linesPerWindow = linesPerWindow
        self.window = window
    }

    /// What to pass on for a line that arrived at `now`: the line itself when within the limit, preceded
    /// by the summary of what the last window suppressed when a new window opens; nothing when over.
    mutating func admit(_ line: LogNotification, at now: ContinuousClock.Instant) -> [LogNotification] {
        var out: [LogNotification] = []
        if let start = windowStart, now - start < window {
            // Same window.
        } else {
            if suppressed > 0 { out.append(summary()) }
            windowStart = now
            passed = 0
            suppressed = 0
        }
        if passed < linesPerWindow {
            passed += 1
            out.append(line)
        } else {
            suppressed += 1
        }
        return out
    }

    /// The line that reports what the current window suppressed, if anything (for when the session ends).
    mutating func flush() -> LogNotification? {
        guard suppressed > 0 else { return nil }
        defer { suppressed = 0 }
        return summary()
    }

    private func summary() -> LogNotification {
        LogNotification(
            level: .warning,
            message: "\(suppressed) more log lines from the adapter were left out (over \(linesPerWindow) in "
                + "\(window.components.seconds) s)"
        )
    }
}
