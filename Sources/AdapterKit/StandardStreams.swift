import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The adapter's end of the stdio transport.
///
/// At start it moves the protocol channel to a private duplicate of stdout and points file
/// descriptor 1 at stderr, so a stray `print` (ours or a library's) lands in the log instead of
/// corrupting the protocol stream (adapter-protocol.md §1; architecture.md §2 P2).
enum StandardStreams {
    /// Takes over stdout; returns the descriptor that now carries the protocol.
    static func isolateProtocolOutput() -> Int32 {
        // Close-on-exec, so a helper the adapter starts cannot hold the hub's pipe open after the
        // adapter itself has exited.
        let protocolDescriptor = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 0)
        guard protocolDescriptor >= 0 else { return STDOUT_FILENO }
        fflush(nil)  // push out anything buffered for the old stdout before it moves
        dup2(STDERR_FILENO, STDOUT_FILENO)
        return protocolDescriptor
    }

    /// Writes all of `bytes`, retrying partial writes and interruptions.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws {
        try bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
                }
                offset += written
            }
        }
    }

    /// Chunks read from stdin on a dedicated thread (a blocking read never stalls the cooperative
    /// pool); the stream ends at end of input.
    static func inputChunks() -> AsyncStream<[UInt8]> {
        let (stream, continuation) = AsyncStream.makeStream(of: [UInt8].self)
        let thread = Thread {
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                continuation.yield(Array(buffer[0..<count]))
            }
            continuation.finish()
        }
        thread.start()
        return stream
    }
}
