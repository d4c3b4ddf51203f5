import Care
import Clinical
import Foundation
import HubCore

/// A meal photo as stored: the thumbnail in the store, the full image in the photos folder (it may be gone).
public struct StoredMealPhoto: Sendable, Equatable {
    public var id: Int64
    public var profileId: Int64
    public var localDate: CalendarDate
    public var meal: Meal
    /// A small PNG.
    public var thumbnailPNG: Data
    public var width: Int
    public var height: Int
    /// The file name the user gave.
    public var originalFileName: String
    public var originalBytes: Int
    /// Where the full image was copied.
    public var storedPath: String
    public var storedAtMs: Int64

    /// A value from its parts.
    package init(
        id: Int64,
        profileId: Int64,
        localDate: CalendarDate,
        meal: Meal,
        thumbnailPNG: Data,
        width: Int,
        height: Int,
        originalFileName: String,
        originalBytes: Int,
        storedPath: String,
        storedAtMs: Int64
    ) {
        self.id = id
        self.profileId = profileId
        self.localDate = localDate
        self.meal = meal
        self.thumbnailPNG = thumbnailPNG
        self.width = width
        self.height = height
        self.originalFileName = originalFileName
        self.originalBytes = originalBytes
        self.storedPath = storedPath
        self.storedAtMs = storedAtMs
    }
}

/// A meal photo to store (the caller has made the thumbnail and copied the full image).
public struct NewMealPhoto: Sendable, Equatable {
    public var localDate: CalendarDate
    public var meal: Meal
    public var thumbnailPNG: Data
    public var width: Int
    public var height: Int
    public var originalFileName: String
    public var originalBytes: Int
    public var storedPath: String

    public init(
        localDate: CalendarDate,
        meal: Meal,
        thumbnailPNG: Data,
        width: Int,
        height: Int,
        originalFileName: String,
        originalBytes: Int,
        storedPath: String
    ) {
        self.localDate = localDate
        self.meal = meal
        self.thumbnailPNG = thumbnailPNG
        self.width = width
        self.height = height
        self.originalFileName = originalFileName
        self.originalBytes = originalBytes
        self.storedPath = storedPath
    }
}
