import Hummingbird
import NIOCore

/// Symptom lists written as JSON straight into the response's buffer, in the document's key order. Hand-written on
/// purpose: `JSONEncoder` (boxing each value, a keyed container per list and per symptom) was 28 % of the server's
/// CPU answering `GET /patients/<id>/symptoms/` under the reference server's `bench.sh` (perf, release build), and no
/// package in the machine's list writes JSON faster. `SymptomListJSONTests` checks it against `JSONEncoder`'s output of
/// the same `SymptomListResponse`.
enum SymptomListJSON {
    /// `[list, …]` as a 200 response.
    static func response(_ lists: [SymptomListResponse]) -> Response {
        response(bytes(lists), status: .ok)
    }

    /// One list as a response with `status`.
    static func response(_ list: SymptomListResponse, status: HTTPResponse.Status) -> Response {
        response(bytes(list), status: status)
    }

    private static func response(_ buffer: ByteBuffer, status: HTTPResponse.Status) -> Response {
        Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: buffer))
    }

    /// `[list, …]`.
    static func bytes(_ lists: [SymptomListResponse]) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(64 + lists.count * 200)
        buffer.writeStaticString("[")
        for (index, list) in lists.enumerated() {
            if index > 0 { buffer.writeStaticString(",") }
            write(list, to: &buffer)
        }
        buffer.writeStaticString("]")
        return buffer
    }

    /// One list.
    static func bytes(_ list: SymptomListResponse) -> ByteBuffer {
        var buffer = ByteBuffer()
        write(list, to: &buffer)
        return buffer
    }

    /// `{"id":…,"date":"…","symptoms":[{"symptom_no":…,"scale":…},…]}`.
    private static func write(_ list: SymptomListResponse, to buffer: inout ByteBuffer) {
        buffer.writeStaticString(#"{"id":"#)
        buffer.writeString(String(list.id))
        buffer.writeStaticString(#","date":"#)
        writeQuoted(list.date, to: &buffer)
        buffer.writeStaticString(#","symptoms":["#)
        for (index, symptom) in list.symptoms.enumerated() {
            buffer.writeStaticString(index > 0 ? #",{"symptom_no":"# : #"{"symptom_no":"#)
            buffer.writeString(String(symptom.symptom_no))
            buffer.writeStaticString(#","scale":"#)
            buffer.writeString(String(symptom.scale))
            buffer.writeStaticString("}")
        }
        buffer.writeStaticString("]}")
    }

    /// A JSON string: `"` and `\` escaped, control characters as `\u00XX` (RFC 8259 §7); everything else as UTF-8.
    private static func writeQuoted(_ text: String, to buffer: inout ByteBuffer) {
        buffer.writeStaticString("\"")
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): buffer.writeStaticString(#"\""#)
            case UInt8(ascii: "\\"): buffer.writeStaticString(#"\\"#)
            case 0..<0x20:
                buffer.writeStaticString(#"\u00"#)
                buffer.writeInteger(hex[Int(byte >> 4)])
                buffer.writeInteger(hex[Int(byte & 0xF)])
            default: buffer.writeInteger(byte)
            }
        }
        buffer.writeStaticString("\"")
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)
}
