import BLETestHarness
import DBus
import Foundation
import HubCore
import HubRecords
import HubStore
import TestSupport
import Testing

/// BLE scales end to end: dialysis-day weights tagged pre/post by the patient's schedule, readings of other users of
/// a shared scale kept out of the patient's record, and the User Data Service consent step. Part of the serialized
/// `BluetoothTests` suite, so that only one private bus and its adapters run at a time.
extension BluetoothTests {
    static let udsScale = "C4:7C:8D:6A:11:22"

    private func json(_ result: CommandResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    private func createProfile(_ workspace: Workspace, name: String = "Max") async throws {
        let profile = try await workspace.kidneyhub(
            [
                "profile", "set", "--name", name, "--category", "hemodialysis", "--schedule", "tue,thu,sat 08:00-12:00",
                "--dry-weight", "80", "--time-zone", "Etc/GMT-1",
            ] + (name == "Max" ? [] : ["--profile", name, "--create"]),
            runsAdapters: false
        )
        #expect(profile.status == 0, "\(profile.stderr)")
    }

    @Test func dialysisDayWeightsFromTheScaleAreTaggedPreAndPostWithTheGain() async throws {
        try await withWorld { workspace, bus in
            try await createProfile(workspace)
            // Saturday's post-dialysis weight, then Tuesday 2026-11-17 (a session day, 08:00–12:00) at 07:10 and 12:40.
            try await bus.addDevice(
                kind: "standard-scale",
                address: Self.scale,
                name: "A&D_UC-352BLE",
                options: [
                    "records": PrivateBluetoothBus.records([
                        V.weightRecord(kilograms: 80.3, year: 2026, month: 11, day: 14, hour: 12, minute: 35),
                        V.weightRecord(kilograms: 82.4, year: 2026, month: 11, day: 17, hour: 7, minute: 10),
                        V.weightRecord(kilograms: 80.1, year: 2026, month: 11, day: 17, hour: 12, minute: 40),
                    ])
                ]
            )
            #expect(try await workspace.kidneyhub(["devices", "pair", Self.scale], bus: bus).status == 0)
            // Assigned right after pairing, before any reading: the weights are tagged as they are stored.
            let assign = try await workspace.kidneyhub(
                ["devices", "assign", Self.scale, "--profile", "Max"],
                runsAdapters: false
            )
            #expect(assign.status == 0, "\(assign.stderr)")
            let sync = try await workspace.kidneyhub(["devices", "sync", Self.scale], bus: bus)
            #expect(sync.status == 0, "\(sync.stderr)")
            #expect(sync.stdout.contains("3 new"), "\(sync.stdout)")

            let listing = try json(try await workspace.kidneyhub(["weight", "list", "--json"], runsAdapters: false))
            let weights = try #require(listing["weights"] as? [[String: Any]])
            let byTime = Dictionary(uniqueKeysWithValues: weights.map { ($0["time"] as? String ?? "", $0) })
            let pre = try #require(byTime["2026-11-17T07:10:00+01:00"], "\(weights)")
            #expect(pre["kilograms"] as? Double == 82.4 && pre["phase"] as? String == "pre")
            #expect(pre["source"] as? String == "inferred")
            let post = try #require(byTime["2026-11-17T12:40:00+01:00"])
            #expect(post["kilograms"] as? Double == 80.1 && post["phase"] as? String == "post")
            #expect(byTime["2026-11-14T12:35:00+01:00"]?["phase"] as? String == "post")
            let sessions = try #require(listing["sessions"] as? [[String: Any]])
            let tuesday = try #require(sessions.first { $0["date"] as? String == "2026-11-17" })
            #expect(tuesday["gainKilograms"] as? Double == 2.1, "\(tuesday)")  // 82.4 − 80.3
            #expect(tuesday["previousSession"] as? String == "Sat 2026-11-14")

            // A weight during the session is stored and flagged for the user to confirm.
            let path = try #require(try await bus.devicePath(Self.scale))
            try await bus.addRecords(
                device: path,
                [V.weightRecord(kilograms: 81.0, year: 2026, month: 11, day: 19, hour: 10, minute: 0)]
            )
            #expect(try await workspace.kidneyhub(["devices", "sync", Self.scale], bus: bus).status == 0)
            let confirm = try await workspace.kidneyhub(["weight", "confirm"], runsAdapters: false)
            #expect(confirm.stdout.contains("during the dialysis session"), "\(confirm.stdout)")
        }
    }

    @Test func readingsOfAnotherUserOfASharedScaleStayUnassignedUntilAssigned() async throws {
        try await withWorld { workspace, bus in
            try await createProfile(workspace)
            try await bus.addDevice(
                kind: "standard-scale",
                address: Self.scale,
                name: "A&D_UC-352BLE",
                options: [
                    "records": PrivateBluetoothBus.records([
                        V.weightRecord(kilograms: 82.4, year: 2026, month: 11, day: 17, hour: 7, minute: 10, user: 1),
                        V.weightRecord(kilograms: 64.2, year: 2026, month: 11, day: 17, hour: 7, minute: 20, user: 2),
                    ])
                ]
            )
            #expect(try await workspace.kidneyhub(["devices", "pair", Self.scale], bus: bus).status == 0)
            let assign = try await workspace.kidneyhub(
                ["devices", "assign", Self.scale, "--profile", "Max", "--user-index", "1"],
                runsAdapters: false
            )
            #expect(assign.status == 0, "\(assign.stderr)")
            #expect(try await workspace.kidneyhub(["devices", "sync", Self.scale], bus: bus).status == 0)

            let store = try workspace.openStore()
            #expect(try await store.measurementCount(kind: .bodyWeight) == 2)
            let max = try await store.selectProfile(named: "Max")
            let maxWeights = try await store.measurements(kind: .bodyWeight, profileId: max.id)
            #expect(maxWeights.map(\.measurement.value) == [82.4])
            #expect(maxWeights.first?.measurement.context?.userIndex == 1)

            // The other user's reading was kept, unassigned, and goes to its owner once that slot is assigned.
            try await createProfile(workspace, name: "Eva")
            let other = try await workspace.kidneyhub(
                ["devices", "assign", Self.scale, "--profile", "Eva", "--user-index", "2"],
                runsAdapters: false
            )
            #expect(other.status == 0, "\(other.stderr)")
            let eva = try await store.selectProfile(named: "Eva")
            let evaWeights = try await store.measurements(kind: .bodyWeight, profileId: eva.id).map(\.measurement.value)
            let names = try await store.profiles().map { "\($0.id)=\($0.name)" }
            #expect(evaWeights == [64.2], "\(other.stdout) max \(max.id) eva \(eva.id) \(names)")
            let maxAfter = try await store.measurements(kind: .bodyWeight, profileId: max.id).map(\.measurement.value)
            #expect(maxAfter == [82.4])
        }
    }

    @Test func userDataServiceScaleSendsOnlyAfterConsentForItsRegisteredUser() async throws {
        try await withWorld { workspace, bus in
            let scale = try await bus.addDevice(
                kind: "uds-scale",
                address: Self.udsScale,
                name: "BF720",
                options: [
                    // Slot 0 belongs to someone registered earlier with another phone.
                    "users": .dictionary(key: "y", value: "q", [DBusDictEntry(key: .byte(0), value: .uint16(4321))]),
                    "records": PrivateBluetoothBus.records([
                        V.weightRecord(kilograms: 71.5, year: 2026, month: 11, day: 20, hour: 7, minute: 0, user: 0),
                        V.weightRecord(kilograms: 82.0, year: 2026, month: 11, day: 20, hour: 7, minute: 5, user: 1),
                    ]),
                    "bodyRecords": PrivateBluetoothBus.records([
                        V.hex("06 04 EB 00 EA 07 0B 14 07 05 00 01 10 40")  // 23.5 %, 2026-11-20 07:05, user 1, 82.0 kg
                    ]),
                ]
            )
            // Before pairing the adapter has no user slot: it says so instead of reading nothing.
            let early = try await workspace.kidneyhub(
                ["devices", "sync", Self.udsScale, "--adapter", "ble-scale"],
                bus: bus
            )
            #expect(early.status != 0 && early.stderr.contains("pair it first"), "\(early.stderr)")

            let pair = try await workspace.kidneyhub(["devices", "pair", Self.udsScale], bus: bus)
            #expect(pair.status == 0, "\(pair.stderr)")
            #expect(try await bus.state(device: scale)["users"]?.integerValue == 2, "a new user was registered")
            let sync = try await workspace.kidneyhub(["devices", "sync", Self.udsScale], bus: bus)
            #expect(sync.status == 0, "\(sync.stderr)")
            let store = try workspace.openStore()
            let weights = try await store.measurements(kind: .bodyWeight)
            #expect(weights.map(\.measurement.value) == [82.0], "only the consented user's readings come")
            #expect(weights.first?.measurement.context?.userIndex == 1)
            let fat = try await store.measurements(kind: .bodyFat)
            #expect(fat.map(\.measurement.value) == [23.5])

            // The scale sends its whole history again each time; nothing is stored twice.
            let again = try await workspace.kidneyhub(["devices", "sync", Self.udsScale], bus: bus)
            #expect(again.status == 0, "\(again.stderr)")
            #expect(try await store.measurementCount(kind: .bodyWeight) == 1)
            #expect(try await store.measurementCount(kind: .bodyFat) == 1)
        }
    }
}
