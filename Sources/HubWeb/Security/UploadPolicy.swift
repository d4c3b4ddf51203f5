/// What an upload may be: an avatar image of at most `avatarLimit` bytes, in a format whose first bytes say so (the
/// declared type alone is not trusted).
enum UploadPolicy {
    /// 5 MiB: a phone photo; the stored thumbnail is 128 px.
    static let avatarLimit = 5 * 1024 * 1024

    /// The image formats accepted, by their signatures.
    static func imageType(of bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if bytes.starts(with: Array("GIF8".utf8)) { return "image/gif" }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return "image/webp"
        }
        return nil
    }
}
