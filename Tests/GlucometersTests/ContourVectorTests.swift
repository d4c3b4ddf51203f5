import Glucometers
import Testing

/// ASTM frames and records of the Contour USB against the worked examples of devices.md §4.3.
struct ContourVectorTests {
    static let frames: [(ASTMFrame, [UInt8])] = [
        (
            ASTMFrame(number: 2, text: "P|1", isFinal: false),
            [0x02] + ascii("2P|1") + [0x0D, 0x17] + ascii("53") + [0x0D, 0x0A]
        ),
        (
            ASTMFrame(number: 3, text: "R|1|^^^Glucose|95|mg/dL^P||B/M1||202403150742", isFinal: false),
            [0x02] + ascii("3R|1|^^^Glucose|95|mg/dL^P||B/M1||202403150742") + [0x0D, 0x17] + ascii("C2") + [
                0x0D, 0x0A,
            ]
        ),
        (
            ASTMFrame(number: 4, text: "R|2|^^^Glucose|5.3|mmol/L^P||A/M2||202403151205", isFinal: false),
            [0x02] + ascii("4R|2|^^^Glucose|5.3|mmol/L^P||A/M2||202403151205") + [0x0D, 0x17] + ascii("64") + [
                0x0D, 0x0A,
            ]
        ),
        (
            ASTMFrame(number: 5, text: "L|1||N", isFinal: true),
            [0x02] + ascii("5L|1||N") + [0x0D, 0x03] + ascii("84") + [0x0D, 0x0A]
        ),
        // Tidepool's example frame, checksum 74.
        (
            ASTMFrame(number: 5, text: "R|3|^^^Glucose|93|mg/dL^P||A/M0/T1||201505261150", isFinal: false),
            [0x02] + ascii("5R|3|^^^Glucose|93|mg/dL^P||A/M0/T1||201505261150") + [0x0D, 0x17] + ascii("74") + [
                0x0D, 0x0A,
            ]
        ),
    ]

    @Test func framesEncodeAndDecodeWithTheirChecksums() throws {
        for (frame, bytes) in Self.frames {
            #expect(frame.encoded() == bytes)
            #expect(try ASTMFrame.decode(bytes) == frame)
        }
    }

    static let headerText =
        #"H|\^&||7w3LBL|Bayer7390^01.24\01.04\09.02.20^7390-2336773^7403-|A=1^C=63^G=1^I=0200^R=0^S=1^U=0^V=10600^X=070070070070180130150250^Y=360126090050099050300089^Z=1|1714||||||1|201909221304"#

    @Test func theRealHeaderFrameSplitsOutOfEOTAndENQAndDecodes() throws {
        let message = [0x04, 0x02] + ascii("1" + Self.headerText) + [0x0D, 0x17] + ascii("D7") + [0x0D, 0x0A, 0x05]
        let items = ASTMLinkItem.split(message)
        #expect(items.count == 3)
        #expect(items.first == .control(0x04) && items.last == .control(0x05))
        guard case .frame(let bytes) = items[1] else {
            Issue.record("no frame in the header message")
            return
        }
        let frame = try ASTMFrame.decode(bytes)
        #expect(frame.number == 1 && frame.text == Self.headerText)
        let header = try ASTMRecords.header(frame.text)
        #expect(header.serial == "7390-2336773")
        #expect(ASTMRecords.model(product: header.product) == "Contour USB")
        #expect(header.resultCount == 1714)
        #expect(header.meterClock == MeterLocalTime(year: 2019, month: 9, day: 22, hour: 13, minute: 4))
        // test_parse_header_record: lo_bound "10", hi_bound "600".
        #expect(header.range == 10...600)
    }

    @Test func resultsMarkedAboveOrBelowTheRangeKeepTheHeadersBoundAndSaySo() throws {
        // Markers `>` and `<` (glucometerutils `_RESULT_RECORD_RE` allows them; Tidepool
        // `getAnnotations` reads them as above/below the header's V= thresholds).
        let high = try #require(
            try ASTMRecords.result("R|11|^^^Glucose|600|mg/dL^P||>||202403152200", range: 10...600).glucose
        )
        #expect(high.value == 600 && high.beyondRange == .above && high.markers == [">"])
        let low = try #require(
            try ASTMRecords.result("R|12|^^^Glucose|10|mg/dL^P||<||202403152205", range: 10...600).glucose
        )
        #expect(low.value == 10 && low.beyondRange == .below)
        let hiText = try #require(
            try ASTMRecords.result("R|13|^^^Glucose|HI|mmol/L^P||||202403152210", range: 10...600).glucose
        )
        #expect(hiText.value == 33.3 && hiText.unit == "mmol/L" && hiText.beyondRange == .above)
        let plain = try #require(try ASTMRecords.result("R|14|^^^Glucose|133|mg/dL^P||B||202403152215").glucose)
        #expect(plain.beyondRange == nil)
    }

    @Test func aFrameWithAWrongChecksumIsRefusedNamingBothSums() {
        var bytes = Self.frames[0].1
        bytes[bytes.count - 4] = UInt8(ascii: "4")  // "53" → "43"
        #expect(throws: GlucometerError.checksumMismatch(where: "frame 2", sent: "43", computed: "53")) {
            try ASTMFrame.decode(bytes)
        }
    }

    @Test func resultRecordsKeepUnitMealMarkersAndControlSolution() throws {
        // glucometerutils drivers/tests/test_contourusb.py test_parse_result_record.
        let glucose = try #require(try ASTMRecords.result("R|8|^^^Glucose|133|mg/dL^P||B/X||201202052034").glucose)
        #expect(glucose.recordNumber == 8 && glucose.value == 133 && glucose.unit == "mg/dL")
        #expect(glucose.mealRelation == "before_meal" && glucose.markers == ["B", "X"] && !glucose.isControlSolution)
        #expect(glucose.time == MeterLocalTime(year: 2012, month: 2, day: 5, hour: 20, minute: 34))
        let mmol = try #require(try ASTMRecords.result("R|2|^^^Glucose|5.3|mmol/L^P||A/M2||202403151205").glucose)
        #expect(mmol.value == 5.3 && mmol.unit == "mmol/L" && mmol.mealRelation == "after_meal")
        let control = try #require(try ASTMRecords.result("R|9|^^^Glucose|120|mg/dL^P||C||202403151300").glucose)
        #expect(control.isControlSolution)
        #expect {
            try ASTMRecords.result("R|9|^^^Glucose|120|mg/L^P||||202403151300")
        } throws: { error in
            let problem = error as? MeterRecordProblem
            return problem?.location == "result record 9"
                && problem?.reason.contains("neither mg/dL nor mmol/L") == true
        }
        #expect(try ASTMRecords.result("R|10|^^^Insulin|4|U^||||202403151300") == .other("Insulin result"))
    }

    @Test func reportsCarryALengthAtByteThreeAndTheHostWritesABC() throws {
        let frame3 = Self.frames[1].1
        let deviceReport = report(ascii("ABC") + [UInt8(frame3.count)] + frame3)
        #expect(deviceReport.prefix(8) == hexBytes("41 42 43 35 02 33 52 7C")[...])
        let (payload, continues) = try ContourHIDFraming.payload(of: deviceReport)
        #expect(payload == frame3 && !continues)
        #expect(ContourHIDFraming.hostReports([0x06]) == [report(hexBytes("41 42 43 01 06"))])
        #expect(throws: GlucometerError.self) { try ContourHIDFraming.payload(of: report([0, 0, 0, 61])) }
    }
}
