import HubRecords
import HubStore
import Testing

/// The adapter registry and the adapter event log.
struct AdapterTableTests {
    static let simulator = AdapterRecord(
        id: "simulator",
        name: "Device simulator",
        version: "0.1.0",
        manifestPath: "/opt/kidneyhub/adapters/simulator/adapter.json",
        state: .idle,
        updatedAtMs: 1
    )

    @Test func upsertInsertsThenReplaces() async throws {
        try await withTemporaryStore { store in
            try await store.upsertAdapter(Self.simulator)
            var newer = Self.simulator
            newer.version = "0.2.0"
            try await store.upsertAdapter(newer)
            var other = Self.simulator
            other.id = "fitbit"
            try await store.upsertAdapter(other)
            #expect(try await store.adapters() == [other, newer])
        }
    }

    @Test func setsStateAndRefusesUnknownAdapters() async throws {
        try await withTemporaryStore { store in
            try await store.upsertAdapter(Self.simulator)
            try await store.setAdapterState(id: "simulator", state: .backoff, atMs: 50)
            let stored = try await store.adapters().first
            #expect(stored?.state == .backoff && stored?.updatedAtMs == 50)
            await #expect(throws: HubStoreError.unknownAdapter(id: "nope")) {
                try await store.setAdapterState(id: "nope", state: .running, atMs: 60)
            }
        }
    }

    @Test func eventsFilterByAdapterAndKind() async throws {
        try await withTemporaryStore { store in
            let events = [
                AdapterEvent(adapterId: "simulator", atMs: 1, kind: .started, message: "started pid 10"),
                AdapterEvent(
                    adapterId: "simulator",
                    atMs: 2,
                    kind: .oversizedLine,
                    message: "line over 1 MiB",
                    detail: "{\"jsonrpc\""
                ),
                AdapterEvent(adapterId: "fitbit", atMs: 3, kind: .started, message: "started pid 11"),
                AdapterEvent(
                    adapterId: "simulator",
                    atMs: 4,
                    kind: .crashed,
                    message: "exit 139",
                    detail: "stderr tail"
                ),
                AdapterEvent(adapterId: "simulator", atMs: 5, kind: .restarted, message: "restart 1 after 1 s"),
            ]
            var stored: [AdapterEvent] = []
            for event in events { stored.append(try await store.recordAdapterEvent(event)) }
            #expect(stored.allSatisfy { $0.id != nil })

            #expect(try await store.adapterEvents().map(\.atMs) == [1, 2, 3, 4, 5])
            #expect(try await store.adapterEvents(adapterId: "simulator").map(\.atMs) == [1, 2, 4, 5])
            #expect(try await store.adapterEvents(kinds: [.started]).map(\.adapterId) == ["simulator", "fitbit"])
            let problems = try await store.adapterEvents(adapterId: "simulator", kinds: [.crashed, .oversizedLine])
            #expect(problems == [stored[1], stored[3]])
            #expect(
                try await store.adapterEvents(adapterId: "simulator", limit: 2).map(\.atMs) == [4, 5],
                "the newest, oldest first"
            )
        }
    }
}
