import Care
import Charts
import Clinical
import Foundation
import HubCore
import HubRecords
import HubStore
import Reports
import SampleData
import TestSupport
import Testing

@Suite struct ReportPDFTests {
    @Test func aNinetyDayPatientsReportRendersAndItsTextIsExtractable() async throws {
        let fixture = try await Fixture.make(days: 90)
        defer { fixture.remove() }
        let data = try await fixture.reportData()
        #expect(data.weights.count >= 90)
        #expect(data.glucose.count == 360)
        #expect(!data.gains.isEmpty)
        #expect(!data.rewards.isEmpty || !data.goals.isEmpty)
        let pdf = fixture.path("report.pdf")
        let written = try ReportWriter.write(data, to: pdf, pngPrefix: fixture.path("preview"))
        #expect(written.pages >= 3)
        #expect(written.pngPaths.count == written.pages)

        // poppler renders every page.
        let rendered = try await CommandResult.run(
            "/usr/bin/pdftoppm",
            ["-png", "-r", "50", pdf, fixture.path("page")],
            timeout: .seconds(60)
        )
        #expect(rendered.status == 0, "\(rendered.stderr)")
        let pages = try FileManager.default.contentsOfDirectory(atPath: fixture.directory).filter {
            $0.hasPrefix("page") && $0.hasSuffix(".png")
        }
        #expect(pages.count == written.pages)

        // The text layer holds the sections, the lab names, values and units.
        let text = try await CommandResult.run("/usr/bin/pdftotext", ["-layout", pdf, "-"], timeout: .seconds(60))
            .stdout
        for title in ReportComposer.sectionTitles {
            #expect(text.contains(title), "missing section \(title)")
        }
        for lab in ["Potassium", "Phosphorus", "Albumin", "Hemoglobin", "Creatinine", "Calcium", "Sodium"] {
            #expect(text.contains(lab), "missing lab \(lab)")
        }
        // The latest of each lab: three monthly panels, potassium 5.4 + 0.2 (third month), hemoglobin 10.9 + 0.2.
        #expect(text.range(of: #"Potassium\s+5\.6\s+mmol/L"#, options: .regularExpression) != nil)
        #expect(text.range(of: #"Hemoglobin\s+11\.1\s+g/dL"#, options: .regularExpression) != nil)
        for unit in ["mmol/L", "mg/dL", "g/dL", "mmHg", "kg", "mL"] {
            #expect(text.contains(unit), "missing unit \(unit)")
        }
        #expect(text.contains("Sevelamer carbonate"))
        #expect(text.contains("hemodialysis"))
        #expect(text.contains("Mon 08:00") || text.contains("mon"))
        #expect(text.contains("page 1 of \(written.pages)"))
        #expect(!text.contains("Meal photos"))

        // Charts are vectors: without meal photos the PDF embeds no image at all.
        let images = try await CommandResult.run("/usr/bin/pdfimages", ["-list", pdf], timeout: .seconds(60))
        #expect(images.status == 0)
        #expect(images.stdout.split(separator: "\n").count == 2, "\(images.stdout)")  // the header lines only
    }

    @Test func mealPhotoThumbnailsAreAddedOnRequest() async throws {
        let fixture = try await Fixture.make(days: 7)
        defer { fixture.remove() }
        let thumbnail = fixture.path("thumb.png")
        try ReportWriter.writeChart(ChartSpecFixture.weight, width: 120, height: 90, to: thumbnail)
        let png = try Data(contentsOf: URL(fileURLWithPath: thumbnail))
        _ = try await fixture.store.addMealPhoto(
            NewMealPhoto(
                localDate: fixture.written.lastDay,
                meal: .lunch,
                thumbnailPNG: png,
                width: 240,
                height: 180,
                originalFileName: "lunch.jpg",
                originalBytes: 1000,
                storedPath: thumbnail
            ),
            profileId: fixture.written.profile.id,
            atMs: 10
        )
        let period = try ReportPeriod(
            from: fixture.written.firstDay,
            through: fixture.written.lastDay,
            timeZone: try fixture.written.profile.profile.timeZone()
        )
        let pdf = fixture.path("photos.pdf")
        let data = try await ReportDataLoader.load(
            fixture.store,
            profile: fixture.written.profile,
            period: period,
            includePhotos: true,
            nowMs: 1_793_000_000_000
        )
        #expect(data.photos.count == 1)
        try ReportWriter.write(data, to: pdf)
        let text = try await CommandResult.run("/usr/bin/pdftotext", [pdf, "-"], timeout: .seconds(60)).stdout
        #expect(text.contains("Meal photos"))
        #expect(text.contains("\(fixture.written.lastDay) lunch"))
        let images = try await CommandResult.run("/usr/bin/pdfimages", ["-list", pdf], timeout: .seconds(60))
        #expect(images.stdout.split(separator: "\n").count == 3, "\(images.stdout)")  // header lines and one image
    }

    @Test func theSameChartRendersAsSVGAndPNG() throws {
        let directory = NSTemporaryDirectory() + "kh-chart-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let spec = ChartSpecFixture.weight
        try ReportWriter.writeChart(spec, width: 400, height: 160, to: "\(directory)/chart.svg")
        try ReportWriter.writeChart(spec, width: 400, height: 160, to: "\(directory)/chart.png")
        let svg = try String(contentsOfFile: "\(directory)/chart.svg", encoding: .utf8)
        #expect(svg.hasPrefix("<?xml"))
        #expect(svg.contains("<path"))
        let png = try Data(contentsOf: URL(fileURLWithPath: "\(directory)/chart.png"))
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    @Test func anInvertedPeriodIsRefused() throws {
        let zone = TimeZone(identifier: "Europe/Berlin")!
        #expect(throws: ReportError.self) {
            _ = try ReportPeriod(
                from: try CalendarDate(year: 2026, month: 2, day: 1),
                through: try CalendarDate(year: 2026, month: 1, day: 1),
                timeZone: zone
            )
        }
    }
}

enum ChartSpecFixture {
    static let weight = ChartSpec(
        title: "Body weight (kg)",
        yUnit: "kg",
        series: [
            ChartSeries(
                label: "pre-dialysis",
                points: (0..<10).map { ChartPoint(x: Double($0) * 86_400_000, y: 70 + Double($0 % 3)) },
                color: .blue
            )
        ],
        references: [ChartReference(label: "dry weight", low: 68, high: 68)]
    )
}
