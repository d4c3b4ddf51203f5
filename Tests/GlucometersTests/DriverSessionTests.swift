import Foundation
import Glucometers
import MeterSimulators
import Testing
import USBTransport

/// The drivers against simulated meters that speak the real bytes over a seqpacket socket,
/// including every fault the simulators play.
struct DriverSessionTests {
    static func socketPath() -> String { NSTemporaryDirectory() + "kh-meter-\(UUID().uuidString.prefix(8)).sock" }

    static func neoState(results: Int) -> SimulatedFreeStyleMeter.State {
        var state = SimulatedFreeStyleMeter.State()
        state.results = (1...max(results, 1)).prefix(results).map {
            SimulatedFreeStyleMeter.Result(
                id: $0,
                month: 3,
                day: 1 + $0 % 28,
                year: 24,
                hour: 7,
                minute: $0 % 60,
                value: "\(80 + $0)"
            )
        }
        state.otherRecords = ["9,\(results + 1),3,15,24,8,0,0,18,0"]
        return state
    }

    static func readFreeStyle(
        _ meter: SimulatedFreeStyleMeter,
        productId: UInt16 = 0x3850
    ) async throws(GlucometerError) -> MeterDownload {
        let path = meter.path
        return try await BlockingWork.run { () throws(GlucometerError) -> MeterDownload in
            let channel: SeqPacketReportChannel
            do throws(ReportChannelError) { channel = try SeqPacketReportChannel(path: path) } catch {
                throw .transport(error, during: "connect")
            }
            defer { channel.close() }
            return try FreeStyleDriver.download(channel: channel, productId: productId, timeout: .seconds(5))
        }
    }

    static func readContour(_ meter: SimulatedContourMeter) async throws(GlucometerError) -> MeterDownload {
        let path = meter.path
        return try await BlockingWork.run { () throws(GlucometerError) -> MeterDownload in
            let channel: SeqPacketReportChannel
            do throws(ReportChannelError) { channel = try SeqPacketReportChannel(path: path) } catch {
                throw .transport(error, during: "connect")
            }
            defer { channel.close() }
            return try ContourDriver.download(channel: channel, timeout: .seconds(5))
        }
    }

    @Test func aNeoWithManyResultsDownloadsAcrossManyReportsWithKeepalives() async throws {
        let meter = try SimulatedFreeStyleMeter(path: Self.socketPath(), state: Self.neoState(results: 40))
        defer { meter.stop() }
        let download = try await Self.readFreeStyle(meter)
        #expect(download.serial == "ABCD1234567" && download.model == "FreeStyle Precision Neo")
        #expect(download.softwareVersion == "1.04")
        #expect(download.meterClock == MeterLocalTime(year: 2024, month: 3, day: 15, hour: 9, minute: 30))
        #expect(download.readings.map(\.recordNumber) == Array(1...40))
        #expect(download.readings.allSatisfy { $0.unit == "mg/dL" })
        // The state's β-ketone record is a reading of its own kind now, not a skipped record.
        #expect(download.skippedRecords == 0 && download.ketoneReadings.count == 1)
        #expect(meter.commands == ["$serlnum?", "$swver?", "$date?", "$time?", "$result?"])
    }

    @Test func aBadChecksumIsAskedAgainAndThreeInARowFail() async throws {
        let meter = try SimulatedFreeStyleMeter(path: Self.socketPath(), state: Self.neoState(results: 3))
        defer { meter.stop() }
        meter.update { $0.faults.badResultChecksums = 2 }
        #expect(try await Self.readFreeStyle(meter).readings.count == 3)
        #expect(meter.commands.filter { $0 == "$result?" }.count == 3)
        meter.update { $0.faults.badResultChecksums = 3 }
        await #expect {
            try await Self.readFreeStyle(meter)
        } throws: { error in
            guard case .retriesExhausted(let what, 3, let last) = error as? GlucometerError else { return false }
            return what == "the command $result?" && last.contains("checksum mismatch")
        }
    }

    @Test func anEmptyLogAClockNotSetAndAPulledCable() async throws {
        let meter = try SimulatedFreeStyleMeter(path: Self.socketPath(), state: Self.neoState(results: 0))
        defer { meter.stop() }
        meter.update {
            $0.otherRecords = []
            $0.faults.clockNotSet = true
        }
        let empty = try await Self.readFreeStyle(meter)
        #expect(empty.readings.isEmpty && empty.meterClock == nil)
        meter.update {
            $0.results = Self.neoState(results: 30).results
            $0.faults.disconnectAfterResultReports = 5
        }
        await #expect {
            try await Self.readFreeStyle(meter)
        } throws: { ($0 as? GlucometerError)?.isDisconnect == true }
    }

    static func contourState(results: Int) -> SimulatedContourMeter.State {
        var state = SimulatedContourMeter.State()
        state.results = (1...max(results, 1)).prefix(results).map {
            SimulatedContourMeter.Result(
                sequence: $0,
                value: "\(90 + $0)",
                markers: $0 % 2 == 0 ? "B/M1" : "A",
                time: String(format: "202403%02d0800", 1 + $0 % 28)
            )
        }
        return state
    }

    @Test func aContourTransferAcknowledgesEachFrameAndEndsWithEOT() async throws {
        var state = Self.contourState(results: 9)  // 12 frames: frame numbers wrap past 7
        state.results.append(
            SimulatedContourMeter.Result(sequence: 10, value: "5.3", unit: "mmol/L", markers: "C", time: "202403151205")
        )
        let meter = try SimulatedContourMeter(path: Self.socketPath(), state: state)
        defer { meter.stop() }
        let download = try await Self.readContour(meter)
        #expect(download.serial == "7390-2336773" && download.model == "Contour USB")
        #expect(download.readings.count == 10)
        #expect(download.readings.last?.isControlSolution == true && download.readings.last?.unit == "mmol/L")
        #expect(download.readings.filter { $0.mealRelation == "before_meal" }.count == 4)
        #expect(meter.hostControls == ["EOT"] + Array(repeating: "ACK", count: 14))  // ENQ + 13 frames
    }

    @Test func aCorruptFrameIsNAKedAndSentAgainAndSixBadCopiesEndTheSession() async throws {
        let meter = try SimulatedContourMeter(path: Self.socketPath(), state: Self.contourState(results: 3))
        defer { meter.stop() }
        meter.update { $0.faults.corruptFrame = (index: 2, times: 2) }
        #expect(try await Self.readContour(meter).readings.count == 3)
        #expect(meter.hostControls.filter { $0 == "NAK" }.count == 2)
        meter.update { $0.faults.corruptFrame = (index: 2, times: 6) }
        await #expect {
            try await Self.readContour(meter)
        } throws: { error in
            guard case .retriesExhausted(let what, 6, let last) = error as? GlucometerError else { return false }
            return what == "frame 3" && last.contains("checksum mismatch")
        }
    }

    @Test func aBusyMeterIsWokenAgainAndAPulledCableIsADisconnect() async throws {
        let meter = try SimulatedContourMeter(path: Self.socketPath(), state: Self.contourState(results: 4))
        defer { meter.stop() }
        meter.update { $0.faults.busyNAKs = 2 }
        #expect(try await Self.readContour(meter).readings.count == 4)
        #expect(meter.hostControls.prefix(3) == ["EOT", "EOT", "EOT"])
        meter.update { $0.faults.disconnectAfterFrames = 3 }
        await #expect {
            try await Self.readContour(meter)
        } throws: { ($0 as? GlucometerError)?.isDisconnect == true }
    }
}

extension DriverSessionTests {
    @Test func aLibreGivesItsSensorHistoryAndItsScansAndStripTests() async throws {
        typealias Meter = SimulatedFreeStyleMeter
        var state = SimulatedFreeStyleMeter.State()
        state.serial = "JGGA123-A4567"
        state.libreHistory = [
            Meter.libreSensorLine(id: 1, month: 3, day: 15, year: 24, hour: 7, minute: 0, value: 110),
            Meter.libreSensorLine(id: 2, month: 3, day: 15, year: 24, hour: 7, minute: 15, value: 0, errors: 0x8000),
            Meter.libreSensorLine(id: 3, month: 3, day: 15, year: 24, hour: 7, minute: 30, value: 124),
        ]
        state.libreResults = [
            Meter.libreResultLine(
                id: 1,
                month: 3,
                day: 15,
                year: 24,
                hour: 8,
                minute: 5,
                readingType: 2,
                value: 131,
                food: true
            ),
            Meter.libreResultLine(id: 2, month: 3, day: 15, year: 24, hour: 9, minute: 0, readingType: 0, value: 98),
            Meter.libreResultLine(id: 3, month: 3, day: 15, year: 24, hour: 9, minute: 5, readingType: 1, value: 18),
            Meter.libreClockChangeLine(id: 4),
        ]
        let meter = try SimulatedFreeStyleMeter(path: Self.socketPath(), state: state)
        defer { meter.stop() }
        let download = try await Self.readFreeStyle(meter, productId: FreeStyleDriver.libreProductId)
        #expect(download.model == "FreeStyle Libre" && download.serial == "JGGA123-A4567")
        #expect(meter.commands == ["$sn?", "$swver?", "$date?", "$time?", "$history?", "$arresult?"])
        #expect(download.readings.map(\.value) == [110, 124, 131, 98])
        #expect(download.readings.map(\.stream) == ["history", "history", "arresult", "arresult"])
        #expect(download.readings.map(\.sampleSite) == ["interstitial", "interstitial", "interstitial", nil])
        #expect(download.readings[2].markers == ["scan", "food"] && download.readings[3].markers == ["strip"])
        #expect(download.skippedRecords == 2, "the invalid sensor reading, the clock change")
        #expect(download.ketoneReadings.map(\.value) == [1.0])
        #expect(download.ketoneReadings.map(\.analyte) == [.betaKetone])
        // The ketone shares the arresult stream's numbering, so one cursor covers it with the glucose results.
        let results = download.submittableReadings.filter { $0.stream == "arresult" }
        #expect(results.map(\.recordNumber) == [1, 2, 3])
        #expect(results.map(\.analyte) == [.glucose, .glucose, .betaKetone])
        #expect(download.otherRecords == ["invalid sensor reading": 1, "clock change": 1])
    }
}

/// Sessions in the shapes real meters send, played by the simulators over the socket.
extension DriverSessionTests {
    @Test func aNeoLogWithHILOKetonesInsulinAndAClockChangeKeepsEveryReadableRecord() async throws {
        typealias Meter = SimulatedFreeStyleMeter
        var state = Self.neoState(results: 3)
        state.serial = "0000123456"  // leading zeros are part of the serial, not its absence
        state.results.append(Meter.Result(id: 4, month: 3, day: 15, year: 24, hour: 22, minute: 5, value: "HI"))
        state.results.append(Meter.Result(id: 5, month: 3, day: 16, year: 24, hour: 3, minute: 10, value: "LO"))
        state.otherRecords = [
            Meter.neoKetoneLine(id: 6, month: 3, day: 16, year: 24, hour: 8, minute: 0, value: "27"),
            Meter.neoKetoneLine(id: 7, month: 3, day: 16, year: 24, hour: 8, minute: 5, value: "HI"),
            Meter.neoInsulinLine(id: 8, month: 3, day: 16, year: 24, hour: 8, minute: 10, units: 4),
            Meter.neoClockChangeLine(id: 9),
            "7,10,2,30,24,7,0,0,99,0,1,0,0,0,0,0,0,0,0",  // 30 February: unreadable
        ]
        state.faults.recordCountOffset = 1  // the count line says one more than was sent
        let meter = try SimulatedFreeStyleMeter(path: Self.socketPath(), state: state)
        defer { meter.stop() }
        let download = try await Self.readFreeStyle(meter)
        #expect(download.serial == "0000123456")
        #expect(download.readings.map(\.value) == [81, 82, 83, 500, 20])
        #expect(download.readings.map(\.beyondRange) == [nil, nil, nil, .above, .below])
        #expect(download.ketoneReadings.map(\.value) == [1.5, 8.0])
        #expect(download.otherRecords == ["insulin": 1, "clock change": 1])
        #expect(download.problems.map(\.location) == ["$result? line 10"])
        #expect(download.notes == ["$result?: the meter announced 11 records and sent 10; all were read"])
        #expect(
            download.summary
                == "5 glucose readings (2 beyond the meter's range); 2 β-ketone readings (1 beyond the meter's range); other records: 1 clock change, 1 insulin; 1 unreadable records"
        )
    }

    @Test func aContourThatSendsItsHeaderWithTheWakeUpRepeatsENQAndContinuesAtFrame2() async throws {
        var state = Self.contourState(results: 3)
        state.wakeUp = .headerThenENQ
        state.repeatENQ = true
        state.results.append(
            SimulatedContourMeter.Result(sequence: 4, value: "600", markers: ">", time: "202403152200")
        )
        state.results.append(SimulatedContourMeter.Result(sequence: 5, value: "HI", time: "202403152210"))
        state.results.append(SimulatedContourMeter.Result(sequence: 6, value: "10", markers: "<", time: "202403160310"))
        let meter = try SimulatedContourMeter(path: Self.socketPath(), state: state)
        defer { meter.stop() }
        let download = try await Self.readContour(meter)
        #expect(download.serial == "7390-2336773")
        #expect(download.readings.map(\.recordNumber) == [1, 2, 3, 4, 5, 6])
        #expect(download.readings.suffix(3).map(\.value) == [600, 600, 10])
        #expect(download.readings.suffix(3).map(\.beyondRange) == [.above, .above, .below])
        // EOT; ACK for the ENQ with the header, ACK for the repeated ENQ; then P, six R and L.
        #expect(meter.hostControls == ["EOT", "ACK", "ACK"] + Array(repeating: "ACK", count: 8))
    }

    @Test func aClockReplyThatCannotBeReadLeavesTheClockUnknownAndKeepsTheReadings() async throws {
        var state = Self.neoState(results: 2)
        state.faults.garbledDate = true
        let meter = try SimulatedFreeStyleMeter(path: Self.socketPath(), state: state)
        defer { meter.stop() }
        let download = try await Self.readFreeStyle(meter)
        #expect(download.readings.count == 2 && download.meterClock == nil)
        #expect(download.notes.first?.hasPrefix("the meter's clock could not be read") == true)
    }
}
