import Foundation
import VipsShim

/// A small PNG made from an image.
public struct Thumbnail: Sendable, Equatable {
    /// The PNG bytes.
    public var png: Data
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    public init(png: Data, width: Int, height: Int) {
        self.png = png
        self.width = width
        self.height = height
    }
}

/// Why an image was refused.
public enum ImageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file has no bytes.
    case empty
    /// The file is larger than `limit` bytes.
    case tooLarge(bytes: Int, limit: Int)
    /// libvips could not read the bytes as an image; `message` is libvips' own.
    case notAnImage(message: String)
    /// libvips decoded the image but could not make the thumbnail.
    case failed(message: String)

    public var description: String {
        switch self {
        case .empty:
            "the file is empty"
        case .tooLarge(let bytes, let limit):
            "the file is too large (\(bytes) bytes; at most \(limit) bytes, \(limit / 1_048_576) MB)"
        case .notAnImage(let message):
            "not an image libvips can decode (\(message))"
        case .failed(let message):
            "the thumbnail could not be made (\(message))"
        }
    }
}

/// Image thumbnails through libvips. Every unsafe pointer of the module stays in this file.
public enum Thumbnailer {
    /// The largest input accepted: 20 MB.
    public static let maximumInputBytes = 20 * 1_048_576

    /// Decodes `data` (any format libvips reads: PNG, JPEG, WebP, GIF, …) and returns a PNG that fits in
    /// `maxSide` × `maxSide` pixels, aspect ratio kept and never enlarged.
    public static func thumbnail(of data: Data, maxSide: Int) throws(ImageError) -> Thumbnail {
        guard !data.isEmpty else { throw .empty }
        guard data.count <= maximumInputBytes else { throw .tooLarge(bytes: data.count, limit: maximumInputBytes) }
        let side = Int32(clamping: max(1, maxSide))
        var message = [CChar](repeating: 0, count: 1024)
        var output: UnsafeMutableRawPointer?
        var outputLength = 0
        var width: Int32 = 0
        var height: Int32 = 0
        let status = data.withUnsafeBytes { bytes in
            message.withUnsafeMutableBufferPointer { err in
                kh_thumbnail_from_buffer(
                    bytes.baseAddress,
                    bytes.count,
                    side,
                    &output,
                    &outputLength,
                    &width,
                    &height,
                    err.baseAddress,
                    err.count
                )
            }
        }
        defer { kh_free(output) }
        guard status == 0, let output else {
            let text = errorText(message)
            // A thumbnail that was decoded but not encoded reports the encoder; everything else is a decode failure.
            if text.contains("pngsave") || text.contains("could not be encoded") { throw .failed(message: text) }
            throw .notAnImage(message: text)
        }
        return Thumbnail(
            png: Data(bytes: output, count: outputLength),
            width: Int(width),
            height: Int(height)
        )
    }

    /// A `width` × `height` gradient encoded as PNG, made by libvips (for tests and examples).
    public static func samplePNG(width: Int, height: Int) throws(ImageError) -> Data {
        var message = [CChar](repeating: 0, count: 1024)
        var output: UnsafeMutableRawPointer?
        var outputLength = 0
        let status = message.withUnsafeMutableBufferPointer { err in
            kh_test_png(
                Int32(clamping: width),
                Int32(clamping: height),
                &output,
                &outputLength,
                err.baseAddress,
                err.count
            )
        }
        defer { kh_free(output) }
        guard status == 0, let output else { throw .failed(message: errorText(message)) }
        return Data(bytes: output, count: outputLength)
    }

    private static func errorText(_ message: [CChar]) -> String {
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.isEmpty ? "no message from libvips" : text
    }
}
