import AdapterProtocol
import Foundation

/// Free-form logging to stderr with the level prefixes of adapter-protocol.md §1 (`E! `, `W! `,
/// `I! `, `D! `); stdout stays protocol-only.
public struct AdapterLogger: Sendable {
    /// Lines below this level are dropped.
    public var minimumLevel: LogLevel

    public init(minimumLevel: LogLevel = .info) {
        self.minimumLevel = minimumLevel
    }

    /// Writes one line to stderr.
    public func log(_ level: LogLevel, _ message: String) {
        guard level >= minimumLevel else { return }
        let prefix: String =
            switch level {
            case .error, .critical: "E! "
            case .warning: "W! "
            case .info, .notice: "I! "
            case .debug: "D! "
            }
        FileHandle.standardError.write(Data((prefix + message.replacingOccurrences(of: "\n", with: " ") + "\n").utf8))
    }
}
