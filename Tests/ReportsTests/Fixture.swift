import Clinical
import Foundation
import HubCore
import HubRecords
import HubStore
import Reports
import SampleData
import TestSupport

/// A temporary store holding a generated patient, removed by `remove()`.
struct Fixture {
    let directory: String
    let store: HubDatabase
    let written: SamplePatientHistory.Written

    static func make(days: Int, name: String = "Ana") async throws -> Fixture {
        let directory = NSTemporaryDirectory() + "kh-reports-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let store = try HubDatabase.open(atPath: "\(directory)/hub.sqlite")
        let written = try await SamplePatientHistory.write(
            into: store,
            name: name,
            days: days,
            lastDay: try CalendarDate(year: 2026, month: 10, day: 31)
        )
        return Fixture(directory: directory, store: store, written: written)
    }

    func path(_ name: String) -> String { "\(directory)/\(name)" }

    /// The report data of the whole written history.
    func reportData() async throws -> ReportData {
        let period = try ReportPeriod(
            from: written.firstDay,
            through: written.lastDay,
            timeZone: try written.profile.profile.timeZone()
        )
        return try await ReportDataLoader.load(
            store,
            profile: written.profile,
            period: period,
            includePhotos: false,
            nowMs: 1_793_000_000_000
        )
    }

    func remove() { try? FileManager.default.removeItem(atPath: directory) }

    /// The repository root (for the Python validator and its virtual environment).
    static var repositoryRoot: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }
}
