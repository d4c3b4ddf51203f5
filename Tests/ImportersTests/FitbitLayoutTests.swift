import AdapterProtocol
import Foundation
import Testing

@testable import Importers

/// Fitbit exports as people have them (issue 23): the archive, its `Takeout/Fitbit` folder, the
/// `Global Export Data` or `user-site-export` folder itself, and files sorted into sub-folders
/// (as in danlsn/fitport's real `data/user-site-export/heart_rate/…`, `…/altitude/…`; that
/// repository has no licence, so its layout is reproduced here with our own values).
struct FitbitLayoutTests {
    typealias F = FitbitTests

    static func found(_ result: Collected) -> [String] {
        result.problems.filter { $0.location == ImportOutput.foundLocation }.map(\.reason)
    }

    @Test func theGlobalExportDataFolderGivenItselfIsRead() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let folder = "Takeout/Fitbit/Global Export Data"
        try directory.write(F.weights, to: "\(folder)/weight-2015-05-17.json")
        try directory.write(F.steps, to: "\(folder)/steps-2015-05-18.json")
        let direct = await F.run(directory.path + "/" + folder)
        #expect(direct.failure == nil && direct.unreadable.isEmpty)
        #expect(direct.records("body_weight").count == 3 && direct.records("steps").count == 2)
        #expect(direct.records("body_fat").count == 1)
        #expect(
            Self.found(direct) == [
                "found: 2 files in Global Export Data (Takeout Global Export Data layout): 1 steps, 1 weight"
            ]
        )
        // Its parent, Takeout/Fitbit, reads the same records with the same ids.
        let parent = await F.run(directory.path + "/Takeout/Fitbit")
        #expect(parent.records.map(\.record) == direct.records.map(\.record))
        #expect(
            Self.found(parent) == [
                "found: 2 files in Global Export Data (Takeout Global Export Data layout): 1 steps, 1 weight"
            ]
        )
        // And so does the archive.
        let zip = try directory.zip(
            [
                ("\(folder)/weight-2015-05-17.json", Array(F.weights.utf8)),
                ("\(folder)/steps-2015-05-18.json", Array(F.steps.utf8)),
            ],
            to: "takeout-20260310T172133Z-001.zip"
        )
        let archive = await F.run(zip)
        #expect(archive.records.map(\.record) == direct.records.map(\.record))
        #expect(
            Self.found(archive) == [
                "found: 2 files in \(folder) (Takeout Global Export Data layout): 1 steps, 1 weight"
            ]
        )
    }

    @Test func userSiteExportGivenItselfWithFilesSortedIntoSubFolders() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let root = "Pat Doe/user-site-export"
        try directory.write(F.weights, to: "\(root)/weight/weight-2015-05-17.json")
        try directory.write(F.heartRateUTC, to: "\(root)/heart_rate/heart_rate-2015-05-19.json")
        try directory.write(F.steps, to: "\(root)/steps-2015-05-18.json")
        try directory.write(
            #"[{ "dateTime" : "05/18/15 14:01:00", "value" : "3" }]"#,
            to: "\(root)/altitude/altitude-2015-05-17.json"
        )
        try directory.write(
            #"[{ "dateTime" : "05/18/15 14:01:00", "value" : "3" }]"#,
            to: "\(root)/altitude/altitude-2015-06-16.json"
        )
        let result = await F.run(directory.path + "/" + root)
        #expect(result.failure == nil && result.unreadable.isEmpty)
        #expect(result.records("body_weight").count == 3)
        #expect(result.records("heart_rate").count == 2)
        #expect(result.records("steps").count == 2)
        #expect(
            Self.found(result) == [
                "found: 3 files in user-site-export (user-site-export layout): 1 heart_rate, 1 steps, 1 weight"
            ]
        )
        #expect(result.skipped == ["altitude files in user-site-export/altitude": 2])
        // A second import sends the same ids: the store keeps nothing twice.
        let again = await F.run(directory.path + "/" + root)
        #expect(
            again.records.map { $0.record.sourceRecordId ?? "" }
                == result.records.map { $0.record.sourceRecordId ?? "" }
        )
        let manifest = try String(contentsOf: Self.manifestURL, encoding: .utf8)
        #expect(manifest.contains(#"{ "namePattern": "user-site-export", "memberPattern": "*.json" }"#))
        #expect(manifest.contains(#"{ "namePattern": "Global Export Data", "memberPattern": "*.json" }"#))
    }

    @Test func aFolderWithoutFitbitDataSaysWhatWasExpectedInWords() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        try directory.write("{}", to: "notes/readme.json")
        let result = await F.run(directory.path)
        let failure = try #require(result.failure as? ImportFailure)
        #expect(
            failure.reason.hasPrefix("no Fitbit data files in it: expected JSON files such as weight-2020-01-01.json")
        )
        #expect(failure.reason.hasSuffix("it holds 1 files, none of them Fitbit data"))
        #expect(!failure.reason.contains("formats.md"))
    }

    static let manifestURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Plugins/fitbit-export/adapter.json")
}
