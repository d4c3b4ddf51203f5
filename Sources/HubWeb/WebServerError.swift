/// Why the web app would not start.
public enum WebServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `--http` was not `ADDRESS:PORT`.
    case badAddress(String)
    /// An address other machines can reach was asked for without TLS: the passphrase and the session cookie would
    /// cross the network in clear.
    case exposedWithoutTLS(WebAddress)

    public var description: String {
        switch self {
        case .badAddress(let text):
            return "--http: '\(text)' is not ADDRESS:PORT (for example 127.0.0.1:8470)"
        case .exposedWithoutTLS(let address):
            return
                "--http \(address): refusing to serve beyond this machine without TLS (the passphrase and the "
                + "session would travel in clear). Serve on 127.0.0.1, or put a TLS proxy in front of it; this "
                + "build does not terminate TLS itself."
        }
    }
}
