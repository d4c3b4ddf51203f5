import AdapterKit
import AdapterProtocol
import BlueZ
import DBus
import Foundation
import GATTProfiles

/// The adapter of one BLE profile over BlueZ: discovery with the profile's service filter, pairing (bond, trust and
/// the profile's own step), and incremental sync that reconnects after a dropped link.
public struct BLEAdapter<Profile: BLEProfile>: Adapter {
    public let profile: Profile
    private let worker: DBusWorker
    private let session = BLESession()

    /// How long a sync looks for a device that BlueZ does not know yet (it must be advertising).
    static var findTimeout: Duration { .seconds(10) }
    /// Connections per sync: the first and up to two reconnections after a dropped link.
    static var connectionAttempts: Int { 3 }

    public init(profile: Profile) {
        self.profile = profile
        worker = DBusWorker(label: "kidneyhub.\(profile.info.id).bus")
    }

    public var info: AdapterInfo { profile.info }

    public var capabilities: AdapterCapabilities {
        AdapterCapabilities(discover: true, pair: true, sync: true, attach: false, import: false, cancel: false)
    }

    public func discover(_ request: DiscoverDevicesRequest, context: AdapterContext) async throws
        -> DiscoverDevicesResult
    {
        let seconds = min(max(request.seconds ?? 10, 0), 600)
        let (stream, continuation) = AsyncStream.makeStream(of: DeviceDescriptor.self)
        let announcer = Task {
            for await device in stream { await context.deviceFound(device) }
        }
        let profile = profile
        let session = session
        let devices = try await onBus { () throws -> [DeviceDescriptor] in
            let client = try session.client()
            return try client.discover(serviceUUIDs: profile.serviceUUIDs, duration: .seconds(seconds)) {
                continuation.yield(Self.descriptor($0, profile: profile))
            }.map { Self.descriptor($0, profile: profile) }
        }
        continuation.finish()
        await announcer.value
        return DiscoverDevicesResult(devices: devices)
    }

    public func pair(_ request: PairDeviceRequest, context: AdapterContext) async throws -> PairDeviceResult {
        let passkey = try Self.passkey(request.passkey)
        let profile = profile
        let session = session
        let address = request.deviceId.uppercased()
        let device = try await onBus { () throws -> DeviceDescriptor in
            let client = try session.client()
            let state = session.state(adapterId: profile.info.id)
            do {
                let found = try client.findDevice(
                    address: address,
                    serviceUUIDs: profile.serviceUUIDs,
                    timeout: Self.findTimeout
                )
                guard Set(found.uuids).contains(where: { profile.serviceUUIDs.contains($0) }) else {
                    throw BLEFailure(
                        .unsupportedDevice,
                        "unsupported device \(address) (\(found.name ?? "no name")): it advertises none of "
                            + "\(profile.serviceUUIDs.joined(separator: ", "))"
                    )
                }
                let paired = try client.pair(found, passkey: passkey)
                let link = try session.connect(client, paired, profile: profile)
                defer { link.close() }
                try profile.afterPairing(link, state: state)
                return Self.descriptor(try client.refreshed(paired), profile: profile)
            }
        }
        context.logger.log(.info, "paired \(device.name) (\(device.deviceId))")
        return PairDeviceResult(device: device)
    }

    public func sync(_ request: SyncDeviceRequest, context: AdapterContext) async throws -> SyncDeviceResult {
        let profile = profile
        let session = session
        let address = request.deviceId.uppercased()
        let (progressStream, progressSink) = AsyncStream.makeStream(of: String.self)
        let reporter = Task {
            for await message in progressStream {
                await context.progress(ProgressValue(kind: .report, message: message))
            }
        }
        defer { progressSink.finish() }
        await context.progress(ProgressValue(kind: .begin, message: "connecting to \(address)"))
        var cursor = request.cursor
        var submitted = 0
        var lastFailure: BLEFailure?
        let identity = DeviceIdentity(deviceId: address, manufacturer: nil, model: nil, serial: nil)
        for attempt in 1...Self.connectionAttempts {
            let startCursor = cursor
            let outcome: Result<CollectedRecords, BLEFailure> = await onBusResult { () throws -> CollectedRecords in
                let client = try session.client()
                let state = session.state(adapterId: profile.info.id)
                let device = try client.findDevice(
                    address: address,
                    serviceUUIDs: profile.serviceUUIDs,
                    timeout: Self.findTimeout
                )
                if profile.requiresBond, !device.paired {
                    throw BLEFailure(
                        .pairingFailed,
                        "\(address) is not paired: run `kidneyhub devices pair \(address)` first"
                    )
                }
                let link = try session.connect(client, device, profile: profile)
                defer { link.close() }
                return try profile.collect(link, cursor: startCursor, state: state) { progressSink.yield($0) }
            }
            let collected: CollectedRecords
            switch outcome {
            case .success(let value): collected = value
            case .failure(let failure):
                lastFailure = failure
                // A link that drops while connecting is worth another try; anything else is the answer.
                if failure.code == .deviceDisconnected, attempt < Self.connectionAttempts { continue }
                reporter.cancel()
                throw failure.rpcError
            }
            for problem in collected.problems {
                context.logger.log(.warning, problem)
                await context.log(.warning, problem)
            }
            if collected.skippedOld > 0 {
                context.logger.log(.info, "\(collected.skippedOld) record(s) older than the cursor were not sent again")
            }
            if !collected.records.isEmpty || collected.cursor != nil {
                let submitter = context.submitter(for: identity)
                // With no records it is a cursor-only batch (adapter-protocol.md §5.1), e.g. after error records.
                try await submitter.submit(collected.records, cursor: collected.cursor)
                submitted += try await submitter.finish().submitted
                cursor = collected.cursor ?? cursor
            }
            guard collected.interrupted else {
                lastFailure = nil
                break
            }
            lastFailure = BLEFailure(
                .deviceDisconnected,
                "\(address) disconnected during the transfer (\(attempt) attempt(s)); the records received so far are stored",
                retryable: true
            )
            context.logger.log(
                .warning,
                "\(address) dropped the link mid-transfer; reconnecting (attempt \(attempt + 1))"
            )
        }
        await context.progress(ProgressValue(kind: .end, message: "\(submitted) record(s) submitted"))
        progressSink.finish()
        await reporter.value
        if let lastFailure { throw lastFailure.rpcError }
        return SyncDeviceResult(submitted: submitted)
    }

    static func descriptor(_ device: BlueZDevice, profile: Profile) -> DeviceDescriptor {
        DeviceDescriptor(
            deviceId: device.address,
            name: device.name ?? device.address,
            kinds: profile.kinds,
            address: device.address,
            rssi: device.rssi,
            paired: device.paired
        )
    }

    /// A passkey from the command line: six decimal digits, 000000–999999 (Core spec Vol 3 Part H §2.3.5.3).
    static func passkey(_ text: String?) throws -> UInt32? {
        guard let text else { return nil }
        guard text.count == 6, text.allSatisfy(\.isASCII), let number = UInt32(text) else {
            throw RPCError(.invalidParams, "passkey '\(text)' is not six digits (000000–999999)")
        }
        return number
    }

    private func onBus<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        switch await onBusResult(body) {
        case .success(let value): return value
        case .failure(let failure): throw failure.rpcError
        }
    }

    private func onBusResult<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async -> Result<T, BLEFailure> {
        do {
            return .success(try await worker.run(body))
        } catch let failure as BLEFailure {
            return .failure(failure)
        } catch let error as BlueZError {
            return .failure(BLEFailure(error))
        } catch {
            return .failure(BLEFailure(.requestFailed, "\(error)"))
        }
    }
}

/// The bus connection and state file of an adapter process, opened on first use on the worker queue.
final class BLESession: @unchecked Sendable {
    // @unchecked: touched only from the adapter's single bus worker queue.
    private var bluez: BlueZClient?
    private var stateFile: AdapterStateFile?

    func client() throws(BLEFailure) -> BlueZClient {
        if let bluez, bluez.bus.isConnected { return bluez }
        do {
            let client = try BlueZClient.onSystemBus()
            bluez = client
            return client
        } catch {
            throw BLEFailure(error)
        }
    }

    func state(adapterId: String) -> AdapterStateFile {
        if let stateFile { return stateFile }
        let file = AdapterStateFile(adapterId: adapterId)
        stateFile = file
        return file
    }

    /// Connects and checks the profile's characteristics are there; an unsupported device is disconnected.
    func connect(_ client: BlueZClient, _ device: BlueZDevice, profile: some BLEProfile) throws(BLEFailure) -> GATTLink
    {
        let link: GATTLink
        do {
            let connected = try client.connect(device)
            link = GATTLink(
                client: client,
                device: connected,
                characteristics: try client.characteristics(of: connected),
                timeZone: TimeZone.current
            )
        } catch {
            throw BLEFailure(error)
        }
        for (uuid, name) in profile.requiredCharacteristics where link.characteristic(uuid) == nil {
            link.close()
            throw BLEFailure(
                .unsupportedDevice,
                "unsupported device \(device.address) (\(device.name ?? "no name")): it has no \(name) characteristic"
            )
        }
        return link
    }
}
