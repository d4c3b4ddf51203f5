import HubRecords
import TerminalOutput

/// How a command prints the alerts its entry raised: the title, the body wrapped to 100 columns, and where to read it
/// again.
enum AlertLines {
    /// The lines for `alerts`, each alert as "ALERT: title", its body indented, and `notifications show ID`.
    static func lines(_ alerts: [StoredNotification]) -> [String] {
        alerts.flatMap { alert in
            WrappedText.lines("ALERT: \(alert.title)", indent: "  ")
                + WrappedText.lines("  " + alert.body, indent: "  ")
                + ["  (kidneyhub notifications show \(alert.id))"]
        }
    }

    /// Prints `lines(alerts)`.
    static func print(_ alerts: [StoredNotification]) {
        for line in lines(alerts) { Swift.print(line) }
    }
}
