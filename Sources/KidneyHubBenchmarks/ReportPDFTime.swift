import ArgumentParser
import Clinical
import Foundation
import HubCore
import HubRecords
import HubStore
import Reports
import SampleData

/// `report`: the PDF report of one year (daily weights, blood pressure, glucose 4 times a day, 3 meals a day,
/// monthly labs), from reading the store to the finished file. Goal (issue 11): ≤ 1 s.
struct ReportPDFTime: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Time the PDF report of a year of generated data (goal ≤ 1 s)."
    )
    @Option(help: "Timed runs after one warm-up.") var runs = 5
    @Option(help: "Keep the PDF and page PNGs in this directory (to look at them).") var keep: String?

    func run() async throws {
        let directory = try BenchmarkEnvironment.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try HubDatabase.open(atPath: "\(directory)/hub.sqlite")
        let generationStart = ContinuousClock.now
        let written = try await SamplePatientHistory.write(
            into: store,
            name: "Bench",
            days: 365,
            lastDay: try CalendarDate(year: 2026, month: 10, day: 31)
        )
        print("generated a year of data in \(ContinuousClock.now - generationStart)")
        let profile = written.profile
        let zone = try profile.profile.timeZone()
        let period = try ReportPeriod(from: written.firstDay, through: written.lastDay, timeZone: zone)
        var timings: [Double] = []
        var pages = 0
        for run in 0...runs {
            let path = "\(directory)/report-\(run).pdf"
            let start = ContinuousClock.now
            let data = try await ReportDataLoader.load(
                store,
                profile: profile,
                period: period,
                includePhotos: false,
                nowMs: EpochMilliseconds.now()
            )
            pages = try ReportWriter.write(data, to: path).pages
            let elapsed = ContinuousClock.now - start
            if run > 0 {
                timings.append(Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds))
            }
        }
        let sorted = timings.sorted()
        let median = sorted[sorted.count / 2]
        print(
            "report pdf, 365 days (\(pages) pages): median \(String(format: "%.3f", median)) s, "
                + "min \(String(format: "%.3f", sorted.first!)) s, max \(String(format: "%.3f", sorted.last!)) s over \(runs) runs"
        )
        if let keep {
            try FileManager.default.createDirectory(atPath: keep, withIntermediateDirectories: true)
            let data = try await ReportDataLoader.load(
                store,
                profile: profile,
                period: period,
                includePhotos: false,
                nowMs: EpochMilliseconds.now()
            )
            let kept = try ReportWriter.write(data, to: "\(keep)/report.pdf", pngPrefix: "\(keep)/page")
            print("kept \(keep)/report.pdf and \(kept.pngPaths.count) page PNGs")
        }
    }
}
