import USBTransport

/// One FreeStyle HID report: `type u8 | length u8 (0…62) | payload | zero pad` to 64 bytes
/// (devices.md §4.2 "Message (64 bytes)").
public struct FreeStyleMessage: Sendable, Hashable {
    public var type: UInt8
    public var payload: [UInt8]

    /// The most payload one report carries (64 − type − length).
    public static let maximumPayload = 62

    // Message types, devices.md §4.2 "Binary messages" and "Text commands".
    public static let initRequest: UInt8 = 0x01
    public static let initReply: UInt8 = 0x71
    public static let serialRequest: UInt8 = 0x05
    public static let keepalive: UInt8 = 0x22
    public static let unknownTypeReply: UInt8 = 0x30
    public static let text: UInt8 = 0x60

    public init(type: UInt8, payload: [UInt8] = []) {
        self.type = type
        self.payload = payload
    }

    /// The 64-byte report; nil when the payload is longer than one report holds.
    public func encoded() -> [UInt8]? {
        guard payload.count <= Self.maximumPayload else { return nil }
        return HIDReport.padded([type, UInt8(payload.count)] + payload)
    }

    /// Reads one report; the length byte must fit the report.
    public static func decode(_ report: [UInt8]) throws(GlucometerError) -> FreeStyleMessage {
        guard report.count >= 2 else {
            throw .unexpectedReply(
                where: "a FreeStyle report",
                detail: "\(report.count) bytes, fewer than the 2-byte header"
            )
        }
        let length = Int(report[1])
        guard length <= maximumPayload, 2 + length <= report.count else {
            throw .unexpectedReply(
                where: "a FreeStyle report of type 0x\(String(report[0], radix: 16))",
                detail: "length byte \(length) does not fit a \(report.count)-byte report"
            )
        }
        return FreeStyleMessage(type: report[0], payload: Array(report[2..<2 + length]))
    }
}
