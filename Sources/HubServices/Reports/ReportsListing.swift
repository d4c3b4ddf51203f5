import Foundation
import HubCore
import HubRecords
import HubStore
import Reports

extension ReportsService {
    /// A report kept in the reports folder, with its place in the folder's index (how it is asked for again).
    public struct Kept: Sendable, Equatable {
        /// Its position in the folder's index, oldest first.
        public var number: Int
        /// The index entry: path, period, pages, size, when made.
        public var entry: ReportIndexEntry
    }

    /// Why a kept report cannot be read.
    public enum KeptError: Error, Sendable, CustomStringConvertible {
        /// No report of this profile has this number.
        case noSuchReport(number: Int, profile: String)
        /// The file listed is gone or unreadable.
        case unreadable(path: String, reason: String)

        public var description: String {
            switch self {
            case .noSuchReport(let number, let profile): "report \(number): profile '\(profile)' has no such report"
            case .unreadable(let path, let reason): "report \(path): \(reason)"
            }
        }
    }

    /// The profile's reports in the folder's index, newest first.
    public func kept(profile name: String?) async throws -> (profile: StoredProfile, reports: [Kept]) {
        let stored = try await app.store.selectProfile(named: name)
        let entries: [ReportIndexEntry]
        do { entries = try folder.entries() } catch { throw Failure.report(error) }
        let own = entries.enumerated().filter { $0.element.profile == stored.name }.map {
            Kept(number: $0.offset, entry: $0.element)
        }
        return (stored, own.reversed())
    }

    /// The PDF bytes of the profile's report `number` (a report of another profile is not found).
    public func pdf(number: Int, profile name: String?) async throws -> (entry: ReportIndexEntry, bytes: Data) {
        let (stored, reports) = try await kept(profile: name)
        guard let report = reports.first(where: { $0.number == number }) else {
            throw KeptError.noSuchReport(number: number, profile: stored.name)
        }
        do {
            return (report.entry, try Data(contentsOf: URL(fileURLWithPath: report.entry.path)))
        } catch {
            throw KeptError.unreadable(path: report.entry.path, reason: error.localizedDescription)
        }
    }
}
