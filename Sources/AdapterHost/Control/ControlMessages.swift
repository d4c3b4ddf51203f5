import AdapterProtocol

// The requests a command sends to a running `kidneyhub serve` over its control socket
// (ARCHITECTURE.md, "One hub per store"): the same JSON-RPC connection type as adapters use.

/// `hub/scan`: every adapter that can discover looks for devices.
public struct ControlScanRequest: RPCRequest, Hashable {
    public static let method = "hub/scan"
    public typealias Result = ControlScanResult
    public var seconds: Double
    public var adapterIds: [String]?
    public init(seconds: Double, adapterIds: [String]? = nil) {
        self.seconds = seconds
        self.adapterIds = adapterIds
    }
}

/// The devices found and the adapters that failed.
public struct ControlScanResult: Codable, Sendable, Hashable {
    public var devices: [HubService.FoundDevice]
    public var problems: [String]
}

/// `hub/pair`: pair one device through its adapter.
public struct ControlPairRequest: RPCRequest, Hashable {
    public static let method = "hub/pair"
    public typealias Result = PairDeviceResult
    public var deviceId: String
    public var adapterId: String?
    public var passkey: String?
    public init(deviceId: String, adapterId: String?, passkey: String?) {
        self.deviceId = deviceId
        self.adapterId = adapterId
        self.passkey = passkey
    }
}

/// `hub/sync`: sync one device from its stored cursor.
public struct ControlSyncRequest: RPCRequest, Hashable {
    public static let method = "hub/sync"
    public typealias Result = HubService.SyncReport
    public var deviceId: String
    public var adapterId: String?
    public init(deviceId: String, adapterId: String?) {
        self.deviceId = deviceId
        self.adapterId = adapterId
    }
}

/// `hub/retry`: clear an adapter's tripped breaker.
public struct ControlRetryRequest: RPCRequest, Hashable {
    public static let method = "hub/retry"
    public typealias Result = EmptyObject
    public var adapterId: String
    public init(adapterId: String) { self.adapterId = adapterId }
}

/// `hub/import`: import one export file (Apple Health, Fitbit, FIT) through the file adapter that recognises it, so
/// that a command or the web app can import while `kidneyhub serve` holds the store.
public struct ControlImportRequest: RPCRequest, Hashable {
    public static let method = "hub/import"
    public typealias Result = ImportReport
    public var path: String
    public var adapterId: String?
    public init(path: String, adapterId: String?) {
        self.path = path
        self.adapterId = adapterId
    }
}

extension MessageRegistry {
    /// What a running hub answers on its control socket.
    public static let controlServer = MessageRegistry(
        requests: [
            ControlScanRequest.self, ControlPairRequest.self, ControlSyncRequest.self, ControlRetryRequest.self,
            ControlImportRequest.self, PingRequest.self,
        ],
        notifications: []
    )

    /// What a command receives from the hub: answers only.
    public static let controlClient = MessageRegistry(requests: [], notifications: [])
}
