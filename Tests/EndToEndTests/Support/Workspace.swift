import Foundation
import HubStore
import TestSupport

/// One test's world: a temporary directory holding its store, manifests and scenarios, and the
/// built `kidneyhub` and adapter executables to run in it.
///
/// Every adapter a test starts runs with a path inside this directory on its command line, so
/// `strayProcesses()` finds exactly this test's leftovers even while other tests run.
struct Workspace {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "kidneyhub-e2e-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    var storePath: String { "\(path)/store.sqlite" }
    var adaptersDirectory: String { "\(path)/adapters" }

    /// The directory of the running test bundle, where SwiftPM puts every product of the build.
    static let productsDirectory: String = {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return executable.deletingLastPathComponent().path
    }()

    /// The source checkout, for the shipped adapters and scenarios.
    static let repositoryRoot: String = {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().path
    }()

    static var kidneyhub: String { "\(productsDirectory)/kidneyhub" }
    static var simulator: String { "\(productsDirectory)/kidneyhub-simulator" }

    /// Writes a file under the workspace and returns its path.
    @discardableResult
    func write(_ text: String, to relativePath: String) throws -> String {
        let target = "\(path)/\(relativePath)"
        try FileManager.default.createDirectory(
            atPath: (target as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true
        )
        try text.write(toFile: target, atomically: true, encoding: .utf8)
        return target
    }

    /// Installs a simulator adapter with `id` playing `scenario`, with extra command-line arguments
    /// (faults); returns the manifest path.
    @discardableResult
    func installSimulator(id: String = "simulator", scenario: String, arguments: [String] = []) throws -> String {
        let scenarioPath = try write(scenario, to: "scenarios/\(id).json")
        let manifest: [String: Any] = [
            "id": id, "name": "Simulator (\(id))", "version": "0.1.0", "executable": Self.simulator,
            "arguments": ["--scenario", scenarioPath] + arguments, "protocolVersions": ["1.0"],
            "kinds": ["body_weight", "blood_pressure", "heart_rate", "blood_glucose"],
        ]
        let data = try JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys])
        return try write(String(decoding: data, as: UTF8.self), to: "adapters/\(id)/adapter.json")
    }

    /// Copies the Python example adapter into the workspace and installs it.
    @discardableResult
    func installPythonExample() throws -> String {
        let source = "\(Self.repositoryRoot)/Plugins/python-example"
        let target = "\(adaptersDirectory)/python-example"
        try FileManager.default.createDirectory(atPath: adaptersDirectory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: source, toPath: target)
        return "\(target)/adapter.json"
    }

    /// Runs `kidneyhub` with the workspace's store, and its adapters for commands that run them, in
    /// `workingDirectory` when given.
    func kidneyhub(
        _ arguments: [String],
        runsAdapters: Bool = true,
        timeout: Duration = .seconds(120),
        workingDirectory: String? = nil
    ) async throws -> CommandResult {
        try await CommandResult.run(
            Self.kidneyhub,
            arguments + ["--store", storePath] + (runsAdapters ? ["--adapters-dir", adaptersDirectory] : []),
            timeout: timeout,
            workingDirectory: workingDirectory
        )
    }

    /// Accepts the current terms of use in the workspace's store, as a user would before syncing.
    func acceptTerms() async throws {
        let result = try await kidneyhub(["terms", "accept"], runsAdapters: false)
        guard result.status == 0 else { throw CommandFailedInTest(result: result) }
    }

    /// Opens the store the hub wrote, to check what it holds.
    func openStore() throws -> HubDatabase {
        try HubDatabase.open(atPath: storePath)
    }

    /// Processes still alive whose command line mentions this workspace.
    func strayProcesses() -> [String] {
        ProcessTable.commandLines().filter { $0.value.contains(path) }.map { "\($0.key): \($0.value)" }
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// A set-up command of a test that failed.
struct CommandFailedInTest: Error, CustomStringConvertible {
    var result: CommandResult
    var description: String { "exit \(result.status): \(result.stderr)" }
}
