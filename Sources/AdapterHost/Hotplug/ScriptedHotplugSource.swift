import Foundation
import Logging

/// Hotplug events read from a file that a test or demo appends to, one JSON object a line:
/// `{"event":"arrived","vendorId":"1a61","productId":"3850","serial":"…","port":"1-2","node":"unix:/tmp/neo.sock"}`
/// or `{"event":"left","port":"1-2"}` (`bus`, `port`, `node`, `serial` as in `USBArrival`; a
/// departure names the same place as its arrival). The file is followed like `tail -f`. A line
/// that cannot be read is logged with its number and skipped.
public final class ScriptedHotplugSource: HotplugSource {
    public let events: AsyncStream<USBHotplugEvent>
    private let task: Task<Void, Never>

    /// How often the file is checked for new lines.
    static let pollInterval: Duration = .milliseconds(100)

    public init(path: String) {
        let logger = Logger(label: "kidneyhub.hotplug.script")
        let (stream, continuation) = AsyncStream.makeStream(of: USBHotplugEvent.self)
        events = stream
        task = Task {
            var offset = 0
            var lineNumber = 0
            var pending = Data()
            while !Task.isCancelled {
                if let data = FileManager.default.contents(atPath: path), data.count > offset {
                    pending += data[offset...]
                    offset = data.count
                    while let newline = pending.firstIndex(of: 0x0A) {
                        let line = pending[pending.startIndex..<newline]
                        pending = Data(pending[(newline + 1)...])
                        lineNumber += 1
                        guard !line.allSatisfy({ $0 == 0x20 }) else { continue }
                        do {
                            continuation.yield(try Self.event(from: Data(line)))
                        } catch {
                            logger.error("\(path):\(lineNumber): \(error); line skipped")
                        }
                    }
                }
                try? await Task.sleep(for: Self.pollInterval)
            }
            continuation.finish()
        }
    }

    public func stop() { task.cancel() }

    /// One line of the script.
    static func event(from line: Data) throws -> USBHotplugEvent {
        let entry = try JSONDecoder().decode(ScriptLine.self, from: line)
        switch entry.event {
        case "arrived":
            guard let vendorId = entry.vendorId, let productId = entry.productId else {
                throw ScriptLineError(reason: "an arrival needs vendorId and productId")
            }
            return .arrived(
                USBArrival(
                    vendorId: vendorId,
                    productId: productId,
                    serial: entry.serial,
                    bus: entry.bus,
                    port: entry.port,
                    node: entry.node
                )
            )
        case "left":
            let place = USBArrival(
                vendorId: entry.vendorId ?? "",
                productId: entry.productId ?? "",
                serial: entry.serial,
                bus: entry.bus,
                port: entry.port,
                node: entry.node
            )
            guard entry.port != nil || entry.node != nil else {
                throw ScriptLineError(reason: "a departure needs the port or node of its arrival")
            }
            return .left(place.key)
        default:
            throw ScriptLineError(reason: "event '\(entry.event)' is neither 'arrived' nor 'left'")
        }
    }

    private struct ScriptLine: Decodable {
        var event: String
        var vendorId: String?
        var productId: String?
        var serial: String?
        var bus: Int?
        var port: String?
        var node: String?
    }
}

/// A script line that is JSON but not an event.
struct ScriptLineError: Error, CustomStringConvertible {
    var reason: String
    var description: String { reason }
}
