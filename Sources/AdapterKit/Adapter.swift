import AdapterProtocol

/// What a Swift adapter implements; `AdapterRuntime` does the protocol around it.
///
/// Each method serves one hub request. Throw an `RPCError` to answer with that error; any other
/// error is answered as `-32803 Request failed`. Long work should check `Task.isCancelled` (or
/// call `try Task.checkCancellation()`), which is how `$/cancelRequest` reaches it. Methods the
/// adapter does not serve keep their default, which answers `-32601`, and are left out of
/// `capabilities`.
public protocol Adapter: Sendable {
    /// Who the adapter is; `id` matches its manifest.
    var info: AdapterInfo { get }
    /// The requests it serves.
    var capabilities: AdapterCapabilities { get }
    /// The protocol versions it speaks, newest first; the default is this AdapterKit's.
    var protocolVersions: [String] { get }

    /// Called once with the hub's `initialize` params, before the answer; throwing refuses it.
    func configure(_ request: InitializeRequest, context: AdapterContext) async throws
    /// Called when the hub's `initialized` notification arrives, before later messages are handled.
    func initialized(context: AdapterContext) async
    func discover(_ request: DiscoverDevicesRequest, context: AdapterContext) async throws -> DiscoverDevicesResult
    func pair(_ request: PairDeviceRequest, context: AdapterContext) async throws -> PairDeviceResult
    func sync(_ request: SyncDeviceRequest, context: AdapterContext) async throws -> SyncDeviceResult
    func attach(_ request: AttachDeviceRequest, context: AdapterContext) async throws -> AttachDeviceResult
    func importFile(_ request: ImportFileRequest, context: AdapterContext) async throws -> ImportFileResult
    /// Called on `shutdown`, after running requests were cancelled: release devices.
    func shutdown() async
}

extension Adapter {
    public var protocolVersions: [String] { supportedProtocolVersions }

    public func configure(_ request: InitializeRequest, context: AdapterContext) async throws {}

    public func initialized(context: AdapterContext) async {}

    public func discover(_ request: DiscoverDevicesRequest, context: AdapterContext) async throws
        -> DiscoverDevicesResult
    {
        throw RPCError(.methodNotFound, "Method not found: \(DiscoverDevicesRequest.method)")
    }

    public func pair(_ request: PairDeviceRequest, context: AdapterContext) async throws -> PairDeviceResult {
        throw RPCError(.methodNotFound, "Method not found: \(PairDeviceRequest.method)")
    }

    public func sync(_ request: SyncDeviceRequest, context: AdapterContext) async throws -> SyncDeviceResult {
        throw RPCError(.methodNotFound, "Method not found: \(SyncDeviceRequest.method)")
    }

    public func attach(_ request: AttachDeviceRequest, context: AdapterContext) async throws -> AttachDeviceResult {
        throw RPCError(.methodNotFound, "Method not found: \(AttachDeviceRequest.method)")
    }

    public func importFile(_ request: ImportFileRequest, context: AdapterContext) async throws -> ImportFileResult {
        throw RPCError(.methodNotFound, "Method not found: \(ImportFileRequest.method)")
    }

    public func shutdown() async {}
}
