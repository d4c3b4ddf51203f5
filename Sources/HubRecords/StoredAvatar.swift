import Foundation

/// A profile's avatar: the PNG thumbnail and where it came from.
public struct StoredAvatar: Sendable, Equatable {
    /// The profile it belongs to.
    public var profileId: Int64
    /// The thumbnail, PNG-encoded.
    public var thumbnailPNG: Data
    /// Thumbnail width in pixels.
    public var width: Int
    /// Thumbnail height in pixels.
    public var height: Int
    /// The name of the file the avatar was made from (last path component).
    public var originalFileName: String
    /// That file's size in bytes.
    public var originalBytes: Int
    /// When it was stored (UTC epoch milliseconds).
    public var storedAtMs: Int64

    public init(
        profileId: Int64,
        thumbnailPNG: Data,
        width: Int,
        height: Int,
        originalFileName: String,
        originalBytes: Int,
        storedAtMs: Int64
    ) {
        self.profileId = profileId
        self.thumbnailPNG = thumbnailPNG
        self.width = width
        self.height = height
        self.originalFileName = originalFileName
        self.originalBytes = originalBytes
        self.storedAtMs = storedAtMs
    }
}
