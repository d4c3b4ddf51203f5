import AdapterProtocol
import Foundation
import HubCore

/// Finds adapters by their manifests along the search path of adapter-protocol.md §9.
public struct AdapterCatalog: Sendable {
    /// A manifest that could not be used, and why.
    public struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// Usable adapters, first found per id.
    public private(set) var adapters: [InstalledAdapter] = []
    /// Manifests that were skipped, with the reason.
    public private(set) var problems: [Problem] = []

    /// Reads every manifest in `directories`, in order; the first manifest of an id wins.
    /// `productsDirectory` is where a bare executable name is looked up when it is not beside
    /// its manifest (the adapters built with the hub).
    public init(directories: [String], productsDirectory: String?) {
        var seen = Set<String>()
        for directory in directories {
            for path in Self.manifestPaths(in: directory) {
                switch Self.load(path, productsDirectory: productsDirectory) {
                case .success(let adapter):
                    if seen.insert(adapter.id).inserted { adapters.append(adapter) }
                case .failure(let problem):
                    problems.append(problem)
                }
            }
        }
    }

    /// The adapter with `id`, if found.
    public func adapter(id: String) -> InstalledAdapter? {
        adapters.first { $0.id == id }
    }

    /// The default search path: `--adapters-dir` values, `$KIDNEYHUB_ADAPTERS_PATH`, the per-user
    /// directory, the system directory, then the `Plugins/` folder of the source checkout the
    /// running binary was built in, if any.
    public static func searchPath(
        explicit: [String],
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executableDirectory: String? = Self.runningExecutableDirectory
    ) -> [String] {
        var path = explicit
        if let fromEnvironment = environment["KIDNEYHUB_ADAPTERS_PATH"] {
            path += fromEnvironment.split(separator: ":").map(String.init)
        }
        // The user's own adapters sit in the XDG data folder, as the store does.
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            path.append("\(data)/kidneyhub/adapters")
        } else if let home = environment["HOME"] {
            path.append("\(home)/.local/share/kidneyhub/adapters")
        }
        path.append("/usr/local/lib/kidneyhub/adapters")
        if let executableDirectory, let plugins = sourceCheckoutPlugins(above: executableDirectory) {
            path.append(plugins)
        }
        return path
    }

    /// The directory holding the running executable (the build products for a source build).
    public static var runningExecutableDirectory: String? {
        guard let url = Bundle.main.executableURL else { return nil }
        return url.resolvingSymlinksInPath().deletingLastPathComponent().path
    }

    /// A build's products live under `<checkout>/.build/...`; its adapters' manifests under
    /// `<checkout>/Plugins`.
    static func sourceCheckoutPlugins(above directory: String) -> String? {
        var url = URL(fileURLWithPath: directory)
        while url.path != "/" {
            if url.lastPathComponent.hasPrefix(".build") {
                let plugins = url.deletingLastPathComponent().appendingPathComponent("Plugins").path
                return FileManager.default.fileExists(atPath: plugins) ? plugins : nil
            }
            url.deleteLastPathComponent()
        }
        return nil
    }

    /// `<dir>/adapter.json` and `<dir>/*/adapter.json`, sorted for a stable order.
    static func manifestPaths(in directory: String) -> [String] {
        let fileManager = FileManager.default
        var paths: [String] = []
        let direct = "\(directory)/adapter.json"
        if fileManager.fileExists(atPath: direct) { paths.append(direct) }
        let children = (try? fileManager.contentsOfDirectory(atPath: directory)) ?? []
        for child in children.sorted() {
            let candidate = "\(directory)/\(child)/adapter.json"
            if fileManager.fileExists(atPath: candidate) { paths.append(candidate) }
        }
        return paths
    }

    /// Reads and checks one manifest.
    public static func load(_ path: String, productsDirectory: String?) -> Result<InstalledAdapter, Problem> {
        let manifest: AdapterManifest
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            manifest = try JSONDecoder().decode(AdapterManifest.self, from: data)
        } catch let error as DecodingError {
            return .failure(Problem(path: path, reason: "not a valid manifest: \(describeManifestError(error))"))
        } catch {
            return .failure(Problem(path: path, reason: "unreadable: \(error.localizedDescription)"))
        }
        let problems = manifest.problems()
        guard problems.isEmpty else { return .failure(Problem(path: path, reason: problems.joined(separator: "; "))) }
        let directory = (path as NSString).deletingLastPathComponent
        guard
            let executable = resolveExecutable(
                manifest.executable,
                near: directory,
                productsDirectory: productsDirectory
            )
        else {
            return .failure(
                Problem(path: path, reason: "executable '\(manifest.executable)' not found or not executable")
            )
        }
        return .success(InstalledAdapter(manifest: manifest, manifestPath: path, executablePath: executable))
    }

    /// An absolute path as is; a relative one from the manifest's directory; a bare name also in
    /// the products directory.
    static func resolveExecutable(_ executable: String, near directory: String, productsDirectory: String?) -> String? {
        let fileManager = FileManager.default
        var candidates: [String] = []
        if executable.hasPrefix("/") {
            candidates = [executable]
        } else {
            candidates.append(URL(fileURLWithPath: directory).appendingPathComponent(executable).standardized.path)
            if !executable.contains("/"), let productsDirectory {
                candidates.append("\(productsDirectory)/\(executable)")
            }
        }
        return candidates.first { fileManager.isExecutableFile(atPath: $0) }
    }

    private static func describeManifestError(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, _): "'\(key.stringValue)' is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            "'\(context.codingPath.map(\.stringValue).joined(separator: "."))' has the wrong type"
        case .dataCorrupted(let context): context.debugDescription
        @unknown default: "\(error)"
        }
    }
}
