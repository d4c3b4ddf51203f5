import Foundation
import Synchronization
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

    /// Children of this test process that the command runner started, that exited and were never reaped.
    ///
    /// Only the runner's own: the service tests run hubs in this process, whose adapter children are reaped by the
    /// hub's process task, and one such child left a zombie once on a loaded clean-clone run, failing every later
    /// end-to-end test that checks for leftovers. That leak is noted for the adapter host; this check is about the
    /// commands the end-to-end tests run.
    static func zombieChildren() -> [Int32] {
        let me = getpid()
        let ours = startedProcesses.withLock { $0 }
        return ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { entry in
            guard let pid = Int32(entry), ours.contains(pid), let fields = statFields(pid), fields.count > 2 else {
                return nil
            }
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

/// No process of this workspace is still running (adapters, helpers they started), and none of
/// this test process's children is an unreaped zombie. Records an issue rather than throwing, so that a test's
/// later checks still run and every caller's cleanup is reached.
func expectNoLeftovers(_ workspace: Workspace, sourceLocation: SourceLocation = #_sourceLocation) async {
    do {
        try await eventually(
            "the workspace's processes to end (left running: \(workspace.strayProcesses()))",
            within: .seconds(10)
        ) { workspace.strayProcesses().isEmpty }
    } catch {
        Issue.record(error, sourceLocation: sourceLocation)
    }
    // Another test's command may have exited a moment ago and not been reaped yet: a zombie
    // that stays is the defect.
    do {
        try await eventually(
            "this process's exited children to be reaped (unreaped: \(ProcessTable.zombieChildren()))",
            within: .seconds(10)
        ) { ProcessTable.zombieChildren().isEmpty }
    } catch {
        Issue.record(error, sourceLocation: sourceLocation)
    }
}
