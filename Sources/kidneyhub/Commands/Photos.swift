import ArgumentParser
import Care
import Foundation
import HubCore
import HubRecords
import HubStore
import Imaging

/// `kidneyhub photos add|list|thumbnail`: meal photos for dietary recall.
struct Photos: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Meal photos: a thumbnail in the store, the full image in the photos folder.",
        subcommands: [Add.self, List.self, Thumbnail.self]
    )

    /// The longest side of a stored meal-photo thumbnail, in pixels.
    static let thumbnailSide = 320

    /// Options naming the photos folder.
    struct FolderOptions: ParsableArguments {
        @Option(
            name: .customLong("photos-dir"),
            help: "Where full images are copied (default: $KIDNEYHUB_PHOTOS, else a photos folder beside the store)."
        )
        var path: String?

        func resolved(store: StoreOptions) -> String {
            if let path { return path }
            if let fromEnvironment = ProcessInfo.processInfo.environment["KIDNEYHUB_PHOTOS"], !fromEnvironment.isEmpty {
                return fromEnvironment
            }
            return ((store.resolvedPath as NSString).deletingLastPathComponent as NSString)
                .appendingPathComponent("photos")
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Attach a photo to a meal: `kidneyhub photos add lunch.jpg --meal lunch [--date 2026-11-20]`.",
            discussion:
                "JPEG, PNG, WebP, and HEIC (libvips with libheif); at most 20 MB. An unreadable image stores nothing."
        )
        @OptionGroup var store: StoreOptions
        @OptionGroup var folder: FolderOptions
        @Argument(help: "The image file.") var file: String
        @Option(help: ArgumentHelp("The meal.", valueName: "breakfast|lunch|dinner|snack")) var meal: String
        @Option(help: "today, yesterday or YYYY-MM-DD (default: today).") var date: String?
        @Option(help: "The profile (needed when the store holds several).") var profile: String?

        func run() async throws {
            let chosenMeal = try parseMeal(meal)
            let database = try openStoreForWriting(store)
            try await database.requireCurrentTerms()
            let stored = try await database.selectProfile(named: profile)
            let day = try parseDay(date, profile: stored.profile)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), !isDirectory.boolValue,
                let data = FileManager.default.contents(atPath: file)
            else {
                throw CommandFailure("not stored: \(file): the file cannot be read (no such file or no permission)")
            }
            let thumbnail: Imaging.Thumbnail
            do {
                thumbnail = try Thumbnailer.thumbnail(of: data, maxSide: Photos.thumbnailSide)
            } catch {
                throw CommandFailure("not stored: \(file): \(error.description)")
            }
            let directory = folder.resolved(store: store)
            let extensionText = URL(fileURLWithPath: file).pathExtension.lowercased()
            let target = (directory as NSString).appendingPathComponent(
                "\(day)-\(chosenMeal.rawValue)-\(UUID().uuidString.lowercased())"
                    + (extensionText.isEmpty ? "" : ".\(extensionText)")
            )
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                try data.write(to: URL(fileURLWithPath: target), options: .atomic)
            } catch {
                throw CommandFailure("not stored: cannot copy the image to \(directory): \(error.localizedDescription)")
            }
            let photo: StoredMealPhoto
            do {
                photo = try await database.addMealPhoto(
                    NewMealPhoto(
                        localDate: day,
                        meal: chosenMeal,
                        thumbnailPNG: thumbnail.png,
                        width: thumbnail.width,
                        height: thumbnail.height,
                        originalFileName: URL(fileURLWithPath: file).lastPathComponent,
                        originalBytes: data.count,
                        storedPath: target
                    ),
                    profileId: stored.id,
                    atMs: currentEpochMilliseconds()
                )
            } catch {
                // The record was not written: remove the copy so nothing is left half-stored.
                try? FileManager.default.removeItem(atPath: target)
                throw error
            }
            print(
                "Stored photo #\(photo.id) of \(photo.meal.rawValue) on \(photo.localDate) for '\(stored.name)': "
                    + "\(photo.width)×\(photo.height) thumbnail; full image at \(photo.storedPath)"
            )
        }
    }

    struct Listing: Encodable {
        var id: Int64
        var date: String
        var meal: String
        var file: String
        var fullImage: String
        var fullImagePresent: Bool
        var thumbnailWidth: Int
        var thumbnailHeight: Int
        var thumbnailBytes: Int
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List meal photos (the thumbnail stays if the full image is gone)."
        )
        @OptionGroup var store: StoreOptions
        @Option(help: "today, yesterday or YYYY-MM-DD (default: all dates).") var date: String?
        @Option(help: "The profile (needed when the store holds several).") var profile: String?
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let database = try openStoreForWriting(store)
            let stored = try await database.selectProfile(named: profile)
            let day = try date.map { try parseDay($0, profile: stored.profile) }
            let photos = try await database.mealPhotos(profileId: stored.id, date: day)
            let listings = photos.map {
                Listing(
                    id: $0.id,
                    date: $0.localDate.description,
                    meal: $0.meal.rawValue,
                    file: $0.originalFileName,
                    fullImage: $0.storedPath,
                    fullImagePresent: FileManager.default.fileExists(atPath: $0.storedPath),
                    thumbnailWidth: $0.width,
                    thumbnailHeight: $0.height,
                    thumbnailBytes: $0.thumbnailPNG.count
                )
            }
            if json {
                try printJSON(listings)
                return
            }
            guard !listings.isEmpty else {
                print("No meal photos\(day.map { " on \($0)" } ?? "") for '\(stored.name)'.")
                return
            }
            printTable(
                ["ID", "DATE", "MEAL", "FILE", "THUMBNAIL", "FULL IMAGE"],
                listings.map {
                    [
                        "\($0.id)", $0.date, $0.meal, $0.file, "\($0.thumbnailWidth)×\($0.thumbnailHeight)",
                        $0.fullImagePresent ? $0.fullImage : "missing (thumbnail kept)",
                    ]
                }
            )
        }
    }

    struct Thumbnail: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Write a meal photo's thumbnail (PNG) to a file.")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The photo's id.") var id: Int64
        @Option(help: "The PNG file to write.") var out: String
        @Option(help: "The profile (needed when the store holds several).") var profile: String?

        func run() async throws {
            let database = try openStoreForWriting(store)
            let stored = try await database.selectProfile(named: profile)
            let photo = try await database.mealPhoto(id: id, profileId: stored.id)
            try photo.thumbnailPNG.write(to: URL(fileURLWithPath: out))
            print("Wrote the \(photo.width)×\(photo.height) thumbnail of photo #\(id) to \(out).")
        }
    }
}
