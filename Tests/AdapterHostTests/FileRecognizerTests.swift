import AdapterProtocol
import Foundation
import TestSupport
import Testing

@testable import AdapterHost

/// Which file adapter takes a path, by the manifests' `matches.files` (adapter-protocol.md §9).
struct FileRecognizerTests {
    static func adapter(_ id: String, _ files: [AdapterManifest.FileMatch]) -> InstalledAdapter {
        InstalledAdapter(
            manifest: AdapterManifest(
                id: id,
                name: id,
                version: "1",
                executable: "/bin/true",
                protocolVersions: ["1.0"],
                kinds: ["steps"],
                matches: .init(files: files)
            ),
            manifestPath: "/nowhere/\(id)/adapter.json",
            executablePath: "/bin/true"
        )
    }

    static let recognizer = FileRecognizer(adapters: [
        adapter("simulator", []),
        adapter(
            "apple-health",
            [
                .init(namePattern: "*.xml", contentSniff: "HealthData"),
                .init(namePattern: "*", contentSniff: "HealthData", memberPattern: "*export.xml"),
            ]
        ),
        adapter("fitbit-export", [.init(namePattern: "*", memberPattern: "*user-site-export/*.json")]),
        adapter(
            "garmin-fit",
            [
                .init(namePattern: "*.fit", contentSniff: ".FIT"),
                .init(namePattern: "*", contentSniff: ".FIT", memberPattern: "*.fit"),
            ]
        ),
    ])

    static func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "recognizer-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func write(_ text: String, _ path: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true
        )
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    @Test func filesByNameAndContent() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.write("<?xml version=\"1.0\"?>\n<!DOCTYPE HealthData [", "\(directory)/export.xml")
        try Self.write("<?xml version=\"1.0\"?>\n<ClinicalDocument/>", "\(directory)/export_cda.xml")
        try Self.write("0123456789AB.FIT....", "\(directory)/run.fit")
        #expect(try Self.recognizer.adapter(for: "\(directory)/export.xml").id == "apple-health")
        #expect(try Self.recognizer.adapter(for: "\(directory)/run.fit").id == "garmin-fit")
        #expect(throws: ImportUnrecognized.self) { try Self.recognizer.adapter(for: "\(directory)/export_cda.xml") }
    }

    /// Issue 21, drill finding 6: a truncated zip said "no adapter recognises it".
    @Test func aTruncatedZipIsSaidToBeDamagedNotUnrecognised() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // The first bytes of a zip (a local file header, "PK\3\4") and no central directory: a download cut short.
        let head =
            Data([0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00]) + Data(repeating: 0x41, count: 500)
        try head.write(to: URL(fileURLWithPath: "\(directory)/export.zip"))
        #expect {
            try Self.recognizer.adapter(for: "\(directory)/export.zip")
        } throws: { error in
            let reason = (error as? ImportUnrecognized)?.reason ?? ""
            return reason.contains("truncated or damaged") && !reason.contains("no adapter recognises it")
        }
    }

    @Test func foldersByWhatIsInThem() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.write("[]", "\(directory)/fitbit/Pat Doe/user-site-export/steps-2015-01-01.json")
        try Self.write("<HealthData locale=\"en_US\">", "\(directory)/apple/apple_health_export/export.xml")
        try Self.write("0123456789AB.FIT", "\(directory)/garmin/2024/activity.fit")
        try Self.write("nothing", "\(directory)/other/notes.txt")
        #expect(try Self.recognizer.adapter(for: "\(directory)/fitbit").id == "fitbit-export")
        #expect(try Self.recognizer.adapter(for: "\(directory)/apple").id == "apple-health")
        #expect(try Self.recognizer.adapter(for: "\(directory)/garmin").id == "garmin-fit")
        do {
            _ = try Self.recognizer.adapter(for: "\(directory)/other")
            Issue.record("a folder of notes was recognised")
        } catch {
            #expect(error.reason.contains("apple-health, fitbit-export, garmin-fit"))
        }
        #expect(throws: ImportUnrecognized.self) { try Self.recognizer.adapter(for: "\(directory)/missing.zip") }
    }

    @Test func globs() {
        #expect(Glob.matches("*.fit", "run.fit"))
        #expect(!Glob.matches("*.fit", "run.fit.bak"))
        #expect(Glob.matches("*user-site-export/*.json", "Pat Doe/user-site-export/steps-2015-01-01.json"))
        #expect(Glob.matches("a?c*", "abcdef"))
        #expect(!Glob.matches("a?c", "ac"))
        #expect(Glob.matches("*", ""))
    }

    @Test func progressLineShowsAmountRateAndTimeLeft() {
        let line = ProgressLine.render(done: 250_000_000, total: 1_000_000_000, elapsedSeconds: 5)
        #expect(line == "[#####...............]  25%  250.0 MB of 1.0 GB  50.0 MB/s  0:15 left")
        #expect(ProgressLine.clock(3725) == "1:02:05")
        #expect(ProgressLine.bytes(999) == "999 B")
    }
}
