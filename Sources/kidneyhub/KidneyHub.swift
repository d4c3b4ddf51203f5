import AdapterHost
import AdapterProtocol
import ArgumentParser
import Foundation
import HubRecords
import HubServices
import Logging
import TerminalOutput

/// The `kidneyhub` command: thin over the modules, one file per subcommand.
@main
struct KidneyHub: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kidneyhub",
        abstract: "KidneyHub: your kidney-health numbers from devices and meals, in one local store.",
        version: HubVersion.current,
        subcommands: [
            Serve.self, Demo.self, Adapters.self, Devices.self, Measurements.self, Terms.self, Profile.self, Labs.self,
            Trends.self, Medications.self, Weight.self, BloodPressure.self, Foods.self, Recipes.self, Log.self,
            Intake.self, Photos.self, Goals.self, Rewards.self, Notifications.self, Reminders.self, Evaluate.self,
            Import.self, ReportCommand.self, ReportsCommand.self, Export.self, ImportBackup.self, Advice.self,
            ReportCardCommand.self, DrugLabels.self, Corrections.self, Doses.self, AdherenceCommand.self,
            CareTeam.self, QuestionnaireCommand.self,
        ]
    )
}

/// Options every command that touches the store takes.
struct StoreOptions: ParsableArguments {
    @Option(
        name: .customLong("store"),
        help:
            "The SQLite store (default: $KIDNEYHUB_STORE, else $XDG_DATA_HOME/kidneyhub/kidneyhub.sqlite, else ~/.local/share/kidneyhub/kidneyhub.sqlite)."
    )
    var path: String?

    @Option(
        help: ArgumentHelp(
            "full: every batch is on disk before it is acknowledged (default). normal: safe from a crash of the hub, a power loss may roll back the last batches with their cursors.",
            valueName: "full|normal"
        )
    )
    var durability: StoreDurability = .full

    @Flag(help: "Create the store's folder when it does not exist (accepting the terms and the demo create it anyway).")
    var createFolder = false

    /// Where `kidneyhub demo` keeps its simulated readings unless told otherwise.
    static var demoStorePath: String { "\(dataFolder)/demo.sqlite" }

    /// KidneyHub's folder of user data: `$XDG_DATA_HOME/kidneyhub`, else `~/.local/share/kidneyhub` (the XDG Base
    /// Directory Specification ignores an empty or relative `XDG_DATA_HOME`).
    static var dataFolder: String {
        let environment = ProcessInfo.processInfo.environment
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return "\(data)/kidneyhub" }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return "\(home)/.local/share/kidneyhub"
    }

    /// The store path after the defaults are applied.
    var resolvedPath: String {
        if let path { return path }
        let environment = ProcessInfo.processInfo.environment
        if let fromEnvironment = environment["KIDNEYHUB_STORE"], !fromEnvironment.isEmpty { return fromEnvironment }
        return "\(Self.dataFolder)/kidneyhub.sqlite"
    }
}

/// Options for commands that run adapters: where to find them and how to supervise them.
struct AdapterOptions: ParsableArguments {
    @Option(name: .customLong("adapters-dir"), help: "A directory of adapters to search first (repeatable).")
    var directories: [String] = []

    @Option(help: .hidden) var restartBackoff: Double?
    @Option(help: .hidden) var requestIdleTimeout: Double?
    /// The `maxBatchRecords` offered to adapters (`import` raises it: fewer, larger transactions).
    @Option(help: .hidden) var batchRecords: Int?

    func validate() throws {
        for (name, value) in [("--restart-backoff", restartBackoff), ("--request-idle-timeout", requestIdleTimeout)] {
            if let value, !(0.001...3600).contains(value) {
                throw ValidationError("\(name) must be 0.001 to 3600 seconds")
            }
        }
    }

    /// The supervision settings: the protocol's defaults unless tuned (tests shorten them).
    var settings: AdapterSupervisor.Settings {
        var settings = AdapterSupervisor.Settings()
        if let restartBackoff { settings.restartPolicy.initialBackoff = .milliseconds(Int(restartBackoff * 1000)) }
        if let requestIdleTimeout {
            settings.timeouts.longRunning.idle = .milliseconds(Int(requestIdleTimeout * 1000))
        }
        if let batchRecords { settings.limits.maxBatchRecords = max(1, batchRecords) }
        return settings
    }

    /// The adapters found on the search path.
    func catalog() -> AdapterCatalog {
        AdapterCatalog(
            directories: AdapterCatalog.searchPath(explicit: directories),
            productsDirectory: AdapterCatalog.runningExecutableDirectory
        )
    }

    /// The adapters found on the search path, supervised as these options say, for an application-layer service.
    func setup(
        configs: [String: JSONValue] = [:],
        onActivity: @escaping @Sendable (String, AdapterActivity) -> Void = { _, _ in }
    ) -> AdapterSetup {
        AdapterSetup(catalog: catalog(), settings: settings, configs: configs, onActivity: onActivity)
    }
}

extension StoreDurability: ExpressibleByArgument {}

/// Logs go to stderr so that stdout holds only what the command prints.
func bootstrapLogging(verbose: Bool = false) {
    LoggingSystem.bootstrap { label in
        var handler = StreamLogHandler.standardError(label: label)
        handler.logLevel = verbose ? .debug : .notice
        return handler
    }
}

/// Prints a value as pretty, key-sorted JSON.
func printJSON(_ value: some Encodable) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    print(String(decoding: try encoder.encode(value), as: UTF8.self))
}

/// A table in fixed-width columns.
func printTable(_ header: [String], _ rows: [[String]]) {
    let widths = header.indices.map { column in
        ([header[column]] + rows.map { $0[column] }).map(\.count).max() ?? 0
    }
    // The last column wraps under itself when a row would pass the terminal's 100 columns (and it keeps room for at
    // least 20 characters); no line ends in padding.
    let lastStart = widths.dropLast().reduce(0) { $0 + $1 + 2 }
    let lastWidth = max(20, WrappedText.width - lastStart)
    func lines(_ cells: [String]) -> [String] {
        let leading = zip(cells.dropLast(), widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }
        let last = cells.last.map { WrappedText.lines($0, width: lastWidth) } ?? []
        let first = (leading + [last.first ?? ""]).joined(separator: "  ")
        let rest = last.dropFirst().map { String(repeating: " ", count: lastStart) + $0 }
        return ([first] + rest).map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }
    lines(header).forEach { print($0) }
    for row in rows { lines(row).forEach { print($0) } }
}
