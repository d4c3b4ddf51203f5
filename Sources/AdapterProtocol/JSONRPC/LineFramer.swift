/// Splits a byte stream into protocol lines (adapter-protocol.md §1).
///
/// Lines end at byte 0x0A only; a trailing 0x0D is dropped. A line longer than `maximumLineLength`
/// is reported once as `.oversized` with its first bytes, and the rest of it is skipped.
public struct LineFramer: Sendable {
    /// What one call to `append` found.
    public enum Frame: Sendable, Equatable {
        case line([UInt8])
        /// A line over the cap; `prefix` holds its first 200 bytes for the log.
        case oversized(prefix: [UInt8])
    }

    /// The protocol's cap: 1 MiB, line feed excluded.
    public static let defaultMaximumLineLength = 1 << 20

    public let maximumLineLength: Int
    private var pending: [UInt8] = []
    private var skippingOversizedLine = false

    public init(maximumLineLength: Int = LineFramer.defaultMaximumLineLength) {
        self.maximumLineLength = maximumLineLength
    }

    /// Feeds bytes and returns the frames they complete, in order.
    public mutating func append(_ bytes: [UInt8]) -> [Frame] {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// Feeds bytes and returns the frames they complete, in order.
    ///
    /// Concrete over a buffer pointer, not generic over collections: this scans every byte an
    /// adapter sends, and a generic that is not specialized across modules costs a value-witness
    /// call per byte.
    public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) -> [Frame] {
        var frames: [Frame] = []
        var start = 0
        while start < bytes.count {
            let rest = UnsafeBufferPointer(rebasing: bytes[start...])
            let newline = rest.firstIndex(of: 0x0A).map { start + $0 }
            let end = newline ?? bytes.count
            if !skippingOversizedLine {
                pending.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
                if pending.count > maximumLineLength {
                    frames.append(.oversized(prefix: Array(pending.prefix(200))))
                    pending.removeAll(keepingCapacity: false)
                    skippingOversizedLine = true
                }
            }
            guard let newline else { break }
            if skippingOversizedLine {
                skippingOversizedLine = false
            } else {
                if pending.last == 0x0D { pending.removeLast() }
                if !pending.isEmpty { frames.append(.line(pending)) }
                pending.removeAll(keepingCapacity: true)
            }
            start = newline + 1
        }
        return frames
    }

    /// Bytes of an unfinished last line, for a report when the stream ends.
    public var unterminatedBytes: Int { pending.count }
}
