import Foundation

/// Appends one sync's batch acknowledgement latencies, in milliseconds, as a JSON array line.
enum LatencyReport {
    static func append(_ latencies: [Duration], to path: String) {
        let milliseconds = latencies.map { duration in
            Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        }
        guard let data = try? JSONSerialization.data(withJSONObject: milliseconds) else { return }
        if !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(atPath: path, contents: nil)
        }
        guard let handle = FileHandle(forWritingAtPath: path) else { return }
        defer { try? handle.close() }
        _ = try? handle.seekToEnd()
        try? handle.write(contentsOf: data + Data("\n".utf8))
    }
}
