/// `ping` (either way): liveness; answered with `{}`.
public struct PingRequest: RPCRequest, Hashable {
    public static let method = "ping"
    public typealias Result = EmptyObject
    public init() {}
}

/// `shutdown` (hub → adapter): finish, release devices and answer `null`; `exit` follows.
public struct ShutdownRequest: RPCRequest, Hashable {
    public static let method = "shutdown"
    public typealias Result = NullResult
    public init() {}
}

/// `exit` (hub → adapter): exit now, with status 0 after `shutdown` and 1 otherwise.
public struct ExitNotification: RPCNotification, Hashable {
    public static let method = "exit"
    public init() {}
}

/// `$/cancelRequest` (either way): stop working on a request; it is still answered (§6).
public struct CancelRequestNotification: RPCNotification, Hashable {
    public static let method = "$/cancelRequest"
    public var id: RequestID
    public init(id: RequestID) { self.id = id }
}

/// `$/progress` (adapter → hub): progress of a long-running request (§7).
public struct ProgressNotification: RPCNotification, Hashable {
    public static let method = "$/progress"
    public var token: String
    public var value: ProgressValue
    public init(token: String, value: ProgressValue) {
        self.token = token
        self.value = value
    }
}

/// One progress report.
public struct ProgressValue: Codable, Sendable, Hashable {
    /// Where in the work this report stands.
    public enum Kind: String, Codable, Sendable {
        case begin, report, end
    }
    public var kind: Kind
    public var message: String?
    public var percentage: Double?
    public var done: Int?
    public var total: Int?

    public init(kind: Kind, message: String? = nil, percentage: Double? = nil, done: Int? = nil, total: Int? = nil) {
        self.kind = kind
        self.message = message
        self.percentage = percentage
        self.done = done
        self.total = total
    }
}

/// Log levels, as in MCP and RFC 5424.
public enum LogLevel: String, Codable, Sendable, Hashable, CaseIterable, Comparable {
    case debug, info, notice, warning, error, critical

    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// `log` (adapter → hub): a structured log line.
public struct LogNotification: RPCNotification, Hashable {
    public static let method = "log"
    public var level: LogLevel
    public var message: String
    public var logger: String?
    public var data: JSONValue?

    public init(level: LogLevel, message: String, logger: String? = nil, data: JSONValue? = nil) {
        self.level = level
        self.message = message
        self.logger = logger
        self.data = data
    }
}
