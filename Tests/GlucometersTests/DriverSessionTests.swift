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
        #expect(download.skippedRecords == 1)
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
        #expect(download.skippedRecords == 3, "the invalid sensor reading, the ketone test, the clock change")
    }
}
