import ArgumentParser
import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices

/// `kidneyhub photos add|list|thumbnail`: meal photos for dietary recall.
struct Photos: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Meal photos: a thumbnail in the store, the full image in the photos folder.",
        subcommands: [Add.self, List.self, Thumbnail.self, Delete.self]
    )

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
            let added = try await store.openForWriting().photos.add(
                imageAt: file,
                meal: chosenMeal,
                day: try parseDay(date),
                folder: folder.resolved(store: store),
                profile: profile
            )
            let photo = added.photo
            print(
                "Stored photo #\(photo.id) of \(photo.meal.rawValue) on \(photo.localDate) for '\(added.profile.name)': "
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
            let listed = try await store.openForWriting().photos.list(day: try date.map(parseDay), profile: profile)
            let day = listed.day
            let listings = listed.photos.map {
                Listing(
                    id: $0.photo.id,
                    date: $0.photo.localDate.description,
                    meal: $0.photo.meal.rawValue,
                    file: $0.photo.originalFileName,
                    fullImage: $0.photo.storedPath,
                    fullImagePresent: $0.fullImagePresent,
                    thumbnailWidth: $0.photo.width,
                    thumbnailHeight: $0.photo.height,
                    thumbnailBytes: $0.photo.thumbnailPNG.count
                )
            }
            if json {
                try printJSON(listings)
                return
            }
            guard !listings.isEmpty else {
                print("No meal photos\(day.map { " on \($0)" } ?? "") for '\(listed.profile.name)'.")
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
            let photo = try await store.openForWriting().photos.photo(id: id, profile: profile)
            try photo.thumbnailPNG.write(to: URL(fileURLWithPath: out))
            print("Wrote the \(photo.width)×\(photo.height) thumbnail of photo #\(id) to \(out).")
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete a meal photo (its record and thumbnail; the original file stays). Recorded."
        )
        @OptionGroup var store: StoreOptions
        @Argument(help: "The photo's id.") var id: Int64
        @Option(help: "The profile (needed when the store holds several).") var profile: String?

        func run() async throws {
            let photo = try await store.openForWriting().photos.delete(id: id, profile: profile)
            print("Deleted photo #\(id) (\(photo.meal.rawValue) of \(photo.localDate), \(photo.originalFileName)).")
        }
    }
}
