/// The one-line progress bar `kidneyhub import` draws on a terminal: amount done, rate, time left.
public enum ProgressLine {
    /// e.g. `[##########..........]  50%  512.0 MB of 1.0 GB  85.3 MB/s  0:06 left`.
    public static func render(done: Int, total: Int, elapsedSeconds: Double, width: Int = 20) -> String {
        let fraction = total > 0 ? min(1, max(0, Double(done) / Double(total))) : 0
        let filled = Int((fraction * Double(width)).rounded(.down))
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        let percent = Int((fraction * 100).rounded(.down))
        let rate = elapsedSeconds > 0 ? Double(done) / elapsedSeconds : 0
        var line = "[\(bar)] \(pad(percent, 3))%  \(bytes(done)) of \(bytes(total))  \(bytes(Int(rate)))/s"
        if rate > 0, total >= done {
            line += "  \(clock(Double(total - done) / rate)) left"
        }
        return line
    }

    /// Bytes in B, KB, MB or GB (powers of 1000), one decimal.
    public static func bytes(_ count: Int) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var value = Double(count)
        var unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return unit == 0 ? "\(count) B" : "\((value * 10).rounded() / 10) \(units[unit])"
    }

    /// `m:ss`, or `h:mm:ss` from an hour on.
    public static func clock(_ seconds: Double) -> String {
        let total = Int(seconds.rounded(.up))
        let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
        let mm = minutes < 10 && hours > 0 ? "0\(minutes)" : "\(minutes)"
        let ss = secs < 10 ? "0\(secs)" : "\(secs)"
        return hours > 0 ? "\(hours):\(mm):\(ss)" : "\(mm):\(ss)"
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
