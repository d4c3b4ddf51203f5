import Glucometers
import Testing
import USBTransport

/// A report channel that plays a fixed list of meter messages, one per host report, and records
/// what the host sent: the drivers against exact byte sequences, without a socket or a thread.
final class ScriptedChannel: HIDReportChannel {
    private var replies: [[UInt8]]
    private(set) var sent: [[UInt8]] = []

    /// `messages` are Contour messages: each is cut into 60-byte report payloads behind "ABC" and a length.
    init(contourMessages messages: [[UInt8]]) {
        replies = messages.flatMap { message in
            stride(from: 0, through: message.count, by: 60).compactMap { start -> [UInt8]? in
                let chunk = Array(message[start..<min(start + 60, message.count)])
                if chunk.isEmpty, start > 0, message.count % 60 != 0 { return nil }
                return report(ascii("ABC") + [UInt8(chunk.count)] + chunk)
            }
        }
    }

    func send(_ report: [UInt8]) throws(ReportChannelError) { sent.append(report) }

    func receive(timeout: Duration) throws(ReportChannelError) -> [UInt8] {
        guard !replies.isEmpty else { throw .timedOut(timeout) }
        return replies.removeFirst()
    }

    func close() {}

    /// The control characters the host sent, one per report ("EOT", "ACK", "NAK").
    var hostControls: [String] {
        sent.map { report in
            switch report[4] {
            case 0x04: "EOT"
            case 0x06: "ACK"
            case 0x15: "NAK"
            default: "0x" + String(report[4], radix: 16)
            }
        }
    }
}

/// The Contour session against the wake-up answer glucometerutils captured from a Contour USB
/// (`glucometerutils/drivers/tests/test_contourusb.py`, `header_record`: EOT, the header as
/// frame 1, ENQ in one message), followed by frames numbered on from 2.
struct ScriptedSessionTests {
    /// test_contourusb.py `header_record`, byte for byte.
    static let capturedWakeUp: [UInt8] =
        [0x04, 0x02] + ascii("1" + ContourVectorTests.headerText) + [0x0D, 0x17] + ascii("D7") + [0x0D, 0x0A, 0x05]

    static func frame(_ number: Int, _ text: String, final: Bool = false) -> [UInt8] {
        ASTMFrame(number: number, text: text, isFinal: final).encoded()
    }

    @Test func theCapturedWakeUpIsFollowedByFrame2AndTheHeaderIsKept() throws {
        let channel = ScriptedChannel(contourMessages: [
            Self.capturedWakeUp,
            Self.frame(2, "P|1"),
            // test_contourusb.py test_parse_result_record's record.
            Self.frame(3, "R|8|^^^Glucose|133|mg/dL^P||B/X||201202052034"),
            Self.frame(4, "R|9|^^^Glucose|600|mg/dL^P||>||201202052100"),
            Self.frame(5, "L|1||N", final: true),
            [ASTMFrame.eot],
        ])
        let download = try ContourDriver.download(channel: channel, timeout: .seconds(1))
        #expect(download.serial == "7390-2336773" && download.model == "Contour USB")
        #expect(download.meterClock == MeterLocalTime(year: 2019, month: 9, day: 22, hour: 13, minute: 4))
        #expect(download.readings.map(\.value) == [133, 600])
        #expect(download.readings.map(\.beyondRange) == [nil, .above])
        #expect(download.notes == ["the header announced 1714 results and the meter sent 2"])
        #expect(channel.hostControls == ["EOT", "ACK", "ACK", "ACK", "ACK", "ACK"])
    }

    @Test func anENQRepeatedAfterTheHostsACKIsAcknowledgedAgain() throws {
        let channel = ScriptedChannel(contourMessages: [
            Self.capturedWakeUp,
            [ASTMFrame.enq],
            Self.frame(2, "P|1"),
            Self.frame(3, "L|1||N", final: true),
            [ASTMFrame.eot],
        ])
        let download = try ContourDriver.download(channel: channel, timeout: .seconds(1))
        #expect(download.readings.isEmpty && download.serial == "7390-2336773")
        #expect(channel.hostControls == ["EOT", "ACK", "ACK", "ACK", "ACK"])
    }

    @Test func aFrameOutOfSequenceAfterTheFirstIsRefused() {
        let channel = ScriptedChannel(
            contourMessages: [
                Self.capturedWakeUp,
                Self.frame(2, "P|1"),
            ] + Array(repeating: Self.frame(5, "L|1||N", final: true), count: 6)
        )
        #expect {
            try ContourDriver.download(channel: channel, timeout: .seconds(1))
        } throws: { error in
            guard case .retriesExhausted(let what, 6, let last) = error as? GlucometerError else { return false }
            return what == "frame 3" && last.contains("frame number 5 arrived instead")
        }
    }
}
