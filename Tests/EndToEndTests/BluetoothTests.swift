import BLETestHarness
import DBus
import Foundation
import HubCore
import HubRecords
import HubStore
import TestSupport
import Testing

/// The BLE adapters end to end: the real `kidneyhub`, the real adapter executables, and a mocked org.bluez on a
/// private dbus-daemon playing byte-exact devices (no root, no radio, no system bus).
@Suite(.serialized)
struct BluetoothTests {
    typealias V = DeviceVectors

    static let cuff = "00:09:1F:AA:BB:01"
    static let scale = "00:09:1F:5C:A1:E0"
    static let meter = "00:60:19:3A:0B:02"

    /// A workspace with the terms accepted and the BLE adapters installed, and a private bus; both removed after.
    func withWorld(_ body: (Workspace, PrivateBluetoothBus) async throws -> Void) async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let bus = try await PrivateBluetoothBus.start()
        defer { bus.stop() }
        try workspace.installBluetoothAdapters()
        try await workspace.acceptTerms()
        do {
            try await body(workspace, bus)
        } catch {
            Issue.record("mock log:\n\(bus.mockLog.suffix(4000))")
            throw error
        }
    }

    private func count(_ workspace: Workspace, _ kind: MeasurementKind) async throws -> Int {
        try await workspace.openStore().measurementCount(kind: kind)
    }

    @Test func cuffScanPairSyncStoresRecordsOnceAndOnlyNewOnesNextTime() async throws {
        try await withWorld { workspace, bus in
            let cuff = try await bus.addDevice(
                kind: "and-ua651ble",
                address: Self.cuff,
                name: "A&D_UA-651BLE_123456",
                options: [
                    "rssi": .int16(-52),
                    "records": PrivateBluetoothBus.records([V.andErrorRecord, V.andReading1, V.andReading2]),
                ]
            )
            try await bus.addDevice(kind: "glucose-meter", address: Self.meter, name: "meter+ 0042")

            let scan = try await workspace.kidneyhub(["devices", "scan", "--seconds", "1"], bus: bus)
            #expect(scan.status == 0, "\(scan.stderr)")
            let cuffLine = scan.stdout.split(separator: "\n").first { $0.contains(Self.cuff) }.map(String.init) ?? ""
            #expect(cuffLine.contains("A&D_UA-651BLE_123456") && cuffLine.contains("-52 dBm"), "\(scan.stdout)")
            #expect(cuffLine.contains("blood_pressure") && cuffLine.contains("ble-bp-cuff"), "\(scan.stdout)")
            #expect(scan.stdout.contains(Self.meter) && scan.stdout.contains("ble-glucose"), "\(scan.stdout)")

            let pair = try await workspace.kidneyhub(["devices", "pair", Self.cuff], bus: bus)
            #expect(pair.status == 0, "\(pair.stderr)")
            #expect(pair.stdout.contains("paired A&D_UA-651BLE_123456 (\(Self.cuff))"), "\(pair.stdout)")
            // Remembered: listed before it sent anything.
            let list = try await workspace.kidneyhub(["devices", "list"], runsAdapters: false)
            #expect(list.stdout.contains(Self.cuff) && list.stdout.contains("ble-bp-cuff"), "\(list.stdout)")

            let sync = try await workspace.kidneyhub(["devices", "sync", Self.cuff], bus: bus)
            #expect(sync.status == 0, "\(sync.stderr)")
            #expect(sync.stdout.contains("4 new, 0 already stored"), "\(sync.stdout)")
            // The NaN error record is logged and skipped, never stored.
            #expect(
                sync.stderr.contains("error record") && sync.stderr.contains(V.hexString(V.andErrorRecord)),
                "\(sync.stderr)"
            )
            let readings = try await workspace.openStore().measurements(kind: .bloodPressure)
            #expect(readings.map { $0.measurement.components?["systolic"] } == [125, 134])
            #expect(readings.first?.measurement.components?["mean"] == 102)
            #expect(readings.first?.measurement.sourceRecordId == "\(Self.cuff)/bp/2017-01-16T12:39:54")
            #expect(readings.first?.measurement.utcOffsetSeconds == 3600)
            #expect(try await count(workspace, .heartRate) == 2)
            let state = try await bus.state(device: cuff)
            #expect(state["clock"]?.byteArray?.count == 7, "the cuff's clock was written before its records came")

            // The cuff measured again: only the new reading is stored.
            try await bus.addRecords(
                device: cuff,
                [
                    V.cuffRecord(
                        systolic: 131,
                        diastolic: 84,
                        mean: 99,
                        pulse: 66,
                        year: 2026,
                        month: 11,
                        day: 22,
                        hour: 7,
                        minute: 5
                    )
                ]
            )
            let again = try await workspace.kidneyhub(["devices", "sync", Self.cuff], bus: bus)
            #expect(again.status == 0, "\(again.stderr)")
            #expect(again.stdout.contains("2 new, 0 already stored"), "\(again.stdout)")
            #expect(try await count(workspace, .bloodPressure) == 3)
            #expect(
                try await workspace.openStore().syncCursor(adapterId: "ble-bp-cuff", deviceId: Self.cuff)
                    == "t:2026-11-22T07:05:00"
            )
        }
    }

    @Test func cuffThatDropsTheLinkMidTransferDeliversTheRestNextTime() async throws {
        try await withWorld { workspace, bus in
            let records = (0..<4).map {
                V.cuffRecord(
                    systolic: 120 + UInt16($0),
                    diastolic: 80,
                    mean: 93,
                    pulse: 60,
                    year: 2026,
                    month: 11,
                    day: 20,
                    hour: 7,
                    minute: $0
                )
            }
            let cuff = try await bus.addDevice(
                kind: "and-ua651ble",
                address: Self.cuff,
                name: "A&D_UA-651BLE_123456",
                options: ["records": PrivateBluetoothBus.records(records), "disconnectAfter": .int32(2)]
            )
            #expect(try await workspace.kidneyhub(["devices", "pair", Self.cuff], bus: bus).status == 0)
            let first = try await workspace.kidneyhub(["devices", "sync", Self.cuff], bus: bus)
            #expect(first.status == 0, "\(first.stderr)")
            #expect(try await count(workspace, .bloodPressure) == 2)
            let second = try await workspace.kidneyhub(["devices", "sync", Self.cuff], bus: bus)
            #expect(second.status == 0, "\(second.stderr)")
            let stored = try await workspace.openStore().measurements(kind: .bloodPressure)
            #expect(stored.map { $0.measurement.components?["systolic"] } == [120, 121, 122, 123])
            #expect(try await bus.state(device: cuff)["unsent"]?.integerValue == 0)
        }
    }

    @Test func glucoseMeterNeedsAPasskeyAndResumesAfterADroppedLink() async throws {
        try await withWorld { workspace, bus in
            let truncated = Array(
                V.glucoseRecord(
                    sequence: 4,
                    milligramsPerDecilitre: 150,
                    year: 2026,
                    month: 11,
                    day: 21,
                    hour: 12,
                    minute: 0
                ).dropLast(3)
            )
            var unknownFlags = V.glucoseRecord(
                sequence: 5,
                milligramsPerDecilitre: 101,
                year: 2026,
                month: 11,
                day: 21,
                hour: 18,
                minute: 0
            )
            unknownFlags[0] |= 0x80
            let records = [
                V.glucoseRecord(
                    sequence: 1,
                    milligramsPerDecilitre: 95,
                    year: 2026,
                    month: 11,
                    day: 20,
                    hour: 7,
                    minute: 42
                ),
                V.glucoseRecord(
                    sequence: 2,
                    milligramsPerDecilitre: 142,
                    year: 2026,
                    month: 11,
                    day: 20,
                    hour: 12,
                    minute: 5
                ),
                V.glucoseRecord(
                    sequence: 3,
                    milligramsPerDecilitre: 118,
                    year: 2026,
                    month: 11,
                    day: 21,
                    hour: 7,
                    minute: 30,
                    contextFollows: true
                ),
                truncated, unknownFlags,
            ]
            let meter = try await bus.addDevice(
                kind: "glucose-meter",
                address: Self.meter,
                name: "meter+ 0042",
                options: [
                    "records": PrivateBluetoothBus.records(records),
                    "contexts": PrivateBluetoothBus.records([V.hex("02 03 00 01")]),
                    "passkey": .uint32(246_810), "disconnectAfter": .int32(2),
                ]
            )
            let noPasskey = try await workspace.kidneyhub(["devices", "pair", Self.meter], bus: bus)
            #expect(noPasskey.status != 0)
            #expect(noPasskey.stderr.contains("--passkey"), "\(noPasskey.stderr)")
            let wrong = try await workspace.kidneyhub(["devices", "pair", Self.meter, "--passkey", "111111"], bus: bus)
            #expect(wrong.status != 0 && wrong.stderr.contains("passkey was wrong"), "\(wrong.stderr)")
            let unsynced = try await workspace.kidneyhub(
                ["devices", "sync", Self.meter, "--adapter", "ble-glucose"],
                bus: bus
            )
            #expect(unsynced.status != 0 && unsynced.stderr.contains("not paired"), "\(unsynced.stderr)")
            let pair = try await workspace.kidneyhub(["devices", "pair", Self.meter, "--passkey", "246810"], bus: bus)
            #expect(pair.status == 0, "\(pair.stderr)")

            // The meter drops the link after two records; the adapter reconnects and asks from record 3 on.
            let sync = try await workspace.kidneyhub(["devices", "sync", Self.meter], bus: bus)
            #expect(sync.status == 0, "\(sync.stderr)")
            #expect(sync.stdout.contains("4 new, 0 already stored"), "\(sync.stdout)")
            #expect(sync.stderr.contains("truncated") && sync.stderr.contains(V.hexString(truncated)), "\(sync.stderr)")
            #expect(sync.stderr.contains("reserved flag bits 0x80"), "\(sync.stderr)")
            let stored = try await workspace.openStore().measurements(kind: .bloodGlucose)
            #expect(stored.map(\.measurement.value) == [95, 142, 118, 101])
            #expect(stored[2].measurement.context?.mealRelation?.rawValue == "before_meal")
            #expect(Set(stored.map(\.measurement.sourceRecordId)).count == 4)
            let state = try await bus.state(device: meter)
            #expect(state["connections"]?.integerValue == 3, "pair + first link + reconnection")

            try await bus.addRecords(
                device: meter,
                [
                    V.glucoseRecord(
                        sequence: 6,
                        milligramsPerDecilitre: 130,
                        year: 2026,
                        month: 11,
                        day: 22,
                        hour: 7,
                        minute: 0
                    )
                ]
            )
            let again = try await workspace.kidneyhub(["devices", "sync", Self.meter], bus: bus)
            #expect(again.stdout.contains("1 new, 0 already stored"), "\(again.stdout) \(again.stderr)")
            #expect(
                try await workspace.openStore().syncCursor(adapterId: "ble-glucose", deviceId: Self.meter) == "seq:6"
            )
        }
    }

    @Test func refusedPairingAndUnsupportedDevicesAreClearErrors() async throws {
        try await withWorld { workspace, bus in
            try await bus.addDevice(
                kind: "and-ua651ble",
                address: Self.cuff,
                name: "A&D_UA-651BLE_123456",
                options: ["refusePairing": .boolean(true)]
            )
            try await bus.addDevice(kind: "unsupported", address: "00:5F:BF:00:00:07", name: "BLEsmart_0000021F")
            let refused = try await workspace.kidneyhub(["devices", "pair", Self.cuff], bus: bus)
            #expect(refused.status != 0)
            #expect(refused.stderr.contains("refused pairing"), "\(refused.stderr)")
            let unsupported = try await workspace.kidneyhub(
                ["devices", "pair", "00:5F:BF:00:00:07", "--adapter", "ble-bp-cuff"],
                bus: bus
            )
            #expect(unsupported.status != 0)
            #expect(unsupported.stderr.contains("unsupported device"), "\(unsupported.stderr)")
            #expect(try await count(workspace, .bloodPressure) == 0)
        }
    }

    @Test func servingHubSyncsAPairedCuffWhenItAdvertisesAndLaterOnlyItsNewReadings() async throws {
        try await withWorld { workspace, bus in
            let cuff = try await bus.addDevice(
                kind: "and-ua651ble",
                address: Self.cuff,
                name: "A&D_UA-651BLE_123456",
                options: ["records": PrivateBluetoothBus.records([V.andReading1, V.andReading2])]
            )
            #expect(try await workspace.kidneyhub(["devices", "pair", Self.cuff], bus: bus).status == 0)
            // Out of range when the hub starts: paired, listed by BlueZ, but not advertising.
            try await bus.setInRange(device: cuff, false)
            var environment = bus.environment
            environment["TZ"] = "Etc/GMT-1"
            environment["KIDNEYHUB_STATE_DIR"] = "\(workspace.path)/state"
            let (serve, serveLog) = try startServe(workspace, environment: environment)
            defer {
                if serve.isRunning { kill(serve.processIdentifier, SIGKILL) }
            }
            // One whole cycle while the cuff is out of range: serve looked for it for the adapter's find timeout,
            // heard no advertisement and gave up. Only then does "nothing synced" say something.
            try await eventually(
                "serve to try the cuff while it is out of range (log: \(serveLog()))",
                within: .seconds(90)
            ) {
                serveLog().contains("sync of \(Self.cuff) failed")
            }
            #expect(serveLog().contains("not in range"), "\(serveLog())")
            #expect(try await count(workspace, .bloodPressure) == 0)
            #expect(try await bus.state(device: cuff)["connections"]?.integerValue == 1, "only the pairing connected")
            // It comes into range and advertises: the hub connects and syncs.
            try await bus.setInRange(device: cuff, true)
            try await eventually("serve to sync the cuff once it advertises", pollingEvery: .milliseconds(200)) {
                try await count(workspace, .bloodPressure) == 2
            }
            try await bus.addRecords(
                device: cuff,
                [
                    V.cuffRecord(
                        systolic: 131,
                        diastolic: 84,
                        mean: 99,
                        pulse: 66,
                        year: 2026,
                        month: 11,
                        day: 22,
                        hour: 7,
                        minute: 5
                    )
                ]
            )
            try await eventually("serve to sync the cuff's new reading", pollingEvery: .milliseconds(200)) {
                try await count(workspace, .bloodPressure) == 3
            }
            // Further cycles store nothing twice. Serve syncs one device at a time, a cycle after the other, and the
            // cuff drops the link after each transfer: a cycle has ended (its readings stored) once the next one
            // connects, so two more connections mean a whole cycle ran after the new reading was stored.
            let connections = try await bus.state(device: cuff)["connections"]?.integerValue ?? 0
            try await eventually(
                "two more syncs to connect to the cuff (after \(connections) connections)",
                pollingEvery: .milliseconds(200)
            ) {
                (try await bus.state(device: cuff)["connections"]?.integerValue ?? 0) >= connections + 2
            }
            #expect(try await count(workspace, .bloodPressure) == 3)
            kill(serve.processIdentifier, SIGTERM)
            await CommandResult.waitForExit(serve)
            #expect(serve.terminationStatus == 0, "\(serveLog())")
        }
    }

    /// `kidneyhub serve` syncing the workspace's devices every second, and a reader of its log (stderr): the log says
    /// what each cycle did, which the test waits for instead of guessing how long a cycle takes.
    private func startServe(_ workspace: Workspace, environment: [String: String]) throws
        -> (Process, @Sendable () -> String)
    {
        let logPath = try workspace.write("", to: "serve.err")
        let serve = Process()
        serve.executableURL = URL(fileURLWithPath: Workspace.kidneyhub)
        serve.arguments = [
            "serve", "--no-http", "--store", workspace.storePath, "--adapters-dir", workspace.adaptersDirectory,
            "--sync-interval", "1",
        ]
        serve.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        serve.standardInput = FileHandle.nullDevice
        serve.standardOutput = FileHandle.nullDevice
        serve.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        try serve.run()
        return (serve, { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" })
    }

    @Test(arguments: Workspace.bluetoothAdapters)
    func adaptersPassTheConformanceChecks(adapter: String) async throws {
        try await withWorld { workspace, bus in
            try await bus.addDevice(
                kind: "and-ua651ble",
                address: Self.cuff,
                name: "A&D_UA-651BLE_123456",
                options: ["records": PrivateBluetoothBus.records([V.andReading1])]
            )
            try await bus.addDevice(
                kind: "standard-scale",
                address: Self.scale,
                name: "A&D_UC-352BLE",
                options: [
                    "records": PrivateBluetoothBus.records([
                        V.weightRecord(kilograms: 80, year: 2026, month: 11, day: 20, hour: 7, minute: 0)
                    ])
                ]
            )
            try await bus.addDevice(
                kind: "glucose-meter",
                address: Self.meter,
                name: "meter+ 0042",
                options: [
                    "paired": .boolean(true),
                    "records": PrivateBluetoothBus.records([
                        V.glucoseRecord(
                            sequence: 1,
                            milligramsPerDecilitre: 95,
                            year: 2026,
                            month: 11,
                            day: 20,
                            hour: 7,
                            minute: 42
                        )
                    ]),
                ]
            )
            let check = try await CommandResult.run(
                Workspace.kidneyhub,
                ["adapters", "check", "\(workspace.adaptersDirectory)/\(adapter)/adapter.json"],
                timeout: .seconds(120),
                environment: bus.environment.merging(["KIDNEYHUB_STATE_DIR": "\(workspace.path)/state"]) { $1 }
            )
            #expect(check.status == 0, "\(check.stdout)\n\(check.stderr)")
            #expect(!check.stdout.contains("FAIL"), "\(check.stdout)")
        }
    }

    @Test func standardCuffInKilopascalWithStatusAndUserAndCuffPressureAsProgressOnly() async throws {
        try await withWorld { workspace, bus in
            try await bus.addDevice(
                kind: "standard-cuff",
                address: "00:1B:DC:00:00:05",
                name: "BM54",
                options: [
                    "cuffPressures": PrivateBluetoothBus.records([
                        V.hex("00 98 00 FF 07 FF 07"), V.hex("00 60 00 FF 07 FF 07"),
                    ]),
                    "records": PrivateBluetoothBus.records([
                        // 128/82, user 1, irregular pulse
                        V.hex("1E 80 00 52 00 61 00 E8 07 03 0F 07 2A 0A 47 00 01 04 00"),
                        // kPa 18.9/11, cuff loose, pulse low
                        V.hex("17 BD F0 0B 00 9F F0 E8 07 03 0F 08 00 00 3C 00 12 00"),
                        V.hex("1E 80 00 52"),  // truncated
                    ]),
                ]
            )
            #expect(try await workspace.kidneyhub(["devices", "pair", "00:1B:DC:00:00:05"], bus: bus).status == 0)
            let sync = try await workspace.kidneyhub(["devices", "sync", "00:1B:DC:00:00:05"], bus: bus)
            #expect(sync.status == 0, "\(sync.stderr)")
            #expect(sync.stderr.contains("truncated") && sync.stderr.contains("1E 80 00 52"), "\(sync.stderr)")
            let readings = try await workspace.openStore().measurements(kind: .bloodPressure)
            #expect(readings.count == 2, "cuff pressures are progress, never readings")
            let first = try #require(readings.first)
            #expect(first.measurement.components?["systolic"] == 128 && first.measurement.context?.userIndex == 1)
            #expect(first.measurement.context?.measurementStatus == ["irregular_pulse"])
            let kpa = try #require(readings.last)
            #expect(kpa.measurement.originalUnit == "kPa" && kpa.measurement.unit == "mm[Hg]")
            #expect(abs((kpa.measurement.components?["systolic"] ?? 0) - 141.76) < 0.01)  // 18.9 kPa × 7.50062
            #expect(kpa.measurement.context?.measurementStatus == ["cuff_loose", "pulse_out_of_range"])
        }
    }

    @Test func pairingAsksForThePasskeyOnATerminal() async throws {
        try await withWorld { workspace, bus in
            try await bus.addDevice(
                kind: "glucose-meter",
                address: Self.meter,
                name: "meter+ 0042",
                options: ["passkey": .uint32(246_810)]
            )
            // script(1) gives the command a terminal; the passkey typed into it waits in the terminal until asked for.
            let command = [
                Workspace.kidneyhub, "devices", "pair", Self.meter, "--store", workspace.storePath, "--adapters-dir",
                workspace.adaptersDirectory,
            ].map { "'\($0)'" }.joined(separator: " ")
            let typed = try await CommandResult.run(
                "/bin/sh",
                ["-c", "(sleep 1; printf '246810\\n'; sleep 5) | script -qec \"\(command)\" /dev/null"],
                timeout: .seconds(60),
                environment: bus.environment.merging(["KIDNEYHUB_STATE_DIR": "\(workspace.path)/state"]) { $1 }
            )
            #expect(typed.stdout.contains("Passkey shown on \(Self.meter)"), "\(typed.stdout)")
            #expect(typed.stdout.contains("paired meter+ 0042"), "\(typed.stdout)")
        }
    }
}
