import USBTransport

/// Reads an Ascensia/Bayer Contour meter: the ASTM transfer, then its header and results.
public enum ContourDriver {
    /// Bayer/Ascensia's USB vendor id (devices.md §4.1).
    public static let vendorId: UInt16 = 0x1A79

    /// Everything the meter holds; throws on the first problem, having read nothing usable.
    public static func download(channel: any HIDReportChannel, timeout: Duration) throws(GlucometerError)
        -> MeterDownload
    {
        let records = try ContourSession(channel: channel, timeout: timeout).transfer()
        guard let headerText = records.first, headerText.hasPrefix("H") else {
            throw .unexpectedReply(where: "the transfer", detail: "the first record is not a header (H)")
        }
        let header = try ASTMRecords.header(headerText)
        var readings: [MeterReading] = []
        var skipped = 0
        for text in records.dropFirst() where text.hasPrefix("R") {
            if let reading = try ASTMRecords.result(text) { readings.append(reading) } else { skipped += 1 }
        }
        return MeterDownload(
            manufacturer: "Ascensia",
            model: ASTMRecords.model(product: header.product),
            serial: header.serial,
            softwareVersion: header.versions,
            meterClock: header.meterClock,
            readings: readings.sorted { $0.recordNumber < $1.recordNumber },
            skippedRecords: skipped
        )
    }
}
