import Foundation
import Imaging
import Testing

@Suite struct ThumbnailerTests {
    @Test func aWideImageIsScaledToFitTheLongerSide() throws {
        let original = try Thumbnailer.samplePNG(width: 400, height: 200)
        #expect(Array(original.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let thumbnail = try Thumbnailer.thumbnail(of: original, maxSide: 128)
        #expect(thumbnail.width == 128 && thumbnail.height == 64)
        #expect(Array(thumbnail.png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // The IHDR chunk carries the size too.
        let bytes = Array(thumbnail.png)
        let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 128 && height == 64)
    }

    @Test func aSmallImageIsNotEnlarged() throws {
        let thumbnail = try Thumbnailer.thumbnail(of: try Thumbnailer.samplePNG(width: 40, height: 30), maxSide: 128)
        #expect(thumbnail.width == 40 && thumbnail.height == 30)
    }

    @Test func aHandWrittenPNGIsDecoded() throws {
        // A 1×1 grey PNG, byte for byte.
        let png: [UInt8] = [
            0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
            0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x00, 0x00, 0x00, 0x00, 0x3A, 0x7E, 0x9B,
            0x55, 0x00, 0x00, 0x00, 0x0A, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x68, 0x00, 0x00, 0x00,
            0x82, 0x00, 0x81, 0x77, 0xCD, 0x72, 0xB6, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE,
            0x42, 0x60, 0x82,
        ]
        let thumbnail = try Thumbnailer.thumbnail(of: Data(png), maxSide: 128)
        #expect(thumbnail.width == 1 && thumbnail.height == 1)
    }

    @Test func anImageDeclaringTooManyPixelsIsRefusedBeforeDecoding() throws {
        // A 60000×60000 PNG header (3.6 gigapixels) with a few bytes of data: a decompression bomb's shape.
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        func chunk(_ type: String, _ data: [UInt8]) {
            let body = Array(type.utf8) + data
            png += withUnsafeBytes(of: UInt32(data.count).bigEndian, Array.init)
            png += body
            png += withUnsafeBytes(of: crc32(body).bigEndian, Array.init)
        }
        let side = withUnsafeBytes(of: UInt32(60_000).bigEndian, Array.init)
        chunk("IHDR", side + side + [8, 2, 0, 0, 0])
        chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
        chunk("IEND", [])
        do {
            _ = try Thumbnailer.thumbnail(of: Data(png), maxSide: 128)
            Issue.record("a 3.6-gigapixel image was accepted")
        } catch {
            #expect("\(error)".contains("60000x60000"), "\(error)")
            #expect("\(error)".contains("50 megapixels"), "\(error)")
        }
    }

    /// CRC-32 (ISO 3309, as PNG chunks use it).
    private func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    @Test func garbageIsNotAnImage() {
        let garbage = Data("this is a text file, not a picture\n".utf8)
        #expect {
            try Thumbnailer.thumbnail(of: garbage, maxSide: 128)
        } throws: { error in
            guard case .notAnImage(let message) = error as? ImageError else { return false }
            return !message.isEmpty
                && (error as? ImageError)?.description.contains("not an image libvips can decode") == true
        }
    }

    @Test func emptyDataIsRefused() {
        #expect(throws: ImageError.empty) { try Thumbnailer.thumbnail(of: Data(), maxSide: 128) }
        #expect(ImageError.empty.description == "the file is empty")
    }

    @Test func moreThanTwentyMegabytesIsRefused() {
        let big = Data(count: Thumbnailer.maximumInputBytes + 1)
        #expect(throws: ImageError.tooLarge(bytes: big.count, limit: 20 * 1_048_576)) {
            try Thumbnailer.thumbnail(of: big, maxSide: 128)
        }
    }
}

extension ThumbnailerTests {
    @Test func aTruncatedImageIsRefused() throws {
        let original = try Thumbnailer.samplePNG(width: 400, height: 200)
        let truncated = original.prefix(original.count / 2)
        #expect(throws: ImageError.self) { try Thumbnailer.thumbnail(of: Data(truncated), maxSide: 128) }
    }
}
