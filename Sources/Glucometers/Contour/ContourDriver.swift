import USBTransport

/// Reads an Ascensia/Bayer Contour meter: the ASTM transfer, then its header and results.
public enum ContourDriver {
    /// Bayer/Ascensia's USB vendor id (devices.md §4.1).
    public static let vendorId: UInt16 = 0x1A79

    /// Everything the meter holds. Throws when the transfer fails or sends no header; a result
    /// record that cannot be read is reported in `problems` and the others are kept.
    public static func download(channel: any HIDReportChannel, timeout: Duration) throws(GlucometerError)
        -> MeterDownload
    {
        let records = try ContourSession(channel: channel, timeout: timeout).transfer()
        guard let headerText = records.first(where: { $0.hasPrefix("H") }) else {
            throw .unexpectedReply(
                where: "the transfer",
                detail: "the meter sent no header record (H), so its serial number is unknown"
            )
        }
        let header = try ASTMRecords.header(headerText)
        var tally = MeterLogTally()
        for text in records where text.hasPrefix("R") {
            do throws(MeterRecordProblem) {
                switch try ASTMRecords.result(text, range: header.rangeOrDefault) {
                case .glucose(let reading): tally.readings.append(reading)
                case .other(let what): tally.count(what)
                }
            } catch {
                tally.problems.append(error)
            }
        }
        var notes: [String] = []
        if let count = header.resultCount,
            count != tally.readings.count + tally.problems.count + tally.others.values.reduce(0, +)
        {
            notes.append(
                "the header announced \(count) results and the meter sent \(tally.readings.count + tally.problems.count + tally.others.values.reduce(0, +))"
            )
        }
        return MeterDownload(
            manufacturer: "Ascensia",
            model: ASTMRecords.model(product: header.product),
            serial: header.serial,
            softwareVersion: header.versions,
            meterClock: header.meterClock,
            readings: tally.readings.sorted { $0.recordNumber < $1.recordNumber },
            otherRecords: tally.others,
            problems: tally.problems,
            notes: notes
        )
    }
}
