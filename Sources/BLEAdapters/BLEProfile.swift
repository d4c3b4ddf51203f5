import AdapterProtocol
import BlueZ
import GATTProfiles

/// What one kind of BLE health device needs from the shared adapter: its identity, the services it advertises, how to
/// pair it beyond BlueZ's bond, and how to read its records in one connection.
public protocol BLEProfile: Sendable {
    var info: AdapterInfo { get }
    /// The measurement kinds it submits (as in its manifest).
    var kinds: [String] { get }
    /// The service UUIDs any one of which a supported device advertises (the discovery filter, the manifest).
    var serviceUUIDs: [String] { get }
    /// The characteristics without which the device is unsupported (UUID, name), checked on every connection.
    var requiredCharacteristics: [(uuid: String, name: String)] { get }
    /// Whether the device must be bonded before its records can be read (the Glucose Profile requires it).
    var requiresBond: Bool { get }

    /// Extra set-up after BlueZ paired the device (e.g. the User Data Service registration), on a connected link.
    func afterPairing(_ link: GATTLink, state: AdapterStateFile) throws(BLEFailure)

    /// Reads the records newer than `cursor` over one connection, until the device has sent everything (or drops
    /// the link). Runs on the bus worker; `progress` may be called from it.
    func collect(_ link: GATTLink, cursor: String?, state: AdapterStateFile, progress: @Sendable (String) -> Void)
        throws(BLEFailure) -> CollectedRecords
}

extension BLEProfile {
    public var requiresBond: Bool { false }
    public func afterPairing(_ link: GATTLink, state: AdapterStateFile) throws(BLEFailure) {}
}

/// What one connection yielded.
public struct CollectedRecords: Sendable {
    /// Records to submit, oldest first.
    public var records: [MeasurementRecord] = []
    /// The cursor after these records (nil: unchanged).
    public var cursor: String?
    /// Values that could not be used, with why and their bytes (logged, never stored).
    public var problems: [String] = []
    /// Records the device sent that were already stored (older than the cursor).
    public var skippedOld = 0
    /// The link dropped before the device said it was done: reconnect and go on from `cursor`.
    public var interrupted = false

    public init() {}
}

/// A failure of a BLE operation, with the adapter-protocol error it maps to.
public struct BLEFailure: Error, Sendable, CustomStringConvertible {
    public var code: ErrorCode
    public var message: String
    public var needsPasskey = false
    public var retryable = false

    public init(_ code: ErrorCode, _ message: String, needsPasskey: Bool = false, retryable: Bool = false) {
        self.code = code
        self.message = message
        self.needsPasskey = needsPasskey
        self.retryable = retryable
    }

    public var description: String { message }

    /// From a BlueZ client error.
    public init(_ error: BlueZError) {
        switch error.kind {
        case .noController: self.init(.deviceNotFound, "Bluetooth unavailable: \(error.message)")
        case .deviceNotFound: self.init(.deviceNotFound, error.message)
        case .pairingFailed(let needsPasskey):
            self.init(
                .pairingFailed,
                needsPasskey ? "\(error.message); the device asks for a passkey: pass --passkey" : error.message,
                needsPasskey: needsPasskey
            )
        case .disconnected: self.init(.deviceDisconnected, error.message, retryable: true)
        case .unsupported: self.init(.unsupportedDevice, error.message)
        case .failed: self.init(.requestFailed, error.message)
        }
    }

    /// The protocol error to answer with.
    public var rpcError: RPCError {
        var details: [String: JSONValue] = [:]
        if code == .pairingFailed { details["needsPasskey"] = .bool(needsPasskey) }
        return RPCError(code, message, retryable: retryable, details: details)
    }
}
