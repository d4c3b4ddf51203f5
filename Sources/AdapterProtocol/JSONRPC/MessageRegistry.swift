/// The methods one side of a connection understands, so that `params` decode into their types
/// in the same pass as the envelope.
public struct MessageRegistry: Sendable {
    private let requests: [String: any RPCRequest.Type]
    private let notifications: [String: any RPCNotification.Type]

    public init(requests: [any RPCRequest.Type], notifications: [any RPCNotification.Type]) {
        self.requests = Dictionary(requests.map { ($0.method, $0) }, uniquingKeysWith: { first, _ in first })
        self.notifications = Dictionary(notifications.map { ($0.method, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The request type for `method`, if known.
    public func requestType(for method: String) -> (any RPCRequest.Type)? { requests[method] }

    /// The notification type for `method`, if known.
    public func notificationType(for method: String) -> (any RPCNotification.Type)? { notifications[method] }

    /// What an adapter receives from the hub.
    public static let adapterSide = MessageRegistry(
        requests: [
            InitializeRequest.self, DiscoverDevicesRequest.self, PairDeviceRequest.self, SyncDeviceRequest.self,
            AttachDeviceRequest.self, ImportFileRequest.self, PingRequest.self, ShutdownRequest.self,
        ],
        notifications: [InitializedNotification.self, ExitNotification.self, CancelRequestNotification.self]
    )

    /// What the hub receives from an adapter.
    public static let hubSide = MessageRegistry(
        requests: [SubmitMeasurementsRequest.self, PingRequest.self],
        notifications: [
            DeviceFoundNotification.self, ProgressNotification.self, LogNotification.self,
            CancelRequestNotification.self,
        ]
    )
}
