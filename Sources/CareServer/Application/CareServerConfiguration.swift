import CareServerStore

/// How a care-team server runs: where its database is, where it listens, its TLS files, its token secret, and its
/// security settings.
public struct CareServerConfiguration: Sendable {
    /// A certificate chain and private key, both PEM files.
    public struct TLSFiles: Sendable {
        public var certificateChainPath: String
        public var privateKeyPath: String
        public init(certificateChainPath: String, privateKeyPath: String) {
            self.certificateChainPath = certificateChainPath
            self.privateKeyPath = privateKeyPath
        }
    }

    public var databaseURL: DatabaseURL
    public var host: String = "127.0.0.1"
    /// 0 picks a free port.
    public var port: Int = 8402
    public var tls: TLSFiles?
    /// The 32-byte secret tokens are derived with (see `TokenDerivation`); the same in every server of a clinic.
    public var tokenSecret: [UInt8]
    public var tokenLifetime: Duration = .seconds(30 * 24 * 3600)
    /// bcrypt's work factor, 10 at least (OWASP Password Storage Cheat Sheet).
    public var bcryptCost: UInt8 = PasswordHashing.minimumCost
    public var failedSignInsPerAccount: Int = 10
    public var failedSignInsPerAddress: Int = 50
    public var signInWindow: Duration = .seconds(15 * 60)
    public var databaseConnections: Int = 20
    public var auditFlushInterval: Duration = .milliseconds(250)
    /// How long a hub's one-time enrollment code stays usable: a day, time for the clinician to hand it over and the
    /// patient to type it.
    public var enrollmentCodeLifetime: Duration = .seconds(24 * 3600)

    public init(databaseURL: DatabaseURL, tokenSecret: [UInt8]) {
        self.databaseURL = databaseURL
        self.tokenSecret = tokenSecret
    }
}
