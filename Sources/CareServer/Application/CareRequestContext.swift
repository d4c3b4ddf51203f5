import Hummingbird
import NIOCore

/// The request context: Hummingbird's core storage plus the client's address, for the audit log and the per-address
/// sign-in limit.
public struct CareRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: SocketAddress?

    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.remoteAddress = source.channel.remoteAddress
    }

    /// Bodies are small JSON objects and forms; anything larger is refused before it is read.
    public var maxUploadSize: Int { 64 * 1024 }

    /// The client's IP address as text ("unknown" if the channel has none).
    package var clientAddress: String { remoteAddress?.ipAddress ?? "unknown" }
}
