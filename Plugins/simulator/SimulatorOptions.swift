/// The simulator's command line: `[--scenario PATH] [--fault TYPE[:PARAM]]... [--help]`.
struct SimulatorOptions: Sendable, Hashable {
    /// Used when the hub's `adapterConfig` names no scenario.
    var scenarioPath: String?
    /// Checked faults, in the order given.
    var faults: [Fault] = []
    /// Where to append each sync's batch acknowledgement latencies (for the benchmarks).
    var latencyReportPath: String?
    var showHelp = false

    static let usage = """
        usage: kidneyhub-simulator [--scenario PATH] [--fault TYPE[:PARAM]]... [--latency-report PATH]

        A KidneyHub adapter that simulates devices; it speaks the adapter protocol on stdin/stdout
        and is started by the hub. The scenario comes from the hub's adapterConfig {"scenario": PATH},
        else from --scenario, else the built-in dialysis-day scenario.

        Faults (repeatable; see Plugins/simulator/README.md):
          crash[:N][,times=K,counterFile=PATH][,device=ID]   exit 70 once N records of a sync are acknowledged
          crash-on-start[:times=K,counterFile=PATH]          exit 70 when `initialized` arrives
          garbage-line | oversized-line [:device=ID]         a non-JSON / 1 MiB + 1 byte stdout line in a sync
          stdout-log                                         a plain-text log line on stdout at initialize
          wrong-version                                      claims protocol versions 99.0 and 1.0
          ignore-shutdown                                    `shutdown` never answers
          hang-sync[:device=ID]                              a sync never answers, even when cancelled
          slow-sync:MS[,device=ID]                           sleeps MS milliseconds before each batch (progress every 200 ms)
          duplicate-records[:device=ID]                      every batch is submitted twice

        --latency-report PATH appends, after each sync, one JSON line with every batch's
        submitted-to-acknowledged time in milliseconds.
        """

    /// Parses the arguments after the program name.
    static func parse(_ arguments: [String]) throws(OptionsError) -> SimulatorOptions {
        var options = SimulatorOptions()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            let (name, inlineValue) = split(argument)
            func value() throws(OptionsError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst() else { throw OptionsError("\(name) needs a value") }
                return next
            }
            switch name {
            case "--scenario":
                guard options.scenarioPath == nil else { throw OptionsError("--scenario is given twice") }
                options.scenarioPath = try value()
            case "--fault":
                let text = try value()
                do {
                    options.faults.append(try Fault(try FaultSpec(commandLine: text)))
                } catch {
                    throw OptionsError("--fault \(text): \(error)")
                }
            case "--latency-report":
                options.latencyReportPath = try value()
            case "--help", "-h":
                options.showHelp = true
            default:
                throw OptionsError("unknown argument '\(argument)'")
            }
        }
        return options
    }

    /// `--name=value` into its two parts; other arguments have no inline value.
    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}

/// Why the command line was refused.
struct OptionsError: Error, Sendable, Hashable, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
