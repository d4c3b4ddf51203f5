import AdapterProtocol

/// What a running request can use to talk back to the hub.
public struct AdapterContext: Sendable {
    let connection: JSONRPCConnection
    let window: WindowSlots
    /// The hub's batch limits from `initialize`.
    public let limits: IngestLimits
    /// Logs to stderr.
    public let logger: AdapterLogger
    /// The request's progress token, when the hub gave one.
    public let progressToken: String?

    /// A submitter for one device's records.
    public func submitter(for device: DeviceIdentity) -> MeasurementSubmitter {
        MeasurementSubmitter(connection: connection, device: device, limits: limits, window: window, logger: logger)
    }

    /// Reports progress, when the hub asked for it.
    public func progress(_ value: ProgressValue) async {
        guard let progressToken else { return }
        await connection.notify(ProgressNotification(token: progressToken, value: value))
    }

    /// Announces a device found during `devices/discover`.
    public func deviceFound(_ device: DeviceDescriptor) async {
        await connection.notify(DeviceFoundNotification(device: device))
    }

    /// Writes bytes to the protocol stream unchecked: only for simulators that must break the
    /// protocol on purpose (garbage lines, oversized lines, logging to stdout).
    public func sendRawBytes(_ bytes: [UInt8]) async {
        await connection.sendRaw(bytes)
    }

    /// Sends a structured `log` notification to the hub (and nothing to stderr).
    public func log(_ level: LogLevel, _ message: String, data: JSONValue? = nil) async {
        guard level >= logger.minimumLevel else { return }  // the hub's `logLevel` (§3)
        await connection.notify(LogNotification(level: level, message: message, data: data))
    }
}
