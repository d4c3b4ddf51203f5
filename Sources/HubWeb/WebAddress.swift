/// Where the web app listens: `ADDRESS:PORT` as `--http` takes it.
public struct WebAddress: Sendable, Equatable, CustomStringConvertible {
    /// The host to bind (an IPv4 address, `localhost` or a bracketed IPv6 address without its brackets).
    public var host: String
    /// The TCP port (0 picks a free one).
    public var port: Int

    /// The default: loopback only, port 8470.
    public static let standard = WebAddress(host: "127.0.0.1", port: 8470)

    /// An address from its parts.
    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Reads `ADDRESS:PORT` (`127.0.0.1:8470`, `localhost:0`, `[::1]:8470`); nil when it is not one.
    public init?(parsing text: String) {
        let host: Substring
        let portText: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else {
                return nil
            }
            host = text[text.index(after: text.startIndex)..<close]
            portText = text[text.index(close, offsetBy: 2)...]
        } else {
            guard let colon = text.lastIndex(of: ":") else { return nil }
            host = text[..<colon]
            portText = text[text.index(after: colon)...]
        }
        guard !host.isEmpty, let port = Int(portText), (0...65_535).contains(port) else { return nil }
        self.init(host: String(host), port: port)
    }

    /// True when only this machine can reach the address (127.0.0.0/8, ::1, localhost).
    public var isLoopback: Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    /// True when the address is every interface of the machine (0.0.0.0, ::).
    public var isWildcard: Bool { host == "0.0.0.0" || host == "::" }

    /// `host:port`, with IPv6 hosts in brackets.
    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
