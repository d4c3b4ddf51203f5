import Foundation
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

    /// What a meter without a serial number is called: glucometerutils documents the reply
    /// `00000000 (No SerialNum)` for `05 00` (devices.md §4.2), and such a meter is still read.
    public static let noSerial = "no-serial"

    /// Everything the meter holds. Throws only when the session itself fails (no answer, a
    /// checksum wrong three times, a dump without its count line); a record that cannot be read
    /// is reported in `problems` with its line and the others are kept.
    public static func download(
        channel: any HIDReportChannel,
        productId: UInt16,
        timeout: Duration
    ) throws(GlucometerError) -> MeterDownload {
        let session = FreeStyleSession(channel: channel, timeout: timeout)
        try session.initialize()
        let isLibre = productId == libreProductId
        let serialCommand = isLibre ? "$sn?" : "$serlnum?"
        var notes: [String] = []
        var serial = try line(session.command(serialCommand)).trimmingCharacters(in: .whitespaces)
        // A serial of zeros is what a meter sends when none was programmed; it is still that
        // meter's name (glucometerutils reads such meters), and an empty one gets a stand-in.
        if serial.isEmpty || serial.hasPrefix("00000000 (No") {
            notes.append(
                "the meter has no serial number ('\(serial)'); it is named \(noSerial)-\(productIdHex(productId))"
            )
            serial = "\(noSerial)-\(productIdHex(productId))"
        }
        let version = try line(session.command("$swver?"))
        let dateReply = try line(session.command("$date?"))
        let timeReply = try line(session.command("$time?"))
        let clock: MeterLocalTime?
        do throws(GlucometerError) {
            clock = try meterClock(date: dateReply, time: timeReply)
        } catch {
            // A clock reply we cannot read is a clock we cannot trust, not a reason to leave the
            // readings on the meter: they are kept and flagged as with a clock that is not set.
            notes.append("the meter's clock could not be read (\(error)); its readings are flagged")
            clock = nil
        }
        var tally = MeterLogTally()
        if isLibre {
            let history = try dump(session, "$history?")
            let results = try dump(session, "$arresult?")
            tally.merge(FreeStyleLibreResults.history(history.lines))
            tally.merge(FreeStyleLibreResults.results(results.lines))
            notes += [history.countNote, results.countNote].compactMap { $0 }
        } else {
            let results = try dump(session, "$result?")
            tally = FreeStyleNeoResults.parse(results.lines)
            notes += [results.countNote].compactMap { $0 }
        }
        return MeterDownload(
            manufacturer: "Abbott",
            model: model(productId: productId),
            serial: serial,
            softwareVersion: version,
            meterClock: clock,
            readings: tally.readings,
            ketoneReadings: tally.ketones,
            otherRecords: tally.others,
            problems: tally.problems,
            notes: notes
        )
    }

    static func productIdHex(_ productId: UInt16) -> String { USBDeviceSummary.hex(productId) }

    /// The record lines of a data dump command.
    static func dump(_ session: FreeStyleSession, _ command: String) throws(GlucometerError)
        -> FreeStyleMultiRecord.Dump
    {
        try FreeStyleMultiRecord.dump(of: session.command(command), command: command)
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
