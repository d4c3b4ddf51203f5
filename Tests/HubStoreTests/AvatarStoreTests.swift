import Clinical
import Foundation
import HubCore
import HubRecords
import HubStore
import Testing

/// The `profileAvatar` table: one thumbnail per profile, written only once the terms are accepted.
struct AvatarStoreTests {
    static func avatar(profileId: Int64, width: Int, atMs: Int64) -> StoredAvatar {
        StoredAvatar(
            profileId: profileId,
            thumbnailPNG: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]),
            width: width,
            height: 64,
            originalFileName: "photo.jpg",
            originalBytes: 123_456,
            storedAtMs: atMs
        )
    }

    @Test func anAvatarIsStoredReplacedAndRefusedBeforeTheTerms() async throws {
        try await withTemporaryStore { store in
            let terms = TermsOfService.current.version
            await #expect(throws: PatientRecordError.termsNotAccepted(current: terms)) {
                try await store.setAvatar(Self.avatar(profileId: 1, width: 128, atMs: 1))
            }
            try await store.acceptTerms(version: terms, atMs: 10)
            let saved = try await store.saveProfile(
                PatientProfile(name: "Anna", timeZoneIdentifier: "Europe/Berlin"),
                id: nil,
                atMs: 20
            )
            #expect(try await store.avatar(profileId: saved.id) == nil)
            try await store.setAvatar(Self.avatar(profileId: saved.id, width: 128, atMs: 30))
            try await store.setAvatar(Self.avatar(profileId: saved.id, width: 100, atMs: 40))
            #expect(
                try await store.avatar(profileId: saved.id) == Self.avatar(profileId: saved.id, width: 100, atMs: 40)
            )

            await #expect(throws: PatientRecordError.self) {
                try await store.setAvatar(Self.avatar(profileId: saved.id + 1, width: 128, atMs: 50))
            }
        }
    }
}
