import Foundation
import HubCore

#if canImport(Glibc)
    import Glibc
#endif

/// A stream socket on a filesystem path, for the hub's control channel. Written against the
/// POSIX API because the socket carries a few small requests; no listed networking package is
/// needed for that (swift-nio would add minutes to every clean build).
enum UnixSocket {
    /// Why a socket call failed.
    struct Failure: Error, CustomStringConvertible {
        var operation: String
        var path: String
        var code: Int32
        /// Said instead of the system's text when there is more to say.
        var reason: String?
        var description: String { "\(operation) \(path): \(reason ?? String(cString: strerror(code)))" }
    }

    /// A listening socket bound at `path` (a stale file there is replaced).
    static func listen(at path: String) throws(Failure) -> Int32 {
        unlink(path)
        var address = try self.address(path)
        let descriptor = try make(path)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0, Glibc.listen(descriptor, 16) == 0 else {
            let code = errno
            close(descriptor)
            throw Failure(operation: "listen on", path: path, code: code)
        }
        chmod(path, 0o600)  // the store's owner only
        return descriptor
    }

    /// A socket connected to the listener at `path`.
    static func connect(to path: String) throws(Failure) -> Int32 {
        var address = try self.address(path)
        let descriptor = try make(path)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            let code = errno
            close(descriptor)
            throw Failure(operation: "connect to", path: path, code: code)
        }
        return descriptor
    }

    /// The bytes read, in order, on a dedicated thread; the stream ends at end of stream.
    static func chunks(from descriptor: Int32) -> AsyncStream<[UInt8]> {
        let (stream, continuation) = AsyncStream.makeStream(of: [UInt8].self)
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                continuation.yield(Array(buffer[0..<count]))
            }
            continuation.finish()
        }
        return stream
    }

    /// Writes all bytes; throws when the peer is gone.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes {
                send(descriptor, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw Failure(operation: "write to", path: "control socket", code: errno)
            }
            offset += written
        }
    }

    private static func make(_ path: String) throws(Failure) -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(operation: "socket for", path: path, code: errno) }
        return descriptor
    }

    private static func address(_ path: String) throws(Failure) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else {
            // sockaddr_un holds 108 bytes on Linux, the last for the terminating NUL (unix(7)).
            throw Failure(
                operation: "use the control socket",
                path: path,
                code: ENAMETOOLONG,
                reason: "the path is \(bytes.count) bytes, and a Unix socket's path holds at most \(capacity - 1) "
                    + "(unix(7)); keep the store in a folder with a shorter path (--store)"
            )
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return address
    }
}
