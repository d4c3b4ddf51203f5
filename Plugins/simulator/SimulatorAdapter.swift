import AdapterKit
import AdapterProtocol

/// The device simulator: discovers, pairs and syncs the devices of a scenario, and misbehaves on request.
struct SimulatorAdapter: Adapter {
    /// The parsed command line, or why it was refused (reported as the answer to `initialize`).
    let commandLine: Result<SimulatorOptions, OptionsError>
    private let state = SimulatorState()

    init(commandLine: Result<SimulatorOptions, OptionsError>) {
        self.commandLine = commandLine
    }

    var info: AdapterInfo { AdapterInfo(id: "simulator", name: "Device simulator", version: "0.1.0") }

    var capabilities: AdapterCapabilities {
        AdapterCapabilities(discover: true, pair: true, sync: true, attach: false, import: false, cancel: true)
    }

    /// Asked before the scenario is loaded, so `wrong-version` works only as a `--fault` argument.
    var protocolVersions: [String] {
        let faults = (try? commandLine.get())?.faults ?? []
        return faults.contains(.wrongVersion) ? ["99.0"] + supportedProtocolVersions : supportedProtocolVersions
    }

    func configure(_ request: InitializeRequest, context: AdapterContext) async throws {
        let options: SimulatorOptions
        switch commandLine {
        case .success(let parsed): options = parsed
        case .failure(let error): throw RPCError(.invalidParams, "Invalid command line: \(error)")
        }
        let source = try ScenarioSource(adapterConfig: request.adapterConfig, commandLinePath: options.scenarioPath)
        let loaded = Result { () throws(ScenarioError) in try source.load() }
        // Scenario faults were checked while loading.
        let scenarioFaults = ((try? loaded.get())?.faults ?? []).compactMap { try? Fault($0) }
        let faults = FaultPlan(faults: options.faults + scenarioFaults)
        if faults.stdoutLog { await context.sendRawBytes(Misbehaviour.stdoutLogLine) }
        switch loaded {
        case .success(let scenario):
            await state.start(scenario, faults: faults)
            context.logger.log(
                .info,
                "scenario '\(scenario.name)' from \(source.name): \(scenario.devices.count) devices, "
                    + "\(faults.faults.count) faults"
            )
        case .failure(let error):
            throw RPCError(
                .invalidParams,
                "Invalid scenario \(error)",
                details: ["scenario": .string(source.name), "problems": .array(error.problems.map { .string($0) })]
            )
        }
    }

    func initialized(context: AdapterContext) async {
        if await state.faults.claimStartCrash() { Misbehaviour.crash("crash-on-start") }
    }

    func discover(_ request: DiscoverDevicesRequest, context: AdapterContext) async throws -> DiscoverDevicesResult {
        let devices = await state.descriptors()
        // Devices turn up one by one within a short window, never longer than the hub asked to look.
        let window = min(max(request.seconds ?? 10, 0), 1)
        let pause = Duration.seconds(window / Double(devices.count + 1))
        for device in devices {
            try await Task.sleep(for: pause)
            await context.deviceFound(device)
        }
        try await Task.sleep(for: pause)
        return DiscoverDevicesResult(devices: devices)
    }

    func pair(_ request: PairDeviceRequest, context: AdapterContext) async throws -> PairDeviceResult {
        let device = try await state.device(request.deviceId)
        if let passkey = device.passkey, request.passkey != passkey {
            let problem = request.passkey == nil ? "needs a passkey" : "refused the passkey"
            throw RPCError(
                .pairingFailed,
                "Pairing failed: \(device.deviceId) \(problem)",
                details: ["needsPasskey": true]
            )
        }
        return PairDeviceResult(device: await state.markPaired(device))
    }

    func sync(_ request: SyncDeviceRequest, context: AdapterContext) async throws -> SyncDeviceResult {
        let device = try await state.device(request.deviceId)
        let cursor: Int
        switch request.cursor {
        case nil: cursor = 0
        case let text?:
            guard let number = Int(text), number >= 0 else {
                throw RPCError(
                    .invalidParams,
                    "Invalid params: cursor '\(text)' is not a record number of this simulator"
                )
            }
            cursor = number
        }
        let sync = DeviceSync(
            records: DeviceRecords(device),
            deviceName: device.name,
            faults: await state.faults.sync(deviceId: device.deviceId),
            context: context,
            latencyReportPath: (try? commandLine.get())?.latencyReportPath
        )
        return SyncDeviceResult(submitted: try await sync.run(after: cursor))
    }

    func shutdown() async {
        if await state.faults.ignoreShutdown { await Misbehaviour.hangForever() }
    }
}

/// What the simulator holds between requests: the scenario, the faults in force and the paired devices.
private actor SimulatorState {
    private var scenario: Scenario?
    private(set) var faults = FaultPlan()
    private var paired: Set<String> = []

    func start(_ scenario: Scenario, faults: FaultPlan) {
        self.scenario = scenario
        self.faults = faults
    }

    /// The scenario's device with this id; `-32000` when there is none.
    func device(_ deviceId: String) throws(RPCError) -> ScenarioDevice {
        guard let device = scenario?.device(deviceId) else {
            throw RPCError(.deviceNotFound, "Device not found: \(deviceId)", details: ["deviceId": .string(deviceId)])
        }
        return device
    }

    /// Every device of the scenario, as discovery describes it.
    func descriptors() -> [DeviceDescriptor] {
        (scenario?.devices ?? []).map(descriptor)
    }

    /// Remembers the device as paired and describes it.
    func markPaired(_ device: ScenarioDevice) -> DeviceDescriptor {
        paired.insert(device.deviceId)
        return descriptor(device)
    }

    private func descriptor(_ device: ScenarioDevice) -> DeviceDescriptor {
        DeviceDescriptor(
            deviceId: device.deviceId,
            name: device.name,
            kinds: device.kinds,
            address: device.address,
            rssi: device.rssi,
            manufacturer: device.manufacturer,
            model: device.model,
            serial: device.serial,
            paired: paired.contains(device.deviceId)
        )
    }
}
