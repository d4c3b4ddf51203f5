import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubStore
import Imaging

/// Meal photos for dietary recall: a thumbnail in the store, the full image copied to a photos folder.
public struct PhotosService: Sendable {
    let app: HubApplication

    /// The longest side of a stored meal-photo thumbnail, in pixels: small enough for the store, enough to recall.
    public static let thumbnailSide = 320

    /// A stored photo and its profile.
    public struct AddedPhoto: Sendable, Equatable {
        /// The photo as stored.
        public var photo: StoredMealPhoto
        /// Its profile.
        public var profile: StoredProfile
    }

    /// Attaches the image at `file` to a meal: the thumbnail goes to the store, the full image to `folder`. An
    /// unreadable image stores nothing, and a failed store write removes the copy.
    public func add(
        imageAt file: String,
        meal: Meal,
        day: LocalDayChoice,
        folder directory: String,
        profile: String?
    ) async throws -> AddedPhoto {
        try await app.store.requireCurrentTerms()
        let stored = try await app.store.selectProfile(named: profile)
        let date = try day.resolved(profile: stored.profile, nowMs: app.now())
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), !isDirectory.boolValue,
            let data = FileManager.default.contents(atPath: file)
        else {
            throw CareServiceError.imageUnreadable(file: file)
        }
        let thumbnail: Thumbnail
        do {
            thumbnail = try Thumbnailer.thumbnail(of: data, maxSide: Self.thumbnailSide)
        } catch {
            throw CareServiceError.imageNotDecoded(file: file, reason: error.description)
        }
        let extensionText = URL(fileURLWithPath: file).pathExtension.lowercased()
        let target = (directory as NSString).appendingPathComponent(
            "\(date)-\(meal.rawValue)-\(UUID().uuidString.lowercased())"
                + (extensionText.isEmpty ? "" : ".\(extensionText)")
        )
        do {
            // A meal photo is patient data: the folder 0700 and the copy 0600 whatever the umask, and photos an
            // older hub left readable by others tightened.
            try OwnerOnlyFiles.createDirectory(atPath: directory)
            try OwnerOnlyFiles.tightenFiles(inDirectory: directory)
            try OwnerOnlyFiles.write(data, toFile: target)
        } catch {
            throw CareServiceError.imageNotCopied(directory: directory, reason: error.description)
        }
        do {
            let photo = try await app.store.addMealPhoto(
                NewMealPhoto(
                    localDate: date,
                    meal: meal,
                    thumbnailPNG: thumbnail.png,
                    width: thumbnail.width,
                    height: thumbnail.height,
                    originalFileName: URL(fileURLWithPath: file).lastPathComponent,
                    originalBytes: data.count,
                    storedPath: target
                ),
                profileId: stored.id,
                atMs: app.now()
            )
            return AddedPhoto(photo: photo, profile: stored)
        } catch {
            // The record was not written: remove the copy so nothing is left half-stored.
            try? FileManager.default.removeItem(atPath: target)
            throw error
        }
    }

    /// A stored photo and whether its full image is still where it was copied.
    public struct ListedPhoto: Sendable, Equatable {
        /// The photo as stored (with its thumbnail).
        public var photo: StoredMealPhoto
        /// Whether the full image is still there (the thumbnail stays either way).
        public var fullImagePresent: Bool
    }

    /// A profile's meal photos.
    public struct PhotoList: Sendable, Equatable {
        /// The profile.
        public var profile: StoredProfile
        /// The day asked for; nil for all days.
        public var day: CalendarDate?
        /// The photos.
        public var photos: [ListedPhoto]
    }

    /// The profile's meal photos of a day, or of all days.
    public func list(day: LocalDayChoice?, profile: String?) async throws -> PhotoList {
        let stored = try await app.store.selectProfile(named: profile)
        let date = try day.map { (choice) throws(CareServiceError) in
            try choice.resolved(profile: stored.profile, nowMs: app.now())
        }
        let photos = try await app.store.mealPhotos(profileId: stored.id, date: date)
        return PhotoList(
            profile: stored,
            day: date,
            photos: photos.map {
                ListedPhoto(photo: $0, fullImagePresent: FileManager.default.fileExists(atPath: $0.storedPath))
            }
        )
    }

    /// The photo `id` of the profile (its thumbnail PNG included).
    public func photo(id: Int64, profile: String?) async throws -> StoredMealPhoto {
        let stored = try await app.store.selectProfile(named: profile)
        return try await app.store.mealPhoto(id: id, profileId: stored.id)
    }

    /// Deletes a meal photo's record and thumbnail (the original file stays) and records the deletion; returns the
    /// photo as it was.
    @discardableResult
    public func delete(id: Int64, profile: String?) async throws -> StoredMealPhoto {
        try await app.store.requireCurrentTerms()
        let stored = try await app.store.selectProfile(named: profile)
        return try await app.store.deleteMealPhoto(
            id: id,
            profile: stored,
            changedBy: app.changeAuthor,
            atMs: app.now()
        )
    }
}

extension HubApplication {
    /// Meal photos.
    public var photos: PhotosService { PhotosService(app: self) }
}
