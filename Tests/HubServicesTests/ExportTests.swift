import Foundation
import HubRecords
import HubServices
import TestSupport
import Testing

/// Export and backup through the application layer: what a JSON backup holds comes back into another store, once.
struct ExportTests {
    @Test func aJSONBackupRestoresIntoAnotherStoreAndRestoringTwiceAddsNothing() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let simulated = try SimulatedDevices(in: directory)
        let source = try HubApplication.open(atPath: directory.file("source.sqlite"), durability: .normal)
        _ = try await source.terms.acceptCurrent()
        _ = try await source.devices(simulated.setup).sync(deviceId: "sim-scale-1", adapterId: "simulator")

        let written = try await source.exports.export(.json, into: directory.file("out"))
        #expect(written.path == directory.file("out/kidneyhub-backup.json"))
        #expect(written.rows > 0 && written.tables > 0)
        let csv = try await source.exports.export(.csv, into: directory.file("csv"))
        #expect(csv.tables == written.tables && csv.rows == written.rows)
        #expect(FileManager.default.fileExists(atPath: directory.file("csv/manifest.json")))

        let target = directory.file("target.sqlite")
        await #expect(throws: ExportService.Failure.self) {
            _ = try await ExportService.restore(from: directory.file("no-backup-here"), intoStoreAt: target)
        }
        #expect(!FileManager.default.fileExists(atPath: target), "a refused backup made a store")
        let restored = try await ExportService.restore(from: directory.file("out"), intoStoreAt: target)
        #expect(restored.outcome.totalInserted > 0)
        #expect(restored.tables.count == written.tables)
        let twice = try await ExportService.restore(from: written.path, intoStoreAt: target)
        #expect(twice.outcome.totalInserted == 0)
        #expect(twice.outcome.totalAlreadyPresent == restored.outcome.totalInserted)
    }

    @Test func theReportsFolderOfAStoreWithoutReportsIsEmpty() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let listed = try ReportsService.list(storeAt: directory.file("store.sqlite"), environment: [:])
        #expect(listed.entries.isEmpty)
        #expect(listed.folder.hasPrefix(directory.path))
    }
}
