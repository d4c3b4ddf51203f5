import AdapterKit
import AdapterProtocol
import Foundation

/// The `fitbit-export` adapter: `files/import` of a Fitbit account export or Google Takeout, as a zip
/// or unpacked folder, in any of the four known layouts (formats.md §1.1).
public struct FitbitExportAdapter: Adapter {
    public let info = AdapterInfo(id: "fitbit-export", name: "Fitbit account export", version: "0.1.0")
    public let capabilities = AdapterCapabilities(import: true, cancel: true)

    public init() {}

    public func importFile(_ request: ImportFileRequest, context: AdapterContext) async throws -> ImportFileResult {
        let path = request.path
        return try await ImportDriver.run(context: context) { output in
            let source = try ImportSource(path: path)
            try FitbitImporter(source: source, output: output, fallbackZone: .current).run()
        }
    }
}
