import Foundation

extension Workspace {
    /// Installs the three import adapters (Plugins/fitbit-export, apple-health, garmin-fit) with their
    /// shipped manifests, the executables taken from the build products.
    func installImporters() throws {
        for (plugin, executable) in [
            ("fitbit-export", "kidneyhub-fitbit-export"), ("apple-health", "kidneyhub-apple-health"),
            ("garmin-fit", "kidneyhub-garmin-fit"),
        ] {
            let shipped = try Data(
                contentsOf: URL(fileURLWithPath: "\(Self.repositoryRoot)/Plugins/\(plugin)/adapter.json")
            )
            guard var manifest = try JSONSerialization.jsonObject(with: shipped) as? [String: Any] else {
                throw CocoaError(.fileReadCorruptFile)
            }
            manifest["executable"] = "\(Self.productsDirectory)/\(executable)"
            let data = try JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys])
            try write(String(decoding: data, as: UTF8.self), to: "adapters/\(plugin)/adapter.json")
        }
    }

    /// Writes bytes under the workspace and returns the path.
    @discardableResult
    func write(bytes: [UInt8], to relativePath: String) throws -> String {
        let target = "\(path)/\(relativePath)"
        try FileManager.default.createDirectory(
            atPath: (target as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true
        )
        try Data(bytes).write(to: URL(fileURLWithPath: target))
        return target
    }
}
