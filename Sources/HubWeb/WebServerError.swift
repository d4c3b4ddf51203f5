/// Why the web app would not start.
public enum WebServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `--http` was not `ADDRESS:PORT`.
    case badAddress(String)
    /// An address other machines can reach was asked for without TLS: the passphrase and the session cookie would
    /// cross the network in clear.
    case exposedWithoutTLS(WebAddress)
    /// An address other machines can reach was asked for before a passphrase was set: anyone who reached the first
    /// run's page would choose it.
    case exposedWithoutPassphrase(WebAddress)
    /// `--tls-cert` or `--tls-key` named a file that is not a readable PEM certificate or key.
    case unreadableTLSFile(option: String, path: String, reason: String)
    /// Only one of `--tls-cert` and `--tls-key` was given.
    case incompleteTLS

    public var description: String {
        switch self {
        case .badAddress(let text):
            return "--http: '\(text)' is not ADDRESS:PORT (for example 127.0.0.1:8470)"
        case .exposedWithoutTLS(let address):
            return
                "--http \(address): refusing to serve beyond this machine without TLS (the passphrase and the "
                + "session would travel in clear). Serve on 127.0.0.1, or give a certificate and its key with "
                + "--tls-cert FILE --tls-key FILE."
        case .exposedWithoutPassphrase(let address):
            return
                "--http \(address): refusing to serve beyond this machine before a passphrase is set (whoever "
                + "reached the first-run page would choose it). Serve on 127.0.0.1 once, set the passphrase there, "
                + "then serve on \(address)."
        case .unreadableTLSFile(let option, let path, let reason):
            return "\(option) \(path): not a readable PEM file (\(reason))"
        case .incompleteTLS:
            return "--tls-cert and --tls-key go together: give both, or neither"
        }
    }
}
