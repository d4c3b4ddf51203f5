import CSystemZlib
import Foundation

/// Decompresses gzip data with zlib (Debian zlib1g); no library among the project's Swift packages does it without
/// SwiftNIO, so this is the thin wrapper around zlib's `inflate` that remains.
enum Gunzip {
    /// The decompressed bytes of a gzip member.
    static func decompress(_ data: Data) throws(FoodDataError) -> Data {
        var stream = z_stream()
        // 16 + MAX_WBITS: expect a gzip header (zlib.h, inflateInit2).
        guard inflateInit2_(&stream, 16 + MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .corrupt("zlib could not start")
        }
        defer { inflateEnd(&stream) }
        var output = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var input = [UInt8](data)
        var status: Int32 = Z_OK
        input.withUnsafeMutableBufferPointer { source in
            stream.next_in = source.baseAddress
            stream.avail_in = uInt(source.count)
            repeat {
                chunk.withUnsafeMutableBufferPointer { target in
                    stream.next_out = target.baseAddress
                    stream.avail_out = uInt(target.count)
                    status = inflate(&stream, Z_NO_FLUSH)
                    output.append(target.baseAddress!, count: target.count - Int(stream.avail_out))
                }
            } while status == Z_OK
        }
        guard status == Z_STREAM_END else { throw .corrupt("zlib inflate status \(status)") }
        return output
    }
}
