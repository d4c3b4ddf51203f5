import Foundation
import HubRecords
import HubStore
import TestSupport

/// `kidneyhub serve` with a scripted hotplug source in a workspace: the test appends plug-in and
/// unplug events to the script, and reads what the hub printed (notifications on stdout, logs on
/// stderr). The simulated meters stand in for the USB devices; the hub and the adapter are the
/// real executables.
final class USBHubSession {
    let workspace: Workspace
    let process: Process
    let scriptPath: String
    let stdoutPath: String
    let stderrPath: String

    /// Installs the usb-glucometer adapter and starts `serve` on the workspace.
    init(_ workspace: Workspace) throws {
        self.workspace = workspace
        try workspace.installUSBGlucometer()
        scriptPath = try workspace.write("", to: "hotplug.ndjson")
        stdoutPath = try workspace.write("", to: "serve.out")
        stderrPath = try workspace.write("", to: "serve.err")
        process = Process()
        process.executableURL = URL(fileURLWithPath: Workspace.kidneyhub)
        process.arguments = [
            "serve", "--no-http", "--store", workspace.storePath, "--adapters-dir", workspace.adaptersDirectory,
            "--sync-interval", "3600", "--hotplug", "script:\(scriptPath)",
        ]
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: stdoutPath))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrPath))
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    /// A test that throws before `stop()` (a wait that timed out) must not leave serve running; its adapters see
    /// their input close and exit after it.
    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Waits until the hub has opened its control socket (it is then following the script).
    func ready() async throws {
        try await eventually("serve to open its control socket (stderr: \(stderr))", within: .seconds(30)) {
            FileManager.default.fileExists(atPath: workspace.storePath + ".sock")
        }
    }

    /// Appends one event to the hotplug script.
    func event(_ fields: [String: Any]) throws {
        let data = try JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys]) + Data([0x0A])
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: scriptPath))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: data)
    }

    /// Plugs in a meter simulated at `socket`.
    func plugIn(vendorId: String, productId: String, serial: String?, port: String, socket: String) throws {
        var fields: [String: Any] = [
            "event": "arrived", "vendorId": vendorId, "productId": productId, "bus": 1, "port": port,
            "node": "unix:\(socket)",
        ]
        if let serial { fields["serial"] = serial }
        try event(fields)
    }

    /// Unplugs the device at `port`.
    func unplug(port: String) throws {
        try event(["event": "left", "bus": 1, "port": port])
    }

    var stdout: String { (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

    /// The lines printed so far.
    var notifications: [String] { stdout.split(separator: "\n").map(String.init) }

    /// Waits until `count` notifications were printed; returns all printed so far.
    func waitForNotifications(_ count: Int, within limit: Duration = .seconds(60)) async throws -> [String] {
        try await eventually(
            "\(count) notifications from serve (printed: \(notifications); stderr: \(stderr.suffix(2000)))",
            within: limit
        ) { notifications.count >= count }
        return notifications
    }

    /// SIGTERM, and the exit status.
    func stop() async -> Int32 {
        kill(process.processIdentifier, SIGTERM)
        await CommandResult.waitForExit(process)
        return process.terminationStatus
    }
}

extension Workspace {
    /// Installs the usb-glucometer adapter (the shipped manifest, pointing at the built executable).
    @discardableResult
    func installUSBGlucometer() throws -> String {
        let shipped = try Data(
            contentsOf: URL(fileURLWithPath: "\(Self.repositoryRoot)/Plugins/usb-glucometer/adapter.json")
        )
        guard var manifest = try JSONSerialization.jsonObject(with: shipped) as? [String: Any] else {
            throw CocoaError(.fileReadCorruptFile)
        }
        manifest["executable"] = "\(Self.productsDirectory)/kidneyhub-usb-glucometer"
        let data = try JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys])
        return try write(String(decoding: data, as: UTF8.self), to: "adapters/usb-glucometer/adapter.json")
    }

    /// A socket path in the workspace for a simulated meter.
    func meterSocket(_ name: String) -> String { "\(path)/\(name).sock" }

    /// The events the hub kept, of the given kinds.
    func events(_ kinds: Set<AdapterEventKind>) async throws -> [AdapterEvent] {
        try await openStore().adapterEvents(kinds: kinds)
    }
}

extension Workspace {
    /// Waits until the store holds `count` events of `kind` (the hub writes them as they happen). A store that
    /// cannot be read yet (serve still creating it) counts as none.
    func waitForEvents(_ kind: AdapterEventKind, count: Int, within limit: Duration = .seconds(30)) async throws {
        try await eventually("\(count) \(kind.rawValue) events in the store", within: limit) {
            ((try? await events([kind]).count) ?? 0) >= count
        }
    }
}
