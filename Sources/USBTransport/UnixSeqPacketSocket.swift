#if canImport(Glibc)
    import Glibc
#endif

/// Small helpers around `AF_UNIX`/`SOCK_SEQPACKET` sockets, where each `send` is one message and
/// each `recv` returns exactly one: the boundary of a HID report (devices.md §7.2). Hand-written
/// because no listed Swift package offers seqpacket sockets.
public enum UnixSeqPacketSocket {
    /// The longest path a `sockaddr_un` holds (without its terminating zero).
    public static let maximumPathLength = MemoryLayout<sockaddr_un>.size - MemoryLayout<sa_family_t>.size - 1

    /// A new unbound seqpacket socket, close-on-exec.
    public static func make() throws(ReportChannelError) -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .io("socket(AF_UNIX, SOCK_SEQPACKET): \(errnoText())") }
        return fd
    }

    /// Calls `body` with `path` as a socket address.
    public static func withAddress<T>(
        _ path: String,
        _ body: (UnsafePointer<sockaddr>, socklen_t) -> T
    ) throws(ReportChannelError) -> T {
        let bytes = Array(path.utf8)
        guard !bytes.isEmpty, bytes.count <= maximumPathLength else {
            throw .openFailed("socket path '\(path)' is empty or longer than \(maximumPathLength) bytes")
        }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                body($0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
    }

    /// Waits until `fd` is readable; false when `timeout` passed first.
    public static func waitReadable(_ fd: Int32, timeout: Duration) throws(ReportChannelError) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(clamping: timeout.wholeMilliseconds)
        while true {
            let ready = poll(&entry, 1, max(0, milliseconds))
            if ready > 0 { return true }
            if ready == 0 { return false }
            if errno == EINTR { continue }
            throw .io("poll: \(errnoText())")
        }
    }

    /// Sends one message; `.disconnected` when the peer is gone.
    public static func sendMessage(_ fd: Int32, _ bytes: [UInt8]) throws(ReportChannelError) {
        let sent = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if sent == bytes.count { return }
        if sent < 0, errno == EPIPE || errno == ECONNRESET || errno == ENOTCONN { throw .disconnected }
        throw .io("send: \(sent < 0 ? errnoText() : "short write of \(sent) bytes")")
    }

    /// Receives one message of at most `capacity` bytes; `.disconnected` at end of stream.
    public static func receiveMessage(_ fd: Int32, capacity: Int) throws(ReportChannelError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: capacity)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 { return Array(buffer[0..<count]) }
            if count == 0 { throw .disconnected }
            if errno == EINTR { continue }
            if errno == ECONNRESET { throw .disconnected }
            throw .io("recv: \(errnoText())")
        }
    }

    static func errnoText() -> String {
        String(cString: strerror(errno))
    }
}
