import Foundation
import TestSupport
import Testing

/// A look at /proc: what runs, and which of our own children are zombies.
enum ProcessTable {
    /// Every live process's command line (arguments joined by spaces), by pid.
    static func commandLines() -> [Int32: String] {
        var lines: [Int32: String] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = Int32(entry), pid != getpid(),
                let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"), !data.isEmpty,
                state(of: pid) != "Z"
            else { continue }
            lines[pid] = String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
        }
        return lines
    }

    /// Children of this test process that exited and were never reaped.
    static func zombieChildren() -> [Int32] {
        let me = getpid()
        return ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { entry in
            guard let pid = Int32(entry), let fields = statFields(pid), fields.count > 2 else { return nil }
            return fields[0] == "Z" && Int32(fields[1]) == me ? pid : nil
        }
    }

    /// The state letter of a process ("R", "S", "Z", ...).
    static func state(of pid: Int32) -> String? {
        statFields(pid)?.first
    }

    /// The fields of /proc/PID/stat after the command name: state, ppid, ...
    private static func statFields(_ pid: Int32) -> [String]? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        guard let close = text.lastIndex(of: ")") else { return nil }
        return text[text.index(after: close)...].split(separator: " ").map(String.init)
    }
}
