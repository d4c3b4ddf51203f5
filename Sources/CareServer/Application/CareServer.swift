import CareServerStore
import Foundation
import Hummingbird
import HummingbirdBcrypt
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOSSL

/// The care-team server: its store, its audit recorder and its HTTP application, run as one service group under
/// swift-service-lifecycle (`runService()` on the application handles SIGTERM and SIGINT). Migrations are applied
/// before the server accepts a connection.
public struct CareServer: Sendable {
    public let configuration: CareServerConfiguration
    public let store: CareStore
    public let auditRecorder: AuditRecorder
    let api: CareAPI
    let logger: Logger

    public init(configuration: CareServerConfiguration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
        let store = CareStore(
            url: configuration.databaseURL,
            maximumConnections: configuration.databaseConnections,
            logger: logger
        )
        self.store = store
        let recorder = AuditRecorder(store: store, interval: configuration.auditFlushInterval, logger: logger)
        self.auditRecorder = recorder
        let hashing = PasswordHashing(cost: configuration.bcryptCost)
        self.api = CareAPI(
            store: store,
            authenticator: Authenticator(store: store),
            tokens: TokenDerivation(secret: configuration.tokenSecret),
            hashing: hashing,
            limiter: SignInLimiter(
                limits: .init(
                    failuresPerAccount: configuration.failedSignInsPerAccount,
                    failuresPerAddress: configuration.failedSignInsPerAddress,
                    window: configuration.signInWindow
                )
            ),
            recorder: recorder,
            tokenLifetime: configuration.tokenLifetime,
            enrollmentCodeLifetime: configuration.enrollmentCodeLifetime,
            decoyHash: Bcrypt.hash(TokenDerivation.randomText(), cost: hashing.cost)
        )
    }

    /// The HTTP application with the store's pool and the audit recorder as its services.
    public func makeApplication(onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }) throws
        -> some ApplicationProtocol
    {
        try makeApplication(adding: { _, _ in }, onServerRunning: onServerRunning)
    }

    /// The same application with more routes, added by a module above this one through the portal's gate (the
    /// clinician portal under `/portal/`, which `kidneyhub-server` adds).
    package func makeApplication(
        adding moreRoutes: (PortalGate, Router<CareRequestContext>) -> Void,
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) throws -> some ApplicationProtocol {
        let router = Router(context: CareRequestContext.self)
        CareRoutes.register(api, on: router)
        APIv1Routes.register(api, on: router)
        moreRoutes(PortalGate(api: api, usesTLS: configuration.tls != nil), router)
        var app = Application(
            router: router,
            server: try serverBuilder(),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port)),
            services: [store.client, auditRecorder],
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
            logger: logger
        )
        let store = self.store
        app.beforeServerStarts { try await store.migrate() }
        return app
    }

    private func serverBuilder() throws -> HTTPServerBuilder {
        guard let tls = configuration.tls else { return .http1() }
        let chain = try NIOSSLCertificate.fromPEMFile(tls.certificateChainPath).map {
            NIOSSLCertificateSource.certificate($0)
        }
        let key = try NIOSSLPrivateKey(file: tls.privateKeyPath, format: .pem)
        return try .tls(
            .http1(),
            tlsConfiguration: .makeServerConfiguration(certificateChain: chain, privateKey: .privateKey(key))
        )
    }
}
