import USBTransport

/// Reads a FreeStyle Precision/Optium Neo: init, serial, software version, clock, `$result?`.
public enum FreeStyleDriver {
    /// Abbott's USB vendor id (devices.md §4.1, glucometerutils `support/freestyle.py`).
    public static let vendorId: UInt16 = 0x1A61

    /// Model names by product id (devices.md §4.1, Tidepool `driverManifests.js`).
    public static func model(productId: UInt16) -> String {
        switch productId {
        case 0x3850: "FreeStyle Precision Neo"
        case libreProductId: "FreeStyle Libre"
        case 0x3460: "FreeStyle InsuLinx"
        default: "FreeStyle meter (product \(USBDeviceSummary.hex(productId)))"
        }
    }

    /// The FreeStyle Libre's product id (devices.md §4.1); it answers `$sn?` and keeps two record
    /// lists, `$history?` and `$arresult?`.
    public static let libreProductId: UInt16 = 0x3650

    /// Everything the meter holds; throws on the first problem, having read nothing usable.
    public static func download(
        channel: any HIDReportChannel,
        productId: UInt16,
        timeout: Duration
    ) throws(GlucometerError) -> MeterDownload {
        let session = FreeStyleSession(channel: channel, timeout: timeout)
        try session.initialize()
        let isLibre = productId == libreProductId
        let serialCommand = isLibre ? "$sn?" : "$serlnum?"
        let serial = try line(session.command(serialCommand))
        guard !serial.isEmpty, !serial.hasPrefix("00000000") else {
            throw .unexpectedReply(where: serialCommand, detail: "the meter has no serial number ('\(serial)')")
        }
        let version = try line(session.command("$swver?"))
        let clock = try meterClock(date: line(session.command("$date?")), time: line(session.command("$time?")))
        let readings: [MeterReading]
        let skipped: Int
        if isLibre {
            let history = try FreeStyleLibreResults.history(dump(session, "$history?"))
            let results = try FreeStyleLibreResults.results(dump(session, "$arresult?"))
            readings = history.readings + results.readings
            skipped = history.skipped + results.skipped
        } else {
            (readings, skipped) = try FreeStyleNeoResults.readings(from: dump(session, "$result?"))
        }
        return MeterDownload(
            manufacturer: "Abbott",
            model: model(productId: productId),
            serial: serial,
            softwareVersion: version,
            meterClock: clock,
            readings: readings,
            skippedRecords: skipped
        )
    }

    /// The records of a data dump command.
    static func dump(_ session: FreeStyleSession, _ command: String) throws(GlucometerError) -> [[String]] {
        try FreeStyleMultiRecord.records(of: session.command(command), command: command)
    }

    /// `$date?` → `M,D,YY` and `$time?` → `H,M`; 255 in every field means the clock is not set
    /// (devices.md §4.2), which gives nil.
    static func meterClock(date: String, time: String) throws(GlucometerError) -> MeterLocalTime? {
        let d = date.split(separator: ",").map { Int($0) }
        let t = time.split(separator: ",").map { Int($0) }
        guard d.count == 3, t.count == 2, let month = d[0], let day = d[1], let year = d[2], let hour = t[0],
            let minute = t[1]
        else {
            throw .unexpectedReply(where: "$date?/$time?", detail: "'\(date)' / '\(time)' is not M,D,YY / H,M")
        }
        if month == 255 || day == 255 || year == 255 { return nil }
        guard let clock = MeterLocalTime(year: 2000 + year, month: month, day: day, hour: hour, minute: minute) else {
            return nil  // an impossible date is a clock that is not set
        }
        return clock
    }

    /// The reply's text without its trailing CRLF.
    static func line(_ message: [UInt8]) -> String {
        var text = String(decoding: message, as: UTF8.self)
        while text.hasSuffix("\r\n") || text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
