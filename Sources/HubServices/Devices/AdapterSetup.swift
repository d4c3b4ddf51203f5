import AdapterHost
import AdapterProtocol

/// How the adapters of an operation that runs them are found and supervised: what a front end decides (a search
/// path, tuned timeouts, per-adapter configuration) and hands to the device, adapter and import services.
public struct AdapterSetup: Sendable {
    /// The adapters found on the search path.
    public var catalog: AdapterCatalog
    /// Supervision: restart policy, timeouts, batch limits.
    public var settings: AdapterSupervisor.Settings
    /// Configuration passed to an adapter at start, by adapter id.
    public var configs: [String: JSONValue]
    /// Hears what adapters report while they work (logs, progress).
    public var onActivity: @Sendable (String, AdapterActivity) -> Void

    /// A setup over `catalog`; supervision defaults to the protocol's.
    public init(
        catalog: AdapterCatalog,
        settings: AdapterSupervisor.Settings = AdapterSupervisor.Settings(),
        configs: [String: JSONValue] = [:],
        onActivity: @escaping @Sendable (String, AdapterActivity) -> Void = { _, _ in }
    ) {
        self.catalog = catalog
        self.settings = settings
        self.configs = configs
        self.onActivity = onActivity
    }
}

extension AdapterSetup {
    /// No adapter at all: for a front end tested without adapters (every scan finds nothing, every import fails).
    public static var noAdapters: AdapterSetup {
        AdapterSetup(catalog: AdapterCatalog(directories: [], productsDirectory: nil))
    }
}
