import HubRecords
import HubStore
import Testing

/// The v6 migration: the adapter event log takes hotplug kinds.
struct HotplugEventTests {
    @Test func hotplugKindsAreStoredAndFiltered() async throws {
        try await withTemporaryStore { store in
            for (index, kind) in [AdapterEventKind.deviceAttached, .notification, .deviceDetached, .deviceUnsupported]
                .enumerated()
            {
                _ = try await store.recordAdapterEvent(
                    AdapterEvent(
                        adapterId: kind == .deviceUnsupported ? "hotplug" : "usb-glucometer",
                        atMs: Int64(index),
                        kind: kind,
                        message: "m\(index)"
                    )
                )
            }
            #expect(try await store.adapterEvents(kinds: [.notification]).map(\.message) == ["m1"])
            #expect(try await store.adapterEvents(adapterId: "hotplug").map(\.kind) == [.deviceUnsupported])
            #expect(try await store.adapterEvents().count == 4)
        }
    }
}
