import HubCore

/// Writes the small JSON objects stored in `measurement.components` and `measurement.context` by hand.
///
/// On the ingest path a `JSONEncoder` per row would cost more than the insert itself; these objects have a fixed
/// shape (string keys, finite numbers, a few strings), so a writer appending UTF-8 bytes to one buffer is short,
/// exact and allocates once per object. They are read back with `JSONDecoder` (reads are not the hot path), and
/// the tests check the two agree.
package enum CompactJSON {
    /// `{"diastolic":80.0,"systolic":120.0}` with keys sorted so equal objects are equal text; nil for nil.
    package static func object(_ numbers: [String: Double]?) -> String? {
        guard let numbers else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(16 + numbers.count * 24)
        out.append(UInt8(ascii: "{"))
        for (index, key) in numbers.keys.sorted().enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            appendString(key, to: &out)
            out.append(UInt8(ascii: ":"))
            appendNumber(numbers[key] ?? .nan, to: &out)
        }
        out.append(UInt8(ascii: "}"))
        return String(decoding: out, as: UTF8.self)
    }

    /// The context with only the fields that are set, keys as in `MeasurementContext`'s Codable form; nil when empty.
    package static func context(_ context: MeasurementContext?) -> String? {
        guard let context, !context.isEmpty else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(64)
        out.append(UInt8(ascii: "{"))
        if let meal = context.mealRelation {
            appendKey("mealRelation", to: &out)
            appendString(meal.rawValue, to: &out)
        }
        if let position = context.bodyPosition {
            appendKey("bodyPosition", to: &out)
            appendString(position.rawValue, to: &out)
        }
        if let status = context.measurementStatus {
            appendKey("measurementStatus", to: &out)
            out.append(UInt8(ascii: "["))
            for (index, flag) in status.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                appendString(flag, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        if let userIndex = context.userIndex {
            appendKey("userIndex", to: &out)
            out.append(contentsOf: String(userIndex).utf8)
        }
        if let phase = context.dialysisPhase {
            appendKey("dialysisPhase", to: &out)
            appendString(phase.rawValue, to: &out)
        }
        if let site = context.sampleSite {
            appendKey("sampleSite", to: &out)
            appendString(site, to: &out)
        }
        out.append(UInt8(ascii: "}"))
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `,"name":` (no comma for the first key, right after `{`).
    private static func appendKey(_ name: StaticString, to out: inout [UInt8]) {
        if out.last != UInt8(ascii: "{") { out.append(UInt8(ascii: ",")) }
        out.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { out.append(contentsOf: $0) }
        out.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
    }

    /// Appends a number; the normalizer refuses non-finite values, but JSON has no NaN, so they become `null`.
    private static func appendNumber(_ value: Double, to out: inout [UInt8]) {
        guard value.isFinite else {
            out.append(contentsOf: "null".utf8)
            return
        }
        // Swift's shortest round-trip text ("80.0", "1e-07") is valid JSON and reads back to the same Double.
        out.append(contentsOf: value.description.utf8)
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    /// `text` as a JSON string literal (the backup and the FHIR export write theirs with it too).
    package static func quoted(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 2)
        appendString(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `text` as a JSON string literal (RFC 8259 §7: escape `"`, `\` and control characters).
    ///
    /// Works on UTF-8 bytes: every byte of a multi-byte sequence is ≥ 0x80, so only ASCII bytes can need escaping.
    package static func appendString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                out.append(UInt8(ascii: "\\"))
                out.append(byte)
            case UInt8(ascii: "\n"):
                out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case UInt8(ascii: "\r"):
                out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case UInt8(ascii: "\t"):
                out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20:
                out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0F)])
            default:
                out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
