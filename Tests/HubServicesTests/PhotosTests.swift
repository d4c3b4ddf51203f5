import Care
import Foundation
import HubCore
import HubRecords
import TestSupport
import Testing

@testable import HubServices

/// Meal photos through the application: what cannot be read or decoded stores nothing and copies nothing.
struct PhotosTests {
    @Test func aMissingOrUndecodableImageStoresNothing() async throws {
        let world = try await CareWorld.make()
        defer { world.directory.remove() }
        let photos = world.app.photos
        let folder = world.directory.file("photos")
        let missing = world.directory.file("missing.jpg")
        await #expect(throws: CareServiceError.imageUnreadable(file: missing)) {
            _ = try await photos.add(imageAt: missing, meal: .lunch, day: .today, folder: folder, profile: nil)
        }
        let text = try world.directory.write("not an image", to: "lunch.jpg")
        do {
            _ = try await photos.add(imageAt: text, meal: .lunch, day: .today, folder: folder, profile: nil)
            Issue.record("a text file was stored as a photo")
        } catch let error as CareServiceError {
            guard case .imageNotDecoded(let file, _) = error else { throw error }
            #expect(file == text)
        }
        #expect(!FileManager.default.fileExists(atPath: folder))
        let listed = try await photos.list(day: nil, profile: nil)
        #expect(listed.photos.isEmpty)
        #expect(listed.profile.id == world.profile.id)
    }

    @Test func aPhotoIsDeletedByIdAndTheDeletionIsRecorded() async throws {
        let world = try await CareWorld.make()
        defer { world.directory.remove() }
        let image = world.directory.file("lunch.png")
        #expect(FileManager.default.createFile(atPath: image, contents: OwnerOnlyOutputTests.png))
        let added = try await world.app.photos.add(
            imageAt: image,
            meal: .lunch,
            day: .today,
            folder: world.directory.file("photos"),
            profile: nil
        )
        let deleted = try await world.app.photos.delete(id: added.photo.id, profile: nil)
        #expect(deleted.originalFileName == "lunch.png")
        #expect(try await world.app.photos.list(day: nil, profile: nil).photos.isEmpty)
        let (_, changes) = try await world.app.corrections.list(profile: nil)
        #expect(changes.map(\.entry) == [.photo] && changes.first?.action == .delete)
        #expect(changes.first?.oldValue.contains("lunch.png") == true)
        await #expect(throws: (any Error).self) {
            try await world.app.photos.delete(id: added.photo.id, profile: nil)
        }
    }
}
