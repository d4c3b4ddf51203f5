import BLETestHarness
import Foundation
import TestSupport

extension Workspace {
    /// The BLE adapters shipped in `Plugins/` (their manifests, pointing at the built executables).
    static let bluetoothAdapters = ["ble-scale", "ble-bp-cuff", "ble-glucose"]

    /// Installs the shipped BLE adapters' manifests, with the built executables.
    func installBluetoothAdapters() throws {
        for id in Self.bluetoothAdapters {
            let source = "\(Self.repositoryRoot)/Plugins/\(id)/adapter.json"
            var manifest = try require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: source))) as? [String: Any]
            )
            manifest["executable"] = "\(Self.productsDirectory)/kidneyhub-\(id)"
            let data = try JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys])
            try write(String(decoding: data, as: UTF8.self), to: "adapters/\(id)/adapter.json")
        }
    }

    /// Runs `kidneyhub` against the private bus: its system bus is the bus's, its clock zone `timeZone` (the
    /// adapters read the devices' wall-clock time stamps in it), and the adapters keep their state in the workspace.
    func kidneyhub(_ arguments: [String], bus: PrivateBluetoothBus, timeZone: String = "Etc/GMT-1") async throws
        -> CommandResult
    {
        var environment = bus.environment
        environment["TZ"] = timeZone
        environment["KIDNEYHUB_STATE_DIR"] = "\(path)/state"
        return try await CommandResult.run(
            Self.kidneyhub,
            arguments + ["--store", storePath, "--adapters-dir", adaptersDirectory],
            timeout: .seconds(120),
            environment: environment
        )
    }
}

/// `#require` outside a test body: throws when nil.
private func require<T>(_ value: T?) throws -> T {
    guard let value else { throw HarnessError("unexpected nil") }
    return value
}
