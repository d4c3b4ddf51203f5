import AdapterProtocol
import Foundation

/// An adapter found on the search path: its manifest, where it was read, and what to run.
public struct InstalledAdapter: Sendable, Hashable {
    public var manifest: AdapterManifest
    /// The `adapter.json` it came from.
    public var manifestPath: String
    /// The absolute path of the executable to start.
    public var executablePath: String

    /// The manifest's id.
    public var id: String { manifest.id }

    /// The directory of the manifest, where the adapter runs.
    public var directory: String { (manifestPath as NSString).deletingLastPathComponent }

    public init(manifest: AdapterManifest, manifestPath: String, executablePath: String) {
        self.manifest = manifest
        self.manifestPath = manifestPath
        self.executablePath = executablePath
    }
}
