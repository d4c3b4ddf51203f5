import USBTransport

/// How Contour meters carry ASTM bytes in 64-byte HID reports (devices.md §4.3 "HID framing"):
/// bytes 0–2 a header (the host writes "ABC", the meter's is ignored), byte 3 the payload length
/// (at most 60), then the payload. A report whose length is 60 means more follows.
public enum ContourHIDFraming {
    /// The most payload one report carries (64 − 4 header bytes).
    public static let maximumPayload = 60
    /// The header glucometerutils writes ahead of the length (`b"ABC"`).
    static let hostHeader: [UInt8] = Array("ABC".utf8)

    /// The reports that carry `bytes` from the host to the meter.
    public static func hostReports(_ bytes: [UInt8]) -> [[UInt8]] {
        stride(from: 0, to: max(bytes.count, 1), by: maximumPayload).map { start in
            let chunk = Array(bytes[start..<min(start + maximumPayload, bytes.count)])
            return HIDReport.padded(hostHeader + [UInt8(chunk.count)] + chunk) ?? []
        }
    }

    /// The payload of one report from the meter, and whether more reports of the same message follow.
    public static func payload(of report: [UInt8]) throws(GlucometerError) -> (bytes: [UInt8], continues: Bool) {
        guard report.count >= 4 else {
            throw .unexpectedReply(
                where: "a Contour report",
                detail: "\(report.count) bytes, fewer than the 4-byte header"
            )
        }
        let length = Int(report[3])
        guard length <= maximumPayload, 4 + length <= report.count else {
            throw .unexpectedReply(where: "a Contour report", detail: "length byte \(length) is over \(maximumPayload)")
        }
        return (Array(report[4..<4 + length]), length == maximumPayload)
    }

    /// Reads reports until one that does not continue, and returns their payloads joined.
    public static func receiveMessage(
        from channel: any HIDReportChannel,
        timeout: Duration,
        step: String
    ) throws(GlucometerError) -> [UInt8] {
        var message: [UInt8] = []
        while true {
            let report: [UInt8]
            do {
                report = try channel.receive(timeout: timeout)
            } catch {
                throw .transport(error, during: step)
            }
            let (bytes, continues) = try payload(of: report)
            message += bytes
            if !continues { return message }
            guard message.count < 64 << 10 else {
                throw .unexpectedReply(where: step, detail: "a message over 64 KiB")
            }
        }
    }
}
