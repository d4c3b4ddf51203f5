import HubServices
import Hummingbird
import Logging
import ServiceLifecycle
import Synchronization

/// The web app as a service of the daemon's group: Hummingbird on a loopback address, serving pages and the JSON API
/// of one store. On start it prints the address and a one-time sign-in link.
public struct WebServer: Service {
    private let web: WebApp
    private let address: WebAddress
    private let announce: @Sendable (String) -> Void
    private let warn: @Sendable (String) -> Void
    private let onRunning: @Sendable (Int) -> Void

    /// A server for `app`'s store on `address`; `announce` hears the address and the sign-in link, `warn` why the
    /// web app is not served (the hub serves on without it), `onRunning` the bound port. Device and import pages run
    /// `adapters` and show what `progress` hears. Throws when `address` is refused (see `check`).
    public init(
        app: HubApplication,
        address: WebAddress,
        adapters: AdapterSetup = .noAdapters,
        progress: DeviceProgressFeed = DeviceProgressFeed(),
        announce: @escaping @Sendable (String) -> Void,
        warn: @escaping @Sendable (String) -> Void,
        onRunning: @escaping @Sendable (Int) -> Void = { _ in }
    ) throws(WebServerError) {
        try Self.check(address)
        self.web = WebApp(
            app: app,
            sessions: SessionStore(),
            throttle: SignInThrottle(),
            stopping: ShutdownFlag(),
            adapters: adapters,
            progress: progress
        )
        self.address = address
        self.announce = announce
        self.warn = warn
        self.onRunning = onRunning
    }

    /// Refuses an address other machines can reach: this build serves plain HTTP only.
    public static func check(_ address: WebAddress) throws(WebServerError) {
        guard address.isLoopback else { throw .exposedWithoutTLS(address) }
    }

    public func run() async throws {
        let hosts = AllowedHosts()
        let web = web
        let address = address
        let announce = announce
        let warn = warn
        let onRunning = onRunning
        let token = await web.sessions.issueSignInToken(now: web.app.now())
        let started = Mutex(false)
        let application = Self.application(web: web, hosts: hosts, address: address) { port in
            started.withLock { $0 = true }
            hosts.allow(address: address, port: port)
            let base = "http://\(WebAddress(host: address.host, port: port))"
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

    /// The Hummingbird application; `onRunning` hears the bound port.
    static func application(
        web: WebApp,
        hosts: AllowedHosts,
        address: WebAddress,
        onRunning: @escaping @Sendable (Int) -> Void
    ) -> some ApplicationProtocol {
        var logger = Logger(label: "kidneyhub.web")
        logger.logLevel = .warning
        return Application(
            router: WebRouter.make(web: web, hosts: hosts),
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

    /// Allows the bound address, and `localhost` with `127.0.0.1` for a loopback one.
    func allow(address: WebAddress, port: Int) {
        var names = ["\(WebAddress(host: address.host, port: port))"]
        if address.isLoopback { names += ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"] }
        allow(names)
    }

    func allow(_ names: [String]) {
        hosts.withLock { $0.formUnion(names.map { $0.lowercased() }) }
    }

    var current: Set<String> { hosts.withLock { $0 } }
}
