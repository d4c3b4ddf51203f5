import Foundation
import Testing
import USBTransport

#if canImport(Glibc)
    import Glibc
#endif

/// The simulated peer's channel: one message per report, end of stream = disconnected.
struct SeqPacketChannelTests {
    @Test func reportsKeepTheirBoundariesAndAClosedPeerIsADisconnect() throws {
        let path = NSTemporaryDirectory() + "kh-seq-\(UUID().uuidString.prefix(8)).sock"
        let listener = try UnixSeqPacketSocket.make()
        defer {
            close(listener)
            unlink(path)
        }
        #expect(try UnixSeqPacketSocket.withAddress(path) { bind(listener, $0, $1) } == 0)
        #expect(listen(listener, 1) == 0)
        let channel = try SeqPacketReportChannel(path: path)
        let peer = accept(listener, nil, nil)
        #expect(peer >= 0)
        try channel.send([0x01, 0x00])
        let first = try UnixSeqPacketSocket.receiveMessage(peer, capacity: 100)
        #expect(first.count == 64 && first.prefix(2) == [0x01, 0x00])
        try UnixSeqPacketSocket.sendMessage(peer, [0x71, 0x01, 0x01])
        try UnixSeqPacketSocket.sendMessage(peer, [0x22, 0x01, 0x07])
        #expect(try channel.receive(timeout: .seconds(2)).prefix(3) == [0x71, 0x01, 0x01])
        #expect(try channel.receive(timeout: .seconds(2)).prefix(3) == [0x22, 0x01, 0x07])
        #expect(throws: ReportChannelError.timedOut(.milliseconds(50))) {
            try channel.receive(timeout: .milliseconds(50))
        }
        #expect(throws: ReportChannelError.reportTooLong(65)) { try channel.send([UInt8](repeating: 1, count: 65)) }
        close(peer)
        #expect(throws: ReportChannelError.disconnected) { try channel.receive(timeout: .seconds(2)) }
    }
}
