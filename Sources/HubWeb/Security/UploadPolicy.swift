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

extension UploadPolicy {
    /// 64 MiB: a few years of a phone's Apple Health export zipped, a Fitbit archive, many FIT files. A larger export
    /// is imported from the command line (`kidneyhub import`), which streams it.
    static let exportLimit = 64 * 1024 * 1024

    /// The export formats accepted, by their first bytes and name: an Apple Health export.xml, a zip (Apple Health or
    /// Fitbit), a Garmin FIT file. Nil for anything else.
    static func exportType(of bytes: [UInt8], fileName: String) -> String? {
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return "application/zip" }
        // FIT: a header of 12 or 14 bytes whose bytes 8–11 read ".FIT" (Garmin FIT SDK, "FIT File Header").
        if bytes.count >= 12, [12, 14].contains(bytes[0]), Array(bytes[8..<12]) == Array(".FIT".utf8) {
            return "application/vnd.ant.fit"
        }
        let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
        if fileName.lowercased().hasSuffix(".xml"), head.contains("<?xml") || head.contains("<HealthData"),
            head.contains("HealthData")
        {
            return "application/xml"
        }
        return nil
    }
}
