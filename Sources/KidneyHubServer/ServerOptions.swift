import ArgumentParser
import CareServer
import CareServerStore
import Foundation

/// Options every subcommand shares; each falls back to an environment variable.
struct ServerOptions: ParsableArguments {
    @Option(
        help:
            "PostgreSQL URL, e.g. postgres://kidneyhub@/kidneyhub?host=/run/dir&port=5432 (env KIDNEYHUB_SERVER_DATABASE_URL)."
    )
    var databaseURL: String?

    @Option(help: "Address to listen on (env KIDNEYHUB_SERVER_HOST; default 127.0.0.1).")
    var host: String?

    @Option(help: "Port to listen on, 0 for any free one (env KIDNEYHUB_SERVER_PORT; default 8402).")
    var port: Int?

    @Option(help: "PEM certificate chain: serve HTTPS (env KIDNEYHUB_SERVER_TLS_CERTIFICATE).")
    var tlsCertificate: String?

    @Option(help: "PEM private key for --tls-certificate (env KIDNEYHUB_SERVER_TLS_KEY).")
    var tlsKey: String?

    @Option(
        help:
            "File holding the 32-byte token secret; created (mode 600) if missing (env KIDNEYHUB_SERVER_TOKEN_SECRET_FILE)."
    )
    var tokenSecretFile: String?

    @Option(help: "bcrypt work factor, 10 or more (env KIDNEYHUB_SERVER_BCRYPT_COST; default 10).")
    var bcryptCost: Int?

    func configuration() throws -> CareServerConfiguration {
        let environment = ProcessInfo.processInfo.environment
        guard let urlText = databaseURL ?? environment["KIDNEYHUB_SERVER_DATABASE_URL"] else {
            throw ValidationError("--database-url (or KIDNEYHUB_SERVER_DATABASE_URL) is required")
        }
        let url: DatabaseURL
        do { url = try DatabaseURL(urlText) } catch { throw ValidationError("--database-url: \(error)") }
        guard let secretPath = tokenSecretFile ?? environment["KIDNEYHUB_SERVER_TOKEN_SECRET_FILE"] else {
            throw ValidationError("--token-secret-file (or KIDNEYHUB_SERVER_TOKEN_SECRET_FILE) is required")
        }
        var configuration = CareServerConfiguration(databaseURL: url, tokenSecret: try TokenSecretFile.load(secretPath))
        configuration.host = host ?? environment["KIDNEYHUB_SERVER_HOST"] ?? configuration.host
        if let port = try port ?? environment["KIDNEYHUB_SERVER_PORT"].map(Self.port) {
            guard (0...65535).contains(port) else { throw ValidationError("--port: \(port) is not from 0 to 65535") }
            configuration.port = port
        }
        let certificate = tlsCertificate ?? environment["KIDNEYHUB_SERVER_TLS_CERTIFICATE"]
        let key = tlsKey ?? environment["KIDNEYHUB_SERVER_TLS_KEY"]
        switch (certificate, key) {
        case (let certificate?, let key?):
            configuration.tls = .init(certificateChainPath: certificate, privateKeyPath: key)
        case (nil, nil): break
        default: throw ValidationError("--tls-certificate and --tls-key go together")
        }
        if let cost = try bcryptCost ?? environment["KIDNEYHUB_SERVER_BCRYPT_COST"].map(Self.port) {
            guard (10...31).contains(cost) else { throw ValidationError("--bcrypt-cost: \(cost) is not from 10 to 31") }
            configuration.bcryptCost = UInt8(cost)
        }
        return configuration
    }

    private static func port(_ text: String) throws -> Int {
        guard let value = Int(text) else { throw ValidationError("\(text) is not a whole number") }
        return value
    }
}
