import Foundation
import HubServices
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOCore
import NIOSSL
import ServiceLifecycle
import Synchronization

/// The web app as a service of the daemon's group: Hummingbird serving pages and the JSON API of one store, over
/// plain HTTP on a loopback address or HTTPS (swift-nio-ssl) on any. On start it prints the address and a one-time
/// sign-in link.
public struct WebServer: Service {
    private let web: WebApp
    private let address: WebAddress
    private let tls: TLSConfiguration?
    private let announce: @Sendable (String) -> Void
    private let warn: @Sendable (String) -> Void
    private let onRunning: @Sendable (Int) -> Void

    /// A server for `app`'s store on `address`; `announce` hears the address and the sign-in link, `warn` why the
    /// web app is not served (the hub serves on without it), `onRunning` the bound port. Device and import pages run
    /// `adapters` and show what `progress` hears; `tls` makes it HTTPS. Throws when `address` is refused (see
    /// `check`) or a TLS file cannot be read.
    public init(
        app: HubApplication,
        address: WebAddress,
        tls: WebTLS? = nil,
        adapters: AdapterSetup = .noAdapters,
        progress: DeviceProgressFeed = DeviceProgressFeed(),
        announce: @escaping @Sendable (String) -> Void,
        warn: @escaping @Sendable (String) -> Void,
        onRunning: @escaping @Sendable (Int) -> Void = { _ in }
    ) throws(WebServerError) {
        try Self.check(address, tls: tls)
        self.tls = try tls?.serverConfiguration()
        self.web = WebApp(
            app: app,
            sessions: SessionStore(),
            throttle: SignInThrottle(),
            stopping: ShutdownFlag(),
            adapters: adapters,
            progress: progress,
            secureCookies: tls != nil
        )
        self.address = address
        self.announce = announce
        self.warn = warn
        self.onRunning = onRunning
    }

    /// Refuses an address other machines can reach unless the server has a certificate to serve HTTPS with.
    public static func check(_ address: WebAddress, tls: WebTLS?) throws(WebServerError) {
        guard address.isLoopback || tls != nil else { throw .exposedWithoutTLS(address) }
    }

    /// Refuses an address other machines can reach while the store has no passphrase: the first run's passphrase
    /// page would be open to whoever reached it first. Loopback addresses pass.
    public static func checkPassphrase(_ address: WebAddress, app: HubApplication) async throws {
        guard !address.isLoopback else { return }
        guard try await app.webAccess.passphraseHash() != nil else {
            throw WebServerError.exposedWithoutPassphrase(address)
        }
    }

    public func run() async throws {
        let hosts = AllowedHosts()
        let web = web
        let address = address
        let announce = announce
        let warn = warn
        let onRunning = onRunning
        let scheme = tls == nil ? "http" : "https"
        let token = await web.sessions.issueSignInToken(now: web.app.now())
        let started = Mutex(false)
        let application = try Self.application(web: web, hosts: hosts, address: address, tls: tls) { port in
            started.withLock { $0 = true }
            hosts.allow(address: address, port: port)
            let base = "\(scheme)://\(WebAddress(host: address.host, port: port))"
            announce("Web app: \(base)/")
            announce("Sign in (once, within 15 minutes): \(base)/signin/link?token=\(token)")
            onRunning(port)
        }
        do {
            try await withGracefulShutdownHandler {
                try await application.run()
            } onGracefulShutdown: {
                web.stopping.set()
            }
        } catch  where !started.withLock({ $0 }) {
            // The address is taken (another hub, another program): the hub itself serves on without its web app.
            warn(
                "Web app not served: cannot listen on \(address) (\(error)); choose another with --http or --no-http."
            )
            try? await gracefulShutdown()
        }
    }

    /// The Hummingbird application, HTTPS when `tls` is set; `onRunning` hears the bound port.
    static func application(
        web: WebApp,
        hosts: AllowedHosts,
        address: WebAddress,
        tls: TLSConfiguration?,
        onRunning: @escaping @Sendable (Int) -> Void
    ) throws -> some ApplicationProtocol {
        var logger = Logger(label: "kidneyhub.web")
        logger.logLevel = .warning
        let server: HTTPServerBuilder = try tls.map { try .tls(.http1(), tlsConfiguration: $0) } ?? .http1()
        return Application(
            router: WebRouter.make(web: web, hosts: hosts),
            server: server,
            configuration: .init(address: .hostname(address.host, port: address.port), serverName: nil),
            onServerRunning: { channel in onRunning(channel.localAddress?.port ?? address.port) },
            logger: logger
        )
    }

    /// The router alone, for in-process tests: `hosts` lists the `Host` values accepted.
    public static func testRouter(app: HubApplication, hosts: [String]) -> (Router<WebContext>, SessionStore) {
        let allowed = AllowedHosts()
        allowed.allow(hosts)
        let web = WebApp(app: app, sessions: SessionStore(), throttle: SignInThrottle(), stopping: ShutdownFlag())
        return (WebRouter.make(web: web, hosts: allowed), web.sessions)
    }
}

/// The `Host` values the server answers to, known once the port is bound.
final class AllowedHosts: Sendable {
    private let hosts = Mutex<Set<String>>([])

    /// Allows the bound address, and `localhost` with `127.0.0.1` for a loopback one. A wildcard address (0.0.0.0,
    /// ::) is reached by any of the machine's addresses and by its name, so those are allowed, and still no name
    /// another site's DNS could point here (DNS rebinding).
    func allow(address: WebAddress, port: Int) {
        var names = ["\(WebAddress(host: address.host, port: port))"]
        if address.isLoopback || address.isWildcard {
            names += ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"]
        }
        if address.isWildcard {
            let interfaces = (try? System.enumerateDevices()) ?? []
            names += interfaces.compactMap { $0.address?.ipAddress }.map { "\(WebAddress(host: $0, port: port))" }
            let machine = ProcessInfo.processInfo.hostName
            names += [machine, machine.split(separator: ".").first.map(String.init) ?? machine].map { "\($0):\(port)" }
        }
        allow(names)
    }

    func allow(_ names: [String]) {
        hosts.withLock { $0.formUnion(names.map { $0.lowercased() }) }
    }

    var current: Set<String> { hosts.withLock { $0 } }
}
