/// ASTM E1381 link-layer frames and control characters, as Contour meters send them
/// (devices.md §4.3 "Link layer"): `STX FN text CR (ETB|ETX) C1 C2 CR LF`, FN an ASCII digit
/// '0'…'7' and C1 C2 the sum of the bytes from FN through ETB/ETX, mod 256, in upper-case hex.
public struct ASTMFrame: Sendable, Hashable {
    /// Frame number 0…7.
    public var number: Int
    /// The record text (without the CR that ends it).
    public var text: String
    /// True for the last frame (ETX), false for one ended by ETB.
    public var isFinal: Bool

    // Control characters (devices.md §4.3, Tidepool `bayerConstants.js`).
    public static let stx: UInt8 = 0x02
    public static let etx: UInt8 = 0x03
    public static let eot: UInt8 = 0x04
    public static let enq: UInt8 = 0x05
    public static let ack: UInt8 = 0x06
    public static let nak: UInt8 = 0x15
    public static let etb: UInt8 = 0x17
    public static let cr: UInt8 = 0x0D
    public static let lf: UInt8 = 0x0A

    public init(number: Int, text: String, isFinal: Bool) {
        self.number = number
        self.text = text
        self.isFinal = isFinal
    }

    /// The frame's bytes.
    public func encoded() -> [UInt8] {
        let body =
            [UInt8(ascii: "0") + UInt8(number & 7)] + Array(text.utf8) + [Self.cr, isFinal ? Self.etx : Self.etb]
        return [Self.stx] + body + Self.checksumDigits(body) + [Self.cr, Self.lf]
    }

    /// Two upper-case hex digits of the sum of `bytes` mod 256.
    public static func checksumDigits(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        let sum = bytes.reduce(UInt8(0)) { $0 &+ $1 }
        let hex = Array("0123456789ABCDEF".utf8)
        return [hex[Int(sum >> 4)], hex[Int(sum & 0x0F)]]
    }

    /// Reads one frame; a frame with a wrong checksum or shape is an error naming the problem.
    public static func decode(_ bytes: [UInt8]) throws(GlucometerError) -> ASTMFrame {
        let place = "an ASTM frame"
        guard bytes.count >= 8, bytes.first == stx, bytes.suffix(2) == [cr, lf] else {
            throw .unexpectedReply(where: place, detail: "not STX … CR LF (\(bytes.count) bytes)")
        }
        let end = bytes.count - 5  // index of ETB/ETX: … ETB C1 C2 CR LF
        guard bytes[end] == etb || bytes[end] == etx, bytes[end - 1] == cr else {
            throw .unexpectedReply(where: place, detail: "no CR followed by ETB or ETX before the checksum")
        }
        let numberByte = bytes[1]
        guard (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(numberByte) else {
            throw .unexpectedReply(
                where: place,
                detail: "frame number byte 0x\(String(numberByte, radix: 16)) is not '0'…'7'"
            )
        }
        let body = bytes[1...end]
        let sent = Array(bytes[(end + 1)...(end + 2)])
        let computed = checksumDigits(body)
        guard sent == computed else {
            throw .checksumMismatch(
                where: "frame \(Character(UnicodeScalar(numberByte)))",
                sent: String(decoding: sent, as: UTF8.self),
                computed: String(decoding: computed, as: UTF8.self)
            )
        }
        return ASTMFrame(
            number: Int(numberByte - UInt8(ascii: "0")),
            text: String(decoding: bytes[2..<(end - 1)], as: UTF8.self),
            isFinal: bytes[end] == etx
        )
    }
}

/// One element of a message from the meter: a control character or a whole frame.
public enum ASTMLinkItem: Sendable, Hashable {
    case control(UInt8)
    case frame([UInt8])

    /// Splits a message into control characters and frames (the meter may send EOT, a frame and
    /// ENQ in one message, devices.md §4.3 header vector). A frame runs from STX to the LF after
    /// its checksum; bytes outside frames that are not control characters are reported as is.
    public static func split(_ message: [UInt8]) -> [ASTMLinkItem] {
        var items: [ASTMLinkItem] = []
        var index = 0
        while index < message.count {
            if message[index] == ASTMFrame.stx {
                var end = index + 1
                while end < message.count, message[end] != ASTMFrame.etb, message[end] != ASTMFrame.etx { end += 1 }
                let frameEnd = min(message.count, end + 5)  // ETB C1 C2 CR LF
                items.append(.frame(Array(message[index..<frameEnd])))
                index = frameEnd
            } else {
                items.append(.control(message[index]))
                index += 1
            }
        }
        return items
    }
}
