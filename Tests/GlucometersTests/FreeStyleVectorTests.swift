import AdapterProtocol
import Foundation
import Glucometers
import Testing

/// The FreeStyle shared HID protocol against the worked examples of devices.md §4.2.
struct FreeStyleVectorTests {
    @Test func messagesEncodeAsTypeLengthPayloadPaddedTo64Bytes() {
        // freestyle-hid tests/test_freestyle.py: type 0x17 + "command".
        #expect(
            FreeStyleMessage(type: 0x17, payload: ascii("command")).encoded()
                == report(hexBytes("17 07 63 6F 6D 6D 61 6E 64"))
        )
        #expect(FreeStyleMessage(type: 0x01).encoded() == report([0x01, 0x00]))
        #expect(
            FreeStyleMessage(type: 0x60, payload: ascii("$serlnum?")).encoded()
                == report(hexBytes("60 09 24 73 65 72 6C 6E 75 6D 3F"))
        )
        #expect(FreeStyleMessage(type: 0x60, payload: [UInt8](repeating: 0x41, count: 63)).encoded() == nil)
    }

    @Test func aReplyReportDecodesAndItsChecksumIsVerified() throws {
        let text = ascii("ABCD1234567\r\nCKSM:0000028D\r\nCMD OK\r\n")
        let decoded = try FreeStyleMessage.decode(report([0x60, 0x24] + text))
        #expect(decoded.type == 0x60 && decoded.payload.count == 36)
        #expect(try FreeStyleTextReply.message(of: decoded.payload, command: "$serlnum?") == ascii("ABCD1234567\r\n"))
        #expect(
            try FreeStyleTextReply.message(of: ascii("3,15,24\r\nCKSM:0000016E\r\nCMD OK\r\n"), command: "$date?")
                == ascii("3,15,24\r\n")
        )
        let empty = try FreeStyleTextReply.message(
            of: ascii("Log Empty\r\nCKSM:00000368\r\nCMD OK\r\n"),
            command: "$result?"
        )
        #expect(try FreeStyleMultiRecord.records(of: empty, command: "$result?").isEmpty)
    }

    @Test func aWrongChecksumOrAFailedCommandIsATypedError() {
        #expect(
            throws: GlucometerError.checksumMismatch(
                where: "the reply to $serlnum?",
                sent: "0000028E",
                computed: "0000028D"
            )
        ) {
            try FreeStyleTextReply.message(
                of: ascii("ABCD1234567\r\nCKSM:0000028E\r\nCMD OK\r\n"),
                command: "$serlnum?"
            )
        }
        #expect(throws: GlucometerError.commandFailed("$ptname,x")) {
            try FreeStyleTextReply.message(of: ascii("CKSM:00000000\r\nCMD Fail!\r\n"), command: "$ptname,x")
        }
        #expect(throws: GlucometerError.self) {
            try FreeStyleMessage.decode(report([0x60, 0x3F]))  // length 63 cannot fit
        }
    }

    /// The record shapes of glucometerutils `glucometerutils/drivers/fsprecisionneo.py` (`_NeoReading`: type 7
    /// glucose, type 9 blood ketone; `type,id,month,day,yy,hour,minute,unknown,value,…`), the ketone value
    /// through `glucometerutils/support/freestyle.py` `convert_ketone_unit` (raw ÷ 18 = mmol/L).
    @Test func theTwoReportResultDumpDecodesToOneGlucoseReadingAndOneKetoneReading() throws {
        let full = ascii(
            "7,1,3,15,24,7,42,0,95,0,0,0,0,0,0,0,0,0,0\r\n9,2,3,15,24,8,0,0,18,0\r\n2,00000BEF\r\nCKSM:00000E21\r\nCMD OK\r\n"
        )
        #expect(full.count == 102)
        let first = report([0x60, 0x3E] + Array(full[0..<62]))
        let second = report([0x60, 0x28] + Array(full[62...]))
        // The vector's own bytes: report 1 starts 60 3E 37 2C 31 2C 33, report 2 is 60 28 38 2C 30 0D 0A 32 …
        #expect(
            first.prefix(24) == hexBytes("60 3E 37 2C 31 2C 33 2C 31 35 2C 32 34 2C 37 2C 34 32 2C 30 2C 39 35 2C")[...]
        )
        #expect(
            second.prefix(42)
                == hexBytes(
                    "60 28 38 2C 30 0D 0A 32 2C 30 30 30 30 30 42 45 46 0D 0A 43 4B 53 4D 3A 30 30 30 30 30 45 32 31 0D 0A 43 4D 44 20 4F 4B 0D 0A"
                )[...]
        )
        var reply: [UInt8] = []
        for part in [first, second] {
            #expect(!FreeStyleTextReply.isComplete(reply))
            reply += try FreeStyleMessage.decode(part).payload
        }
        #expect(FreeStyleTextReply.isComplete(reply))
        let message = try FreeStyleTextReply.message(of: reply, command: "$result?")
        let dump = try FreeStyleMultiRecord.dump(of: message, command: "$result?")
        #expect(dump.lines.count == 2 && dump.countNote == nil)
        let tally = FreeStyleNeoResults.parse(dump.lines)
        #expect(
            tally.readings == [
                MeterReading(
                    recordNumber: 1,
                    time: MeterLocalTime(year: 2024, month: 3, day: 15, hour: 7, minute: 42)!,
                    value: 95,
                    unit: "mg/dL"
                )
            ]
        )
        // The ketone record: 18 / 18 = 1.0 mmol/L (glucometerutils `convert_ketone_unit`).
        #expect(tally.ketones.map(\.value) == [1.0] && tally.ketones.first?.unit == "mmol/L")
        #expect(tally.ketones.map(\.analyte) == [.betaKetone] && tally.readings.map(\.analyte) == [.glucose])
        #expect(tally.others.isEmpty && tally.problems.isEmpty)
        // Submitted as its own kind, in its own unit (adapter-protocol.md §5.2 `blood_ketone`).
        let zone = TimeZone(identifier: "Europe/Berlin")!
        let records = ReadingRecords.records(
            tally.readings + tally.ketones,
            serial: "N1",
            zone: zone,
            clockSuspect: false
        )
        #expect(records.map(\.kind) == ["blood_glucose", "blood_ketone"])
        #expect(records.map(\.unit) == ["mg/dL", "mmol/L"] && records.map(\.value) == [95, 1.0])
    }

    @Test func aDumpWhoseInnerChecksumIsWrongIsRefusedButAWrongCountOrABadRecordIsNot() throws {
        #expect(
            throws: GlucometerError.checksumMismatch(
                where: "the records of $result?",
                sent: "00000BEE",
                computed: "00000BEF"
            )
        ) {
            try FreeStyleMultiRecord.records(
                of: ascii("7,1,3,15,24,7,42,0,95,0,0,0,0,0,0,0,0,0,0\r\n9,2,3,15,24,8,0,0,18,0\r\n2,00000BEE\r\n"),
                command: "$result?"
            )
        }
        // freestyle-hid's query_multirecord never compares the count with the records: they are kept.
        let miscounted = try FreeStyleMultiRecord.dump(
            of: ascii("7,1,3,15,24,7,42,0,95,0,0,0,0,0,0,0,0,0,0\r\n9,2,3,15,24,8,0,0,18,0\r\n3,00000BEF\r\n"),
            command: "$result?"
        )
        #expect(miscounted.lines.count == 2)
        #expect(miscounted.countNote == "$result?: the meter announced 3 records and sent 2; all were read")
        // 30 February cannot be read; it is reported with its line and the next record is kept.
        let lines = [
            "7,1,2,30,24,7,42,0,95" + String(repeating: ",0", count: 10),
            "7,2,3,1,24,7,42,0,97,0,1",  // 11 fields: only the first nine are read (glucometerutils `_NeoReading`)
        ].enumerated().map { FreeStyleMultiRecord.Line(number: $0 + 1, text: $1) }
        let tally = FreeStyleNeoResults.parse(lines)
        #expect(tally.readings.map(\.value) == [97])
        #expect(tally.problems.map(\.location) == ["$result? line 1"])
        #expect(tally.problems.first?.reason == "no such date and time: 2,30,24,7,42")
    }
}
