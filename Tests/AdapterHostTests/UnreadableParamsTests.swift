import AdapterHost
import AdapterProtocol
import Foundation
import HubRecords
import HubStore
import Synchronization
import TestSupport
import Testing

/// Issue 21, drill finding 7: well-formed requests whose params cannot be read (answered -32602) were counted as
/// protocol violations, so an adapter that sent more than ten in a minute was killed and marked failed.
struct UnreadableParamsTests {
    @Test func twentyRequestsWithUnreadableParamsAreAnsweredAndTheAdapterKeepsRunning() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // An adapter that sends 20 batches whose params are an array (-32602, adapter-protocol.md §2) and logs when
        // it has all 20 answers.
        let script = try directory.write(
            """
            #!/usr/bin/env python3
            import json, sys
            def send(message):
                sys.stdout.write(json.dumps(message) + "\\n")
                sys.stdout.flush()
            answered = 0
            for line in sys.stdin:
                message = json.loads(line)
                if message.get("method") == "initialize":
                    send({"jsonrpc": "2.0", "id": message["id"], "result": {"protocolVersion": "1.0",
                          "adapterInfo": {"id": "params", "name": "params", "version": "1"}, "capabilities": {}}})
                elif message.get("method") == "initialized":
                    for n in range(20):
                        send({"jsonrpc": "2.0", "id": f"a-{n}", "method": "measurements/submit", "params": [n]})
                elif message.get("method") == "ping":
                    send({"jsonrpc": "2.0", "id": message["id"], "result": {}})
                elif (message.get("error") or {}).get("code") == -32602:
                    answered += 1
                    if answered == 20:
                        send({"jsonrpc": "2.0", "method": "log", "params": {"level": "info", "message": "20 answered"}})

            """,
            to: "params.py"
        )
        chmod(script, 0o755)
        let manifest = AdapterManifest(
            id: "params",
            name: "params",
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
        let events = Mutex<[SupervisorEvent]>([])
        let logs = Mutex<[String]>([])
        // A Python adapter can take seconds to start while the whole suite loads the machine; this test is about the
        // -32602 answers, not the handshake's or the ping's deadline.
        var settings = AdapterSupervisor.Settings()
        settings.timeouts.initialize = RequestTimeout(idle: .seconds(60), absolute: .seconds(60))
        settings.timeouts.ping = RequestTimeout(idle: .seconds(60), absolute: .seconds(60))
        let supervisor = AdapterSupervisor(
            adapter: adapter,
            sink: IngestPipeline(store: store),
            settings: settings,
            onEvent: { event, _ in events.withLock { $0.append(event) } },
            onActivity: { _, activity in
                if case .log(let line) = activity { logs.withLock { $0.append(line.message) } }
            }
        )
        let client = try await supervisor.client()
        let pid = await supervisor.runningPid
        try await eventually("the adapter to have its 20 answers") { logs.withLock { $0.contains("20 answered") } }
        // Still the same process, answering, and no violation recorded or kill for the -32602 answers.
        try await client.ping()
        #expect(await supervisor.runningPid == pid)
        #expect(events.withLock { $0.filter { $0.kind == .violation } }.isEmpty, "\(events.withLock { $0 })")
        await supervisor.stop()
    }
}
