import AdapterProtocol
import Foundation
import Testing
import ZIPFoundation

@testable import Importers

/// The Fitbit reader on small generated exports of each layout (formats.md §1).
struct FitbitTests {
    static let profile = "id,full_name,timezone,height\n7ABCDE,Pat Doe,Australia/Sydney,177.0\n"
    /// formats.md §1.3: 191.8 lb with BMI 27.77 at 1.77 m; a manual entry at 23:59:59.
    static let weights = """
        [{ "logId" : 1431993599000, "weight" : 191.8, "bmi" : 27.77, "date" : "05/18/15", "time" : "23:59:59" },
         { "logId" : 1432026000000, "weight" : 87.2, "bmi" : 27.83, "fat" : 24.0, "date" : "05/19/15", "time" : "09:00:00", "source" : "Aria" },
         { "logId" : 1432112400000, "weight" : 87.0, "date" : "05/20/15", "time" : "09:00:00", "source" : "Aria" }]
        """
    static let steps = """
        [{ "dateTime" : "05/18/15 14:00:00", "value" : "0" },
         { "dateTime" : "05/18/15 14:01:00", "value" : "57" },
         { "dateTime" : "05/18/15 14:02:00", "value" : "12" }]
        """
    static let distance = #"[{ "dateTime" : "05/18/15 14:01:00", "value" : "753.6" }]"#
    static let calories = #"[{ "dateTime" : "05/18/15 14:01:00", "value" : "3.5821" }]"#
    /// A day file of a UTC+10 user: it starts at 14:00 UTC the day before (formats.md §1.4).
    static let heartRateUTC = """
        [{ "dateTime" : "05/18/15 14:00:00", "value" : { "bpm" : 64, "confidence" : 2 } },
         { "dateTime" : "05/18/15 14:00:10", "value" : { "bpm" : 66, "confidence" : 3 } }]
        """
    static let restingHeartRate = """
        [{ "dateTime" : "05/17/15 00:00:00", "value" : { "date" : null, "value" : 0.0, "error" : 0.0 } },
         { "dateTime" : "05/19/15 00:00:00", "value" : { "date" : "05/19/15", "value" : 58.09658432006836, "error" : 13.8 } }]
        """
    static let sleep = """
        [{ "logId" : 1028309330, "dateOfSleep" : "2015-06-16", "startTime" : "2015-06-15T23:46:00.000",
           "endTime" : "2015-06-16T10:19:10.000", "duration" : 37980000, "minutesAsleep" : 608, "minutesAwake" : 18,
           "type" : "classic", "mainSleep" : true }]
        """
    static let water =
        #"[{ "id" : 1329813433, "date" : "05/18/15", "waterAmount" : 200.0, "measurementUnit" : "MILLILITER" }]"#

    static func run(_ path: String) async -> Collected {
        await Collected.run { output in
            try FitbitImporter(
                source: ImportSource(path: path),
                output: output,
                fallbackZone: TimeZone(identifier: "UTC")!
            ).run()
        }
    }

    /// Layout A with every family.
    static func layoutA(in directory: TestDirectory, heartRate: String = heartRateUTC) throws -> String {
        let root = "Pat Doe/user-site-export"
        try directory.write(profile, to: "Pat Doe/user-profile/Profile.csv")
        try directory.write(weights, to: "\(root)/weight-2015-05-17.json")
        try directory.write(steps, to: "\(root)/steps-2015-05-18.json")
        try directory.write(distance, to: "\(root)/distance-2015-05-18.json")
        try directory.write(calories, to: "\(root)/calories-2015-05-18.json")
        try directory.write(heartRate, to: "\(root)/heart_rate-2015-05-19.json")
        try directory.write(restingHeartRate, to: "\(root)/resting_heart_rate-2015-05-17.json")
        try directory.write(sleep, to: "\(root)/sleep-2015-05-17.json")
        try directory.write(water, to: "\(root)/water_logs-0.json")
        try directory.write("[]", to: "\(root)/badge.json")
        return directory.path
    }

    @Test func layoutAReadsEveryFamilyWithItsTimeZone() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let result = await Self.run(try Self.layoutA(in: directory))
        #expect(result.failure == nil)
        #expect(result.unreadable.isEmpty)
        #expect(result.records.first?.device.deviceId == "fitbit:7ABCDE")

        // Weight: local wall clock in the profile's zone (AEST, +10:00 in May), pounds by the BMI rule.
        let weights = result.records("body_weight")
        #expect(weights.map(\.unit) == ["[lb_av]", "kg", "kg"])
        #expect(weights.first?.effectiveTime == "2015-05-18T23:59:59+10:00")
        #expect(weights.first?.sourceRecordId == "weight/1431993599000")
        #expect(result.records("body_fat").map(\.value) == [24.0])

        // Intraday: UTC, zero minutes skipped, distance in cm, calories as total energy.
        let steps = result.records("steps")
        #expect(steps.map(\.value) == [57, 12])
        #expect(steps.first?.effectivePeriod == TimePeriod(start: "2015-05-18T14:01:00Z", end: "2015-05-18T14:02:00Z"))
        #expect(result.records("distance").map(\.unit) == ["cm"])
        #expect(result.records("total_energy").map(\.value) == [3.5821])
        #expect(result.records("heart_rate").map(\.effectiveTime) == ["2015-05-18T14:00:00Z", "2015-05-18T14:00:10Z"])

        // Resting heart rate: the day without an estimate is skipped; dated at local midnight.
        let resting = result.records("resting_heart_rate")
        #expect(resting.count == 1)
        #expect(resting.first?.effectiveTime == "2015-05-19T00:00:00+10:00")
        #expect(resting.first?.sourceRecordId == "rhr/2015-05-19")

        // Sleep: device-local times (AEST), minutes asleep.
        let sleep = try #require(result.records("sleep").first)
        #expect(sleep.value == 608 && sleep.unit == "min")
        #expect(
            sleep.effectivePeriod == TimePeriod(start: "2015-06-15T23:46:00+10:00", end: "2015-06-16T10:19:10+10:00")
        )
        #expect(result.records("dietary_water").map(\.unit) == ["mL"])
    }

    @Test func dayFilesStartingAtLocalMidnightAreReadAsLocalTime() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let local = Self.heartRateUTC
            .replacingOccurrences(of: "05/18/15 14:00:00", with: "05/19/15 00:00:00")
            .replacingOccurrences(of: "05/18/15 14:00:10", with: "05/19/15 00:00:10")
        let result = await Self.run(try Self.layoutA(in: directory, heartRate: local))
        #expect(
            result.records("heart_rate").map(\.effectiveTime) == [
                "2015-05-19T00:00:00+10:00", "2015-05-19T00:00:10+10:00",
            ]
        )
        // The same instants as the UTC reading of the other archive: the ids agree.
        #expect(result.records("heart_rate").map(\.sourceRecordId) == ["hr/1431957600", "hr/1431957610"])
    }

    @Test func layoutBFromAZip() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let zip = try directory.zip(
            [
                ("Pat Doe/Personal & Account/Profile.csv", Array(Self.profile.utf8)),
                ("Pat Doe/Personal & Account/weight-2015-05-17.json", Array(Self.weights.utf8)),
                ("Pat Doe/Physical Activity/heart_rate-2015-05-19.json", Array(Self.heartRateUTC.utf8)),
                ("Pat Doe/Physical Activity/distance-2015-05-18.json", Array(Self.distance.utf8)),
                ("Pat Doe/Sleep/sleep-2015-05-17.json", Array(Self.sleep.utf8)),
                ("Pat Doe/Sleep/sleep_score.csv", Array("sleep_log_entry_id,timestamp,overall_score\n".utf8)),
            ],
            to: "MyFitbitData.zip"
        )
        let result = await Self.run(zip)
        #expect(result.failure == nil)
        #expect(result.records("body_weight").count == 3)
        #expect(result.records("heart_rate").count == 2)
        #expect(result.records("distance").count == 1)
        #expect(result.records("sleep").count == 1)
    }

    @Test func layoutCTakeoutGlobalExportData() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let root = "Takeout/Fitbit/Global Export Data"
        try directory.write(Self.profile, to: "Takeout/Fitbit/Your Profile/Profile.csv")
        try directory.write(Self.steps, to: "\(root)/steps-2015-05-18.json")
        try directory.write(Self.restingHeartRate, to: "\(root)/resting_heart_rate-2015-05-17.json")
        try directory.write("timestamp,overall_score\n", to: "Takeout/Fitbit/Sleep Score/sleep_score.csv")
        let result = await Self.run(directory.path)
        #expect(result.records.map(\.record.kind) == ["resting_heart_rate", "steps", "steps"])
    }

    @Test func layoutDGoogleCSVsMatchTheirJSONTwins() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let csvRoot = "Takeout/Google Health/Physical Activity_GoogleData"
        try directory.write(
            "timestamp,beats per minute,data source\n2015-05-18T14:00:00Z,64.0,\"Pixel Watch, 2\"\n2015-05-18T14:00:20Z,70.0,x\nbad-time,70,x\n",
            to: "\(csvRoot)/heart_rate_2015-05-18.csv"
        )
        try directory.write("timestamp,steps\n2015-05-18T14:01:00Z,57\n", to: "\(csvRoot)/steps_2015-05-18.csv")
        try directory.write(
            "timestamp,beats per minute\n2015-05-19T00:00:00Z,58.5\n",
            to: "\(csvRoot)/daily_resting_heart_rate.csv"
        )
        try directory.write("timestamp,weight grams\n2015-05-19T23:00:00Z,87000\n", to: "\(csvRoot)/weight_2015.csv")
        try directory.write("no data", to: "\(csvRoot)/steps_2015-05-19.csv")
        try directory.write(
            Self.heartRateUTC,
            to: "Takeout/Google Health/Global Export Data/heart_rate-2015-05-19.json"
        )
        let result = await Self.run(directory.path)
        #expect(result.failure == nil)
        let heartRates = result.records("heart_rate")
        // The JSON sample at 14:00:00 and its CSV copy share one id: the store keeps one.
        #expect(
            heartRates.map(\.sourceRecordId) == ["hr/1431957600", "hr/1431957610", "hr/1431957600", "hr/1431957620"]
        )
        #expect(
            result.unreadable.map(\.location) == [
                "Takeout/Google Health/Physical Activity_GoogleData/heart_rate_2015-05-18.csv:4"
            ]
        )
        #expect(result.records("steps").map(\.sourceRecordId) == ["steps/1431957660"])
        #expect(result.records("body_weight").first?.unit == "g")
        #expect(result.records("resting_heart_rate").first?.sourceRecordId == "rhr/2015-05-19")
    }

    @Test func googleCSVFieldsInQuotesHoldCommasQuotesAndLineBreaksAndProblemsNameTheirLine() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let file = "Takeout/Google Health/Physical Activity_GoogleData/heart_rate_2015-05-18.csv"
        // A byte-order mark and CRLF line ends, as a spreadsheet saves; the second row's source spans lines 2 and 3,
        // so the bad row is on line 4 although it is the file's third row.
        try directory.write(
            "\u{FEFF}timestamp,beats per minute,data source\r\n"
                + "2015-05-18T14:00:00Z,64.0,\"Pixel \"\"Watch\"\",\r\n2\"\r\n"
                + "bad-time,70,x\r\n",
            to: file
        )
        let result = await Self.run(directory.path)
        #expect(result.failure == nil)
        #expect(result.records("heart_rate").map(\.sourceRecordId) == ["hr/1431957600"])
        #expect(result.unreadable.map(\.location) == ["\(file):4"])
    }

    @Test func aBadRecordIsReportedAtItsOffsetAndABrokenFileAlone() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let root = "Pat Doe/user-site-export"
        let steps = Self.steps.replacingOccurrences(of: #""value" : "12""#, with: #""value" : "twelve""#)
        try directory.write(steps, to: "\(root)/steps-2015-05-18.json")
        try directory.write(
            #"[{ "dateTime" : "05/18/15 14:01:00", "value" : "75"#,
            to: "\(root)/distance-2015-05-18.json"
        )
        try directory.write(Self.water, to: "\(root)/water_logs-0.json")
        let result = await Self.run(directory.path)
        #expect(result.failure == nil)
        #expect(result.unreadable.count == 2)
        let bad = try #require(result.unreadable.first { $0.location.hasPrefix("\(root)/steps") })
        let offset = try #require(Int(bad.location.split(separator: "@").last!))
        #expect(Array(steps.utf8)[offset] == UInt8(ascii: "{"))
        #expect(String(decoding: Array(steps.utf8)[offset...].prefix(40), as: UTF8.self).contains("14:02:00"))
        #expect(bad.kind == "steps")
        #expect(
            result.unreadable.contains {
                $0.location.hasPrefix("\(root)/distance") && $0.reason.contains("not valid JSON")
            }
        )
        #expect(result.records("steps").map(\.value) == [57])
        #expect(result.records("dietary_water").count == 1)
    }

    @Test func minutesOfEveryShapeReadAlike() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let root = "Pat Doe/user-site-export"
        // The usual shape is read from its bytes; the others are parsed in full: all must read the same.
        let steps = #"""
            [ { "dateTime" : "05/18/15 14:01:00", "value" : "10" },
              { "value" : "20", "dateTime" : "05/18/15 14:02:00" },
              { "dateTime" : "05/18/15 14:03:00", "value" : 30 },
              { "dateTime" : "05\/18\/15 14:04:00", "value" : "40" },
              { "dateTime" : "05/18/15 14:05:00", "value" : "0" },
              { "dateTime" : "05/18/15 14:06:00", "value" : "-6" },
              { "dateTime" : "18/05/15 14:07:00", "value" : "70" },
              { "dateTime" : "05/18/15 14:08:00", "value" : "80.5", "note" : null },
              "not an object" ]
            """#
        try directory.write(steps, to: "\(root)/steps-2015-05-18.json")
        let result = await Self.run(directory.path)
        #expect(result.failure == nil)
        #expect(result.records("steps").map(\.value) == [10, 20, 30, 40, 80.5])
        #expect(result.records("steps").map(\.sourceRecordId).first == "steps/1431957660")
        #expect(
            result.unreadable.map(\.reason) == [
                "value missing or negative", "dateTime missing or not MM/dd/yy HH:mm:ss", "not a JSON object",
            ]
        )
        let offsets = result.unreadable.compactMap { Int($0.location.split(separator: "@").last!) }
        #expect(offsets.map { Array(steps.utf8)[$0] } == [UInt8(ascii: "{"), UInt8(ascii: "{"), UInt8(ascii: "\"")])
    }

    @Test func aZipEntryWhoseBytesDoNotMatchItsCRCIsRefusedAsDamaged() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let zip = try directory.zip(
            [("Pat Doe/user-site-export/steps-2015-05-18.json", Array(Self.steps.utf8))],
            to: "export.zip",
            compression: .none
        )
        // Stored, not deflated: one digit of the entry's bytes changes and the JSON stays valid.
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: zip)))
        let marker = Array(#""value" : "57""#.utf8)
        let at = try #require(bytes.indices.first { bytes[$0...].starts(with: marker) })
        bytes[at + marker.count - 2] = UInt8(ascii: "8")
        try Data(bytes).write(to: URL(fileURLWithPath: zip))

        let result = await Self.run(zip)
        let failure = try #require(result.failure as? ImportFailure)
        #expect(failure.location.hasSuffix("steps-2015-05-18.json"))
        #expect(failure.reason.contains("damaged") && failure.reason.contains("CRC-32"))
        #expect(result.records.isEmpty)
    }

    @Test func notAFitbitExport() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        try directory.write("hello", to: "notes/readme.txt")
        let result = await Self.run(directory.path)
        #expect(result.failure is ImportFailure)
    }

    @Test func weightUnitRule() {
        // formats.md §1.5 example: 191.8 with BMI 27.77 is pounds (1.77 m); 87.0 with the same BMI is kg.
        #expect(FitbitWeightUnit.decide(weight: 191.8, bmi: 27.77, profileHeight: nil, previous: nil) == "[lb_av]")
        #expect(FitbitWeightUnit.decide(weight: 87.0, bmi: 27.77, profileHeight: nil, previous: "[lb_av]") == "kg")
        // Both readings plausible (1.45 m in lb, 2.15 m in kg): the profile height decides.
        #expect(FitbitWeightUnit.decide(weight: 92.70, bmi: 20, profileHeight: 1.46, previous: nil) == "[lb_av]")
        #expect(FitbitWeightUnit.decide(weight: 92.70, bmi: 20, profileHeight: 2.10, previous: nil) == "kg")
        // No BMI: the source's previous unit, else pounds.
        #expect(FitbitWeightUnit.decide(weight: 87.0, bmi: nil, profileHeight: nil, previous: "kg") == "kg")
        #expect(FitbitWeightUnit.decide(weight: 190.0, bmi: nil, profileHeight: nil, previous: nil) == "[lb_av]")
    }

    @Test func filesAreRecognisedByFolderAndName() {
        func classify(_ path: String) -> FitbitFile? { FitbitFile.classify(.init(path: path, size: 1)) }
        #expect(classify("X/user-site-export/heart_rate-2016-08-24.json")?.family == .heartRate)
        #expect(classify("X/user-site-export/heart_rate-2016-08-24.json")?.layout == .userSiteExport)
        #expect(classify("X/user-site-export/resting_heart_rate-2016-01-01.json")?.family == .restingHeartRate)
        #expect(classify("X/user-site-export/water_logs-0.json")?.family == .waterLogs)
        #expect(classify("X/Personal & Account/weight-2020-01-01.json")?.layout == .accountArchive)
        #expect(classify("Takeout/Fitbit/Global Export Data/steps-2024-01-01.json")?.layout == .takeoutGlobalExport)
        #expect(
            classify("Takeout/Fitbit/Physical Activity_GoogleData/heart_rate_2024-10-27.csv")?.layout
                == .googleHealthCSV
        )
        #expect(classify("X/user-site-export/very_active_minutes-2016-01-01.json") == nil)
        #expect(classify("X/elsewhere/steps-2016-01-01.json") == nil)
    }
}
