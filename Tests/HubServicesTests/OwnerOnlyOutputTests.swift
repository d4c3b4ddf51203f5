import Care
import Clinical
import Foundation
import HubRecords
import HubServices
import HubStore
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 21, drill finding 2: the reports folder and its PDFs, the photos folder and its photos, and backups are
/// owner-only (0700 folders, 0600 files) under a permissive umask, and files an older hub left readable are tightened.
/// Serialized: the tests set the process's umask.
@Suite(.serialized)
struct OwnerOnlyOutputTests {
    static func mode(_ path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }

    /// A 1×1 grey PNG, byte for byte.
    static let png = Data([
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x00, 0x00, 0x00, 0x00, 0x3A, 0x7E, 0x9B,
        0x55, 0x00, 0x00, 0x00, 0x0A, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x68, 0x00, 0x00, 0x00,
        0x82, 0x00, 0x81, 0x77, 0xCD, 0x72, 0xB6, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE,
        0x42, 0x60, 0x82,
    ])

    @Test func photosAreOwnerOnlyAndOlderOnesAreTightened() async throws {
        let world = try await CareWorld.make()
        defer { world.directory.remove() }
        let previous = umask(0)
        defer { umask(previous) }
        let folder = world.directory.file("photos/meals")
        let image = world.directory.file("lunch.png")
        #expect(FileManager.default.createFile(atPath: image, contents: Self.png))
        let added = try await world.app.photos.add(
            imageAt: image,
            meal: .lunch,
            day: .today,
            folder: folder,
            profile: nil
        )
        #expect(Self.mode(world.directory.file("photos")) == 0o700)
        #expect(Self.mode(folder) == 0o700)
        #expect(Self.mode(added.photo.storedPath) == 0o600)

        // A photo an older hub copied 0644 into a 0755 folder.
        let older = (folder as NSString).appendingPathComponent("older.png")
        #expect(FileManager.default.createFile(atPath: older, contents: Self.png))
        #expect(chmod(older, 0o644) == 0 && chmod(folder, 0o755) == 0)
        _ = try await world.app.photos.add(imageAt: image, meal: .dinner, day: .today, folder: folder, profile: nil)
        #expect(Self.mode(folder) == 0o700)
        #expect(Self.mode(older) == 0o600)
    }

    @Test func reportsAreOwnerOnlyAndOlderOnesAreTightened() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let previous = umask(0)
        defer { umask(previous) }
        let storePath = directory.file("store.sqlite")
        let app = try HubApplication.open(atPath: storePath, durability: .normal)
        _ = try await app.terms.acceptCurrent()
        _ = try await HubDatabase.open(atPath: storePath, durability: .normal)
            .saveProfile(try PatientFixtures.hemodialysisProfile(), id: nil, atMs: app.now())
        let folder = directory.file("reports")
        let reports = app.reports(environment: ["KIDNEYHUB_REPORTS": folder])
        let made = try await reports.makePDF(ReportsService.Request(pagePreviews: true))
        #expect(Self.mode(folder) == 0o700)
        #expect(Self.mode(made.path) == 0o600)
        for preview in made.pngPaths { #expect(Self.mode(preview) == 0o600, "\(preview)") }
        #expect(Self.mode((folder as NSString).appendingPathComponent("index.json")) == 0o600)

        // A report an older hub left 0644 in a 0755 folder is tightened when the folder is next used.
        #expect(chmod(made.path, 0o644) == 0 && chmod(folder, 0o755) == 0)
        let second = try await reports.makePDF(ReportsService.Request())
        #expect(Self.mode(folder) == 0o700)
        #expect(Self.mode(made.path) == 0o600)
        #expect(Self.mode(second.path) == 0o600)

        // A PDF written where the user asked is 0600 too.
        let out = try await reports.makePDF(ReportsService.Request(out: directory.file("for-the-clinic.pdf")))
        #expect(Self.mode(out.path) == 0o600)
    }

    @Test func backupsAreOwnerOnly() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let previous = umask(0)
        defer { umask(previous) }
        let app = try HubApplication.open(atPath: directory.file("store.sqlite"), durability: .normal)
        _ = try await app.terms.acceptCurrent()
        let json = try await app.exports.export(.json, into: directory.file("backup/json"))
        #expect(Self.mode(directory.file("backup")) == 0o700)
        #expect(Self.mode(directory.file("backup/json")) == 0o700)
        #expect(Self.mode(json.path) == 0o600)
        let csv = try await app.exports.export(.csv, into: directory.file("backup/csv"))
        #expect(Self.mode(csv.path) == 0o700)
        let files = try FileManager.default.contentsOfDirectory(atPath: csv.path)
        #expect(files.contains("manifest.json"))
        for file in files {
            #expect(Self.mode((csv.path as NSString).appendingPathComponent(file)) == 0o600, "\(file)")
        }
    }

    /// The acceptance test of issue 21 for what lives beside a store: a second local user can read none of the
    /// store's files, reports, photos or backups, even with every folder opened up to it.
    @Test(
        .enabled(
            if: LocalUser.canAdd,
            "needs root with useradd, userdel and setpriv to create a second local user; run the tests as root to check this"
        )
    )
    func aSecondLocalUserCanReadNoReportPhotoOrBackup() async throws {
        let world = try await CareWorld.make()
        defer { world.directory.remove() }
        let previous = umask(0)
        defer { umask(previous) }
        let image = world.directory.file("lunch.png")
        #expect(FileManager.default.createFile(atPath: image, contents: Self.png))
        let photo = try await world.app.photos.add(
            imageAt: image,
            meal: .lunch,
            day: .today,
            folder: world.directory.file("photos"),
            profile: nil
        )
        let report = try await world.app.reports(environment: [:]).makePDF(ReportsService.Request())
        let backup = try await world.app.exports.export(.json, into: world.directory.file("backup"))
        let store = world.directory.file("hub.sqlite")
        let files = [
            store, store + "-wal", store + "-shm", photo.photo.storedPath, report.path,
            world.directory.file("reports/index.json"), backup.path,
        ]
        try await LocalUser.with { user in
            for file in files {
                #expect(FileManager.default.fileExists(atPath: file), "\(file)")
                let readable = try await user.canRead(file)
                #expect(!readable, "user \(user.name) read \(file)")
            }
            // Every folder opened up: the files' own modes still keep them private.
            for folder in ["", "photos", "reports", "backup"] {
                #expect(chmod(world.directory.file(folder), 0o755) == 0)
            }
            for file in files {
                let readable = try await user.canRead(file)
                #expect(!readable, "user \(user.name) read \(file) through an open folder")
            }
            let imageReadable = try await user.canRead(image)
            #expect(imageReadable, "setpriv or cat does not work here")
        }
    }
}
