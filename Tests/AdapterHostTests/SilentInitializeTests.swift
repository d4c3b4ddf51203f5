import AdapterHost
import AdapterProtocol
import Foundation
import HubRecords
import HubStore
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 21, drill finding 6: an adapter that never answers `initialize` must be stopped within the handshake's
/// timeout with a message that says so (once it gave "no adapter knows device …"), and leave no process behind.
struct SilentInitializeTests {
    @Test func anAdapterThatNeverAnswersInitializeIsStoppedWithinItsTimeout() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // Reads every line and answers none; ignores SIGTERM, so only the hub's kill ends it.
        let script = try directory.write(
            """
            #!/usr/bin/env python3
            import signal, sys
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
            for line in sys.stdin:
                pass

            """,
            to: "silent.py"
        )
        chmod(script, 0o755)
        let manifest = AdapterManifest(
            id: "silent",
            name: "silent",
            version: "1",
            executable: script,
            protocolVersions: ["1.0"],
            kinds: ["body_weight"]
        )
        let adapter = InstalledAdapter(
            manifest: manifest,
            manifestPath: directory.file("adapter.json"),
            executablePath: script
        )
        let store = try HubDatabase.open(atPath: directory.file("store.sqlite"))
        var settings = AdapterSupervisor.Settings()
        let limit = RequestTimeout(idle: .seconds(3), absolute: .seconds(3))
        settings.timeouts.initialize = limit
        let supervisor = AdapterSupervisor(adapter: adapter, sink: IngestPipeline(store: store), settings: settings)

        let started = ContinuousClock.now
        let error = await #expect(throws: (any Error).self) { _ = try await supervisor.client() }
        let waited = ContinuousClock.now - started
        // Stopped by the handshake's timeout: not before it, and not long after (60 s allows a loaded 2-core CI).
        #expect(waited >= .seconds(3) && waited < .seconds(60), "waited \(waited)")
        let text = "\(error.map { "\($0)" } ?? "")"
        #expect(text.contains("initialize") && text.contains("timed out"), "\(text)")
        #expect(text.contains("3"), "the message names the limit: \(text)")
        #expect(await supervisor.runningPid == nil)
        await supervisor.stop()
        // No adapter process is left: nothing runs the script any more.
        try await eventually("the silent adapter to be gone") { !(Self.processes().contains { $0.contains(script) }) }
    }

    /// The command lines of this machine's processes.
    static func processes() -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { Int($0) != nil }.compactMap { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
            return String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
        }
    }
}
