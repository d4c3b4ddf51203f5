/// The protocol versions this build speaks, newest first (adapter-protocol.md §3).
public let supportedProtocolVersions = ["1.0"]

/// `initialize` (hub → adapter): version and capability negotiation; always the first request.
public struct InitializeRequest: RPCRequest, Hashable {
    public static let method = "initialize"
    public typealias Result = InitializeResult

    /// The versions the hub speaks, newest first.
    public var protocolVersions: [String]
    public var hubInfo: SoftwareInfo
    /// The hub's process id, so that an adapter can exit when its hub is gone.
    public var hubPid: Int32?
    /// The adapter's own configuration, opaque to the hub.
    public var adapterConfig: JSONValue?
    public var logLevel: LogLevel?
    public var ingest: IngestLimits?

    public init(
        protocolVersions: [String] = supportedProtocolVersions,
        hubInfo: SoftwareInfo,
        hubPid: Int32? = nil,
        adapterConfig: JSONValue? = nil,
        logLevel: LogLevel? = nil,
        ingest: IngestLimits? = nil
    ) {
        self.protocolVersions = protocolVersions
        self.hubInfo = hubInfo
        self.hubPid = hubPid
        self.adapterConfig = adapterConfig
        self.logLevel = logLevel
        self.ingest = ingest
    }
}

/// The adapter's answer to `initialize`.
public struct InitializeResult: Codable, Sendable, Hashable {
    public var protocolVersion: String
    public var adapterInfo: AdapterInfo
    public var capabilities: AdapterCapabilities

    public init(protocolVersion: String, adapterInfo: AdapterInfo, capabilities: AdapterCapabilities) {
        self.protocolVersion = protocolVersion
        self.adapterInfo = adapterInfo
        self.capabilities = capabilities
    }
}

/// A program's name and version.
public struct SoftwareInfo: Codable, Sendable, Hashable {
    public var name: String
    public var version: String
    public init(name: String, version: String) {
        self.name = name
        self.version = version
    }
}

/// Who the adapter is; `id` matches its manifest.
public struct AdapterInfo: Codable, Sendable, Hashable {
    public var id: String
    public var name: String
    public var version: String
    public init(id: String, name: String, version: String) {
        self.id = id
        self.name = name
        self.version = version
    }
}

/// The hub → adapter requests an adapter implements; a missing key means false.
public struct AdapterCapabilities: Codable, Sendable, Hashable {
    public var discover: Bool?
    public var pair: Bool?
    public var sync: Bool?
    public var attach: Bool?
    public var `import`: Bool?
    public var cancel: Bool?

    public init(
        discover: Bool? = nil,
        pair: Bool? = nil,
        sync: Bool? = nil,
        attach: Bool? = nil,
        import: Bool? = nil,
        cancel: Bool? = nil
    ) {
        self.discover = discover
        self.pair = pair
        self.sync = sync
        self.attach = attach
        self.import = `import`
        self.cancel = cancel
    }
}

/// The hub's limits on `measurements/submit` (adapter-protocol.md §5.1).
public struct IngestLimits: Codable, Sendable, Hashable {
    public var maxBatchRecords: Int
    public var maxUnacknowledgedBatches: Int

    /// The defaults of adapter-protocol.md §5.1.
    public static let `default` = IngestLimits(maxBatchRecords: 500, maxUnacknowledgedBatches: 4)

    public init(maxBatchRecords: Int, maxUnacknowledgedBatches: Int) {
        self.maxBatchRecords = maxBatchRecords
        self.maxUnacknowledgedBatches = maxUnacknowledgedBatches
    }
}

/// `initialized` (hub → adapter): the hub accepted the `initialize` result.
public struct InitializedNotification: RPCNotification, Hashable {
    public static let method = "initialized"
    public init() {}
}
