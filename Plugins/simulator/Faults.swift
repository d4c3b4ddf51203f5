import Foundation

/// A fault as written in a scenario's `faults` list or in a `--fault` argument, before it is checked.
struct FaultSpec: Sendable, Hashable, Decodable {
    var type: String
    var device: String?
    var afterRecords: Int?
    var times: Int?
    var counterFile: String?
    var milliseconds: Int?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case type, device, afterRecords, times, counterFile, milliseconds
    }

    init(
        type: String,
        device: String? = nil,
        afterRecords: Int? = nil,
        times: Int? = nil,
        counterFile: String? = nil,
        milliseconds: Int? = nil
    ) {
        self.type = type
        self.device = device
        self.afterRecords = afterRecords
        self.times = times
        self.counterFile = counterFile
        self.milliseconds = milliseconds
    }

    /// Parses a `--fault` argument, `TYPE[:PARAM]`.
    ///
    /// PARAM is a comma-separated list of `key=value` items; the first item may be a bare value, which is
    /// `afterRecords` for `crash` and `stall` and `milliseconds` for `slow-sync`. Examples: `crash:150`,
    /// `crash:150,times=1,counterFile=/tmp/crashes`, `slow-sync:250,device=sim-scale-1`.
    init(commandLine text: String) throws(FaultProblem) {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        self.init(type: String(parts[0]))
        guard parts.count == 2 else { return }
        for (index, item) in parts[1].split(separator: ",", omittingEmptySubsequences: false).enumerated() {
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key: String
            let value = String(pair.last ?? "")
            if pair.count == 2 {
                key = String(pair[0])
            } else if index == 0, let positional = Self.positionalKey[type] {
                key = positional
            } else {
                throw FaultProblem("'\(item)' is not key=value (keys: \(Self.keyList))")
            }
            func number() throws(FaultProblem) -> Int {
                guard let number = Int(value) else { throw FaultProblem("\(key) '\(value)' is not a whole number") }
                return number
            }
            switch key {
            case "device": device = value
            case "afterRecords": afterRecords = try number()
            case "times": times = try number()
            case "counterFile": counterFile = value
            case "milliseconds": milliseconds = try number()
            default: throw FaultProblem("unknown key '\(key)' (keys: \(Self.keyList))")
            }
        }
    }

    private static let positionalKey = ["crash": "afterRecords", "stall": "afterRecords", "slow-sync": "milliseconds"]
    private static let keyList = CodingKeys.allCases.filter { $0 != .type }.map(\.stringValue).joined(separator: ", ")
}

/// Why a fault cannot be used.
struct FaultProblem: Error, Sendable, Hashable, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// One way the simulator misbehaves on purpose; README.md documents each.
enum Fault: Sendable, Hashable {
    /// `exit(70)` during a sync once at least `afterRecords` records of that sync were acknowledged.
    case crash(afterRecords: Int, device: String?, limit: FaultLimit?)
    /// `exit(70)` when `initialized` arrives, right after the `initialize` answer was accepted.
    case crashOnStart(limit: FaultLimit?)
    /// A non-JSON line on stdout at the start of a sync.
    case garbageLine(device: String?)
    /// A 1 MiB + 1 byte line on stdout at the start of a sync.
    case oversizedLine(device: String?)
    /// A plain-text log line on stdout during `initialize`.
    case stdoutLog
    /// Claims protocol versions 99.0 and 1.0, so `initialize` with `["99.0"]` is wrongly accepted.
    case wrongVersion
    /// `shutdown` never answers.
    case ignoreShutdown
    /// A sync never answers and sends nothing, even when cancelled.
    case hangSync(device: String?)
    /// A sync stops submitting once at least `afterRecords` records were acknowledged, and only reports progress.
    case stall(afterRecords: Int, device: String?, limit: FaultLimit?)
    /// A pause before each batch.
    case slowSync(milliseconds: Int, device: String?)
    /// Every batch is submitted twice.
    case duplicateRecords(device: String?)

    /// Checks a spec: known type, the parameters it needs, none it does not take.
    init(_ spec: FaultSpec) throws(FaultProblem) {
        let given: [(String, Bool)] = [
            ("device", spec.device != nil), ("afterRecords", spec.afterRecords != nil), ("times", spec.times != nil),
            ("counterFile", spec.counterFile != nil), ("milliseconds", spec.milliseconds != nil),
        ]
        func only(_ allowed: Set<String>) throws(FaultProblem) {
            if let extra = given.first(where: { $0.1 && !allowed.contains($0.0) }) {
                throw FaultProblem("\(spec.type) does not take \(extra.0)")
            }
        }
        switch spec.type {
        case "crash":
            try only(["device", "afterRecords", "times", "counterFile"])
            let afterRecords = spec.afterRecords ?? 0
            guard afterRecords >= 0 else { throw FaultProblem("crash afterRecords must not be negative") }
            self = .crash(afterRecords: afterRecords, device: spec.device, limit: try FaultLimit(spec))
        case "stall":
            try only(["device", "afterRecords", "times", "counterFile"])
            let afterRecords = spec.afterRecords ?? 0
            guard afterRecords >= 0 else { throw FaultProblem("stall afterRecords must not be negative") }
            self = .stall(afterRecords: afterRecords, device: spec.device, limit: try FaultLimit(spec))
        case "crash-on-start":
            try only(["times", "counterFile"])
            self = .crashOnStart(limit: try FaultLimit(spec))
        case "garbage-line":
            try only(["device"])
            self = .garbageLine(device: spec.device)
        case "oversized-line":
            try only(["device"])
            self = .oversizedLine(device: spec.device)
        case "stdout-log":
            try only([])
            self = .stdoutLog
        case "wrong-version":
            try only([])
            self = .wrongVersion
        case "ignore-shutdown":
            try only([])
            self = .ignoreShutdown
        case "hang-sync":
            try only(["device"])
            self = .hangSync(device: spec.device)
        case "slow-sync":
            try only(["device", "milliseconds"])
            guard let milliseconds = spec.milliseconds, milliseconds >= 0 else {
                throw FaultProblem("slow-sync needs milliseconds >= 0 (e.g. slow-sync:250)")
            }
            self = .slowSync(milliseconds: milliseconds, device: spec.device)
        case "duplicate-records":
            try only(["device"])
            self = .duplicateRecords(device: spec.device)
        default:
            throw FaultProblem("unknown fault type '\(spec.type)' (known: \(Self.typeNames.joined(separator: ", ")))")
        }
    }

    static let typeNames = [
        "crash", "crash-on-start", "garbage-line", "oversized-line", "stdout-log", "wrong-version",
        "ignore-shutdown", "hang-sync", "stall", "slow-sync", "duplicate-records",
    ]

    /// The device a sync fault is limited to; nil when it applies to every device.
    var deviceId: String? {
        switch self {
        case .crash(_, let device, _), .stall(_, let device, _), .garbageLine(let device), .oversizedLine(let device),
            .hangSync(let device),
            .slowSync(_, let device), .duplicateRecords(let device):
            device
        case .crashOnStart, .stdoutLog, .wrongVersion, .ignoreShutdown:
            nil
        }
    }
}

/// Limits a crash or stall fault to `times` in all, counted across process restarts in `counterFile`.
struct FaultLimit: Sendable, Hashable {
    var times: Int
    var counterFile: String

    /// nil when the spec has no counter file (the fault fires every time); `times` defaults to 1.
    init?(_ spec: FaultSpec) throws(FaultProblem) {
        guard let counterFile = spec.counterFile else {
            if spec.times != nil { throw FaultProblem("times needs a counterFile to count across restarts") }
            return nil
        }
        guard !counterFile.isEmpty else { throw FaultProblem("counterFile is empty") }
        let times = spec.times ?? 1
        guard times >= 0 else { throw FaultProblem("times must not be negative") }
        self.times = times
        self.counterFile = counterFile
    }

    /// Whether the fault may fire again; if so, counts it in the file first (a missing file counts 0).
    func claim() -> Bool {
        let text = (try? String(contentsOfFile: counterFile, encoding: .utf8)) ?? ""
        let fired = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        guard fired < times else { return false }
        return (try? "\(fired + 1)\n".write(toFile: counterFile, atomically: true, encoding: .utf8)) != nil
    }
}

/// The faults in force, from the command line and the scenario, and the questions the adapter asks of them.
struct FaultPlan: Sendable, Hashable {
    var faults: [Fault] = []

    var wrongVersion: Bool { faults.contains(.wrongVersion) }
    var stdoutLog: Bool { faults.contains(.stdoutLog) }
    var ignoreShutdown: Bool { faults.contains(.ignoreShutdown) }

    /// Whether a `crash-on-start` is in force and may crash now (counting the crash if it has a limit).
    func claimStartCrash() -> Bool {
        for case .crashOnStart(let limit) in faults { return limit?.claim() ?? true }
        return false
    }

    /// The faults that apply to a sync of `deviceId`; the first of each type wins.
    func sync(deviceId: String) -> SyncFaults {
        var result = SyncFaults()
        for fault in faults where fault.deviceId == nil || fault.deviceId == deviceId {
            switch fault {
            case .crash(let afterRecords, _, let limit):
                if result.crash == nil { result.crash = SyncFaults.Trigger(afterRecords: afterRecords, limit: limit) }
            case .stall(let afterRecords, _, let limit):
                if result.stall == nil { result.stall = SyncFaults.Trigger(afterRecords: afterRecords, limit: limit) }
            case .garbageLine: result.garbageLine = true
            case .oversizedLine: result.oversizedLine = true
            case .hangSync: result.hang = true
            case .slowSync(let milliseconds, _): result.pauseMilliseconds = result.pauseMilliseconds ?? milliseconds
            case .duplicateRecords: result.duplicateRecords = true
            case .crashOnStart, .stdoutLog, .wrongVersion, .ignoreShutdown: break
            }
        }
        return result
    }
}

/// The faults of one device's sync.
struct SyncFaults: Sendable, Hashable {
    /// A fault that fires once this many records of the sync are acknowledged.
    struct Trigger: Sendable, Hashable {
        var afterRecords: Int
        var limit: FaultLimit?

        /// Whether the fault may fire now (counting it if it has a limit).
        func claim() -> Bool { limit?.claim() ?? true }
    }
    var crash: Trigger?
    var stall: Trigger?
    var garbageLine = false
    var oversizedLine = false
    var hang = false
    var pauseMilliseconds: Int?
    var duplicateRecords = false
}

/// Ways to break the protocol stream and the process on purpose.
enum Misbehaviour {
    /// The exit status of every injected crash (EX_SOFTWARE).
    static let crashStatus: Int32 = 70

    /// The `garbage-line` fault's line.
    static let garbageLine = Array("this is not json\n".utf8)

    /// The `stdout-log` fault's line: what an adapter that logs with `print` would write.
    static let stdoutLogLine = Array("INFO simulator: starting (this log line belongs on stderr)\n".utf8)

    /// A `log` notification padded to 1 MiB + 1 byte before its line feed: valid JSON-RPC except for its
    /// length, so only the line cap can refuse it.
    static let oversizedLine: [UInt8] = {
        let head = Array(#"{"jsonrpc":"2.0","method":"log","params":{"level":"info","message":""#.utf8)
        let tail = Array(#""}}"#.utf8)
        let padding = [UInt8](repeating: UInt8(ascii: "x"), count: (1 << 20) + 1 - head.count - tail.count)
        return head + padding + tail + [0x0A]
    }()

    /// Ends the process at once, as a crashing adapter would.
    static func crash(_ reason: String) -> Never {
        FileHandle.standardError.write(Data("E! simulator: injected crash (\(reason)): exit \(crashStatus)\n".utf8))
        exit(crashStatus)
    }

    /// Waits forever and ignores cancellation: the waiting is done by a detached task that nobody cancels.
    static func hangForever() async -> Never {
        while true {
            await Task.detached { try? await Task.sleep(for: .seconds(3600)) }.value
        }
    }
}
