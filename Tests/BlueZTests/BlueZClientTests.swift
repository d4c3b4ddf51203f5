import BLETestHarness
import BlueZ
import DBus
import GATTProfiles
import Testing

/// The BlueZ client against the mocked org.bluez on a private bus: discovery, connect, GATT, agent pairing.
@Suite(.serialized)
struct BlueZClientTests {
    static let cuffAddress = "00:09:1F:AA:BB:01"

    /// Runs `body` with a client on its own worker queue, against a fresh private bus.
    func withBus(_ body: (PrivateBluetoothBus, DBusWorker, BlueZClient) async throws -> Void) async throws {
        let bus = try await PrivateBluetoothBus.start()
        defer { bus.stop() }
        let worker = DBusWorker(label: "test.bluez")
        let address = bus.address
        let client = try await worker.run { try BlueZClient(bus: DBusConnection.connect(address: address)) }
        do {
            try await body(bus, worker, client)
        } catch {
            Issue.record("mock log:\n\(bus.mockLog)")
            throw error
        }
    }

    @Test func discoversOnlyDevicesWithTheWantedServices() async throws {
        try await withBus { bus, worker, client in
            try await bus.addDevice(
                kind: "and-ua651ble",
                address: Self.cuffAddress,
                name: "A&D_UA-651BLE_123456",
                options: ["rssi": .int16(-48)]
            )
            try await bus.addDevice(kind: "glucose-meter", address: "00:60:19:00:00:02", name: "meter+ 1234")
            let found = try await worker.run {
                try client.discover(serviceUUIDs: [GATTUUID.bloodPressureService], duration: .milliseconds(300))
            }
            #expect(found.map(\.address) == [Self.cuffAddress])
            #expect(found.first?.name == "A&D_UA-651BLE_123456")
            #expect(found.first?.rssi == -48)
        }
    }

    @Test func connectsReadsWritesAndReceivesIndicationsUntilTheCuffDisconnects() async throws {
        try await withBus { bus, worker, client in
            let path = try await bus.addDevice(
                kind: "and-ua651ble",
                address: Self.cuffAddress,
                name: "A&D_UA-651BLE_123456",
                options: [
                    "records": PrivateBluetoothBus.records([DeviceVectors.andReading1, DeviceVectors.andReading2])
                ]
            )
            let received = try await worker.run { () -> [[UInt8]] in
                guard let device = try client.device(address: Self.cuffAddress) else { return [] }
                let connected = try client.connect(device)
                let chars = try client.characteristics(of: connected)
                guard let measurement = chars.first(where: { $0.uuid == GATTUUID.bloodPressureMeasurement }),
                    let clock = chars.first(where: { $0.uuid == GATTUUID.dateTime })
                else { return [] }
                try client.startNotify(measurement)
                try client.writeValue(clock, DeviceVectors.dateTime(2026, 11, 22, 8, 0, 0))
                var values: [[UInt8]] = []
                while let event = try client.nextEvent(timeout: .seconds(5)) {
                    if case .value(measurement.path, let bytes) = event { values.append(bytes) }
                    if case .deviceChanged(connected.path, let changed) = event,
                        changed["Connected"]?.boolValue == false
                    {
                        break
                    }
                }
                return values
            }
            #expect(received == [DeviceVectors.andReading1, DeviceVectors.andReading2])
            let state = try await bus.state(device: path)
            #expect(state["clock"]?.byteArray == DeviceVectors.dateTime(2026, 11, 22, 8, 0, 0))
            #expect(state["unsent"]?.integerValue == 0)
        }
    }

    @Test func pairsWithThePasskeyThroughOurAgent() async throws {
        try await withBus { bus, worker, client in
            try await bus.addDevice(
                kind: "glucose-meter",
                address: "00:60:19:00:00:02",
                name: "meter+ 1234",
                options: ["passkey": .uint32(123_456)]
            )
            let paired = try await worker.run { () -> BlueZDevice? in
                guard let device = try client.device(address: "00:60:19:00:00:02") else { return nil }
                return try client.pair(device, passkey: 123_456)
            }
            #expect(paired?.paired == true && paired?.bonded == true && paired?.trusted == true)
        }
    }

    @Test func pairingWithoutAPasskeySaysOneIsNeeded() async throws {
        try await withBus { bus, worker, client in
            try await bus.addDevice(
                kind: "glucose-meter",
                address: "00:60:19:00:00:02",
                name: "meter+ 1234",
                options: ["passkey": .uint32(123_456)]
            )
            let outcome = try await worker.run { () -> BlueZError? in
                guard let device = try client.device(address: "00:60:19:00:00:02") else { return nil }
                do {
                    _ = try client.pair(device, passkey: nil)
                    return nil
                } catch let error as BlueZError {
                    return error
                }
            }
            #expect(outcome?.kind == .pairingFailed(needsPasskey: true))
            let wrong = try await worker.run { () -> BlueZError? in
                guard let device = try client.device(address: "00:60:19:00:00:02") else { return nil }
                do {
                    _ = try client.pair(device, passkey: 111_111)
                    return nil
                } catch let error as BlueZError {
                    return error
                }
            }
            #expect(wrong?.kind == .pairingFailed(needsPasskey: false))
            #expect(wrong?.message.contains("passkey was wrong") == true)
        }
    }

    @Test func refusedPairingIsAClearError() async throws {
        try await withBus { bus, worker, client in
            try await bus.addDevice(
                kind: "and-ua651ble",
                address: Self.cuffAddress,
                name: "A&D_UA-651BLE_123456",
                options: ["refusePairing": .boolean(true)]
            )
            let outcome = try await worker.run { () -> BlueZError? in
                guard let device = try client.device(address: Self.cuffAddress) else { return nil }
                do {
                    _ = try client.pair(device, passkey: nil)
                    return nil
                } catch let error as BlueZError {
                    return error
                }
            }
            #expect(outcome?.kind == .pairingFailed(needsPasskey: false))
            #expect(outcome?.message.contains("refused pairing") == true)
        }
    }

    @Test func noBluetoothServiceIsReportedAsSuch() async throws {
        // A bus without org.bluez: the client says BlueZ is not running rather than hanging.
        let bus = try await PrivateBluetoothBus.start()
        defer { bus.stop() }
        let worker = DBusWorker(label: "test.no-bluez")
        let outcome = try await worker.run { () -> BlueZError? in
            let client = try BlueZClient(bus: DBusConnection.connect(address: bus.address))
            do {
                _ = try client.bus.call(
                    destination: "org.bluez.absent",
                    path: "/",
                    interface: BlueZNames.objectManager,
                    member: "GetManagedObjects"
                )
                return nil
            } catch {
                return BlueZError(.noController, "\(error)")
            }
        }
        #expect(outcome?.message.contains("ServiceUnknown") == true)
    }
}
