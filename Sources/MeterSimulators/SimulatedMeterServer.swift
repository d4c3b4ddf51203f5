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
    private let live = LiveConnections()

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
        let live = live
        Thread.detachNewThread {
            while true {
                let connection = accept(fd, nil, nil)
                if connection < 0 {
                    if errno == EINTR { continue }
                    return  // the listener was shut down
                }
                let meterConnection = MeterConnection(fd: connection)
                live.add(meterConnection)
                Thread.detachNewThread {
                    serve(meterConnection)
                    meterConnection.unplug()
                    live.remove(meterConnection)
                }
            }
        }
    }

    /// Pulls the cable of every plug-in in progress.
    func unplugAll() { live.unplugAll() }

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

    /// Whether the cable was pulled.
    var isUnplugged: Bool { closed.load(ordering: .acquiring) }

    /// Sends nothing more until the cable is pulled (a meter that stopped mid-transfer).
    func stallUntilUnplugged() {
        while !isUnplugged { Thread.sleep(forTimeInterval: 0.01) }
    }

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

/// The plug-ins in progress, so a test can pull the cable of all of them.
final class LiveConnections: Sendable {
    private let connections = Mutex<[ObjectIdentifier: MeterConnection]>([:])
    func add(_ connection: MeterConnection) { connections.withLock { $0[ObjectIdentifier(connection)] = connection } }
    func remove(_ connection: MeterConnection) {
        _ = connections.withLock { $0.removeValue(forKey: ObjectIdentifier(connection)) }
    }
    func unplugAll() {
        for connection in connections.withLock({ Array($0.values) }) { connection.unplug() }
    }
}
