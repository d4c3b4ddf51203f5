import Foundation
import Synchronization
import USBTransport

#if canImport(Glibc)
    import Glibc
#endif

/// A simulated meter's end of the wire: a unix `SOCK_SEQPACKET` socket at `path` that the adapter's
/// `SeqPacketReportChannel` connects to, one message per 64-byte report (devices.md §7.2). Each
/// accepted connection is one plug-in; `serve` plays the meter on it, on a thread of its own.
final class SimulatedMeterServer: Sendable {
    let path: String
    private let listener: Int32
    private let stopped = Atomic<Bool>(false)

    init(path: String, serve: @escaping @Sendable (MeterConnection) -> Void) throws {
        unlink(path)
        let fd = try UnixSeqPacketSocket.make()
        let bound = try UnixSeqPacketSocket.withAddress(path) { bind(fd, $0, $1) }
        guard bound == 0, listen(fd, 4) == 0 else {
            close(fd)
            throw ReportChannelError.io("bind/listen \(path): errno \(errno)")
        }
        self.path = path
        self.listener = fd
        Thread.detachNewThread {
            while true {
                let connection = accept(fd, nil, nil)
                if connection < 0 {
                    if errno == EINTR { continue }
                    return  // the listener was shut down
                }
                Thread.detachNewThread {
                    let meterConnection = MeterConnection(fd: connection)
                    serve(meterConnection)
                    meterConnection.unplug()
                }
            }
        }
    }

    /// Stops accepting and removes the socket file.
    func stop() {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        unlink(path)
    }
}

/// One plug-in of a simulated meter: reports in and out, and pulling the cable.
final class MeterConnection: Sendable {
    private let fd: Int32
    private let closed = Atomic<Bool>(false)

    init(fd: Int32) { self.fd = fd }

    /// The host's next report; nil when the host went away or sent nothing for 30 s.
    func receive() -> [UInt8]? {
        guard !closed.load(ordering: .acquiring),
            (try? UnixSeqPacketSocket.waitReadable(fd, timeout: .seconds(30))) == true
        else { return nil }
        return try? UnixSeqPacketSocket.receiveMessage(fd, capacity: 65)
    }

    /// Sends one report, zero-padded to 64 bytes; false when the host is gone.
    @discardableResult
    func send(_ report: [UInt8]) -> Bool {
        guard !closed.load(ordering: .acquiring), let padded = HIDReport.padded(report) else { return false }
        return (try? UnixSeqPacketSocket.sendMessage(fd, padded)) != nil
    }

    /// The cable is pulled: the host's next read sees the end of the stream.
    func unplug() {
        guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        close(fd)
    }
}
