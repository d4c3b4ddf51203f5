import AdapterHost
import Foundation
import HubCore
import HubRecords
import HubStore
import Importers
import TestSupport
import Testing
import ZIPFoundation

/// `kidneyhub import` end to end: the real hub and the real import adapters, on generated exports.
@Suite(.serialized) struct ImportTests {
    struct Outcome: Decodable {
        var report: ImportReport?
        var error: ImportFailureJSON?
    }
    struct ImportFailureJSON: Decodable {
        var path: String
        var error: String
    }

    static func workspace() async throws -> Workspace {
        let workspace = try Workspace()
        try workspace.installImporters()
        try await workspace.acceptTerms()
        return workspace
    }

    static func importJSON(_ workspace: Workspace, _ paths: [String], from directory: String? = nil) async throws
        -> (CommandResult, [Outcome])
    {
        let result = try await workspace.kidneyhub(["import", "--json"] + paths, workingDirectory: directory)
        let outcomes = try JSONDecoder().decode([Outcome].self, from: Data(result.stdout.utf8))
        return (result, outcomes)
    }

    static func zip(_ files: [(String, String)], to path: String) throws {
        let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .create)
        for (name, text) in files {
            let data = Data(text.utf8)
            try archive.addEntry(
                with: name,
                type: .file,
                uncompressedSize: Int64(data.count),
                compressionMethod: .deflate,
                provider: { position, size in data.subdata(in: Int(position)..<(Int(position) + size)) }
            )
        }
    }

    // MARK: - Apple Health

    static func appleExport(days: Int, brokenRecordOnDay: Int? = nil) -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE HealthData [
            <!ATTLIST VisionPrescription
              type CDATA #REQUIRED
            ]>
            <HealthData locale="en_US">

            """
        for day in 1...days {
            let date = String(format: "2024-03-%02d", day)
            let value = day == brokenRecordOnDay ? "n/a" : "\(60 + day)"
            text += """
                 <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" unit="count/min" startDate="\(date) 08:00:00 +0100" endDate="\(date) 08:00:00 +0100" value="\(value)"/>
                 <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" startDate="\(date) 07:00:00 +0100" endDate="\(date) 07:00:00 +0100" value="\(80 + Double(day) / 10)"/>
                 <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Cuff" startDate="\(date) 07:05:00 +0100" endDate="\(date) 07:05:00 +0100">
                  <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Cuff" unit="mmHg" startDate="\(date) 07:05:00 +0100" endDate="\(date) 07:05:00 +0100" value="13\(day % 10)"/>
                  <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Cuff" unit="mmHg" startDate="\(date) 07:05:00 +0100" endDate="\(date) 07:05:00 +0100" value="8\(day % 10)"/>
                 </Correlation>
                 <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Cuff" unit="mmHg" startDate="\(date) 07:05:00 +0100" endDate="\(date) 07:05:00 +0100" value="13\(day % 10)"/>
                 <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Cuff" unit="mmHg" startDate="\(date) 07:05:00 +0100" endDate="\(date) 07:05:00 +0100" value="8\(day % 10)"/>

                """
        }
        return text + "</HealthData>\n"
    }

    @Test func appleHealthImportedTwiceStoresNothingNewAndReportsTheBadRecord() async throws {
        let workspace = try await Self.workspace()
        defer { workspace.remove() }
        let zip = "\(workspace.path)/export.zip"
        try Self.zip(
            [
                ("apple_health_export/export.xml", Self.appleExport(days: 5, brokenRecordOnDay: 3)),
                ("apple_health_export/export_cda.xml", "<ClinicalDocument/>"),
            ],
            to: zip
        )
        let (first, outcomes) = try await Self.importJSON(workspace, [zip])
        #expect(first.status == 0, "\(first.stderr)")
        let report = try #require(outcomes.first?.report)
        #expect(report.adapterId == "apple-health")
        #expect(report.kinds["heart_rate"] == .init(imported: 4, duplicates: 0, rejected: 1))
        #expect(report.kinds["body_weight"]?.imported == 5)
        // One blood pressure per correlation; the top-level copies of its readings are not counted again.
        #expect(report.kinds["blood_pressure"]?.imported == 5)
        #expect(report.rejected.map(\.location) == ["apple_health_export/export.xml:23"])
        #expect(!first.stderr.contains("\r"), "no progress bar when stderr is not a terminal")
        let store = try workspace.openStore()
        #expect(try await store.measurementCount() == 14)

        let (second, again) = try await Self.importJSON(workspace, [zip])
        #expect(second.status == 0)
        let repeated = try #require(again.first?.report)
        #expect(repeated.kinds.values.map(\.imported).reduce(0, +) == 0)
        #expect(repeated.kinds["body_weight"]?.duplicates == 5)
        #expect(try await store.measurementCount() == 14)
    }

    @Test func aTruncatedAppleExportFailsAndKeepsWhatCameBefore() async throws {
        let workspace = try await Self.workspace()
        defer { workspace.remove() }
        let full = Self.appleExport(days: 5)
        let cut = String(full.prefix(full.count * 3 / 5))
        let path = try workspace.write(cut, to: "export.xml")
        let result = try await workspace.kidneyhub(["import", path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("File unreadable: export.xml:"))
        #expect(result.stderr.contains("records read before the damage were stored"), "\(result.stderr)")
        let stored = try await workspace.openStore().measurementCount()
        #expect(stored > 0)
        // Whole days were read before the cut: at least two of each kind.
        #expect(try await workspace.openStore().measurementCount(kind: .bodyWeight) >= 2)
    }

    // MARK: - Fitbit

    /// A layout-A archive with one minute of steps, one heart rate and one weight per day.
    /// `weightShift` pounds are added to every weight (the same log ids with other values: a corrected export).
    static func fitbitArchive(days: ClosedRange<Int>, weightShift: Int = 0) -> [(String, String)] {
        let root = "Pat Doe/user-site-export"
        var steps: [String] = []
        var weights: [String] = []
        var files: [(String, String)] = [
            ("Pat Doe/user-profile/Profile.csv", "id,timezone,height\nP1,Europe/Berlin,180\n")
        ]
        for day in days {
            let date = String(format: "03/%02d/24", day)
            steps.append(#"{ "dateTime" : "\#(date) 09:00:00", "value" : "\#(100 + day)" }"#)
            weights.append(
                #"{ "logId" : \#(1_709_000_000_000 + day), "weight" : \#(176 + day + weightShift), "bmi" : \#(String(format: "%.2f", Double(176 + day + weightShift) * 0.45359237 / 3.24)), "date" : "\#(date)", "time" : "07:00:00" }"#
            )
            files.append(
                (
                    "\(root)/heart_rate-\(String(format: "2024-03-%02d", day)).json",
                    #"[{ "dateTime" : "\#(String(format: "03/%02d/24", day - 1)) 23:00:00", "value" : { "bpm" : \#(60 + day), "confidence" : 2 } }]"#
                )
            )
        }
        files.append(("\(root)/steps-2024-03-01.json", "[" + steps.joined(separator: ",\n") + "]"))
        files.append(("\(root)/weight-2024-03-01.json", "[" + weights.joined(separator: ",\n") + "]"))
        return files
    }

    @Test func anOverlappingNewerFitbitArchiveStoresOnlyTheNewRecords() async throws {
        let workspace = try await Self.workspace()
        defer { workspace.remove() }
        let older = "\(workspace.path)/fitbit-march-2-5.zip"
        let newer = "\(workspace.path)/fitbit-march-4-8.zip"
        try Self.zip(Self.fitbitArchive(days: 2...5), to: older)
        try Self.zip(Self.fitbitArchive(days: 4...8), to: newer)

        let (first, firstOutcome) = try await Self.importJSON(workspace, [older])
        #expect(first.status == 0, "\(first.stderr)")
        let report = try #require(firstOutcome.first?.report)
        #expect(report.adapterId == "fitbit-export")
        #expect(report.kinds["steps"]?.imported == 4)
        #expect(report.kinds["heart_rate"]?.imported == 4)
        #expect(report.kinds["body_weight"]?.imported == 4)

        let (second, secondOutcome) = try await Self.importJSON(workspace, [newer])
        #expect(second.status == 0)
        let overlap = try #require(secondOutcome.first?.report)
        for kind in ["steps", "heart_rate", "body_weight"] {
            #expect(overlap.kinds[kind] == .init(imported: 3, duplicates: 2, rejected: 0), "\(kind)")
        }
        let store = try workspace.openStore()
        #expect(try await store.measurementCount(kind: .steps) == 7)
        #expect(try await store.measurementCount() == 21)
        // The weights were pounds (BMI rule) and are stored in kg.
        let weights = try await store.measurements(kind: .bodyWeight)
        #expect(weights.count == 7)
        #expect(
            weights.map(\.measurement).allSatisfy {
                $0.originalUnit == "[lb_av]" && abs($0.value! - $0.originalValue! * 0.45359237) < 1e-6
            }
        )
    }

    /// Issue 21: two export files holding the same records (same log ids) with different values. The second file's
    /// records are conflicts, reported as such with their location and both values' story, not counted as plain
    /// duplicates; the stored values are kept.
    @Test func twoFilesWithTheSameRecordIdsAndOtherValuesReportConflicts() async throws {
        let workspace = try await Self.workspace()
        defer { workspace.remove() }
        let original = "\(workspace.path)/fitbit-original.zip"
        let corrected = "\(workspace.path)/fitbit-corrected.zip"
        try Self.zip(Self.fitbitArchive(days: 2...5), to: original)
        try Self.zip(Self.fitbitArchive(days: 2...5, weightShift: 3), to: corrected)

        let (first, firstOutcome) = try await Self.importJSON(workspace, [original])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try #require(firstOutcome.first?.report).kinds["body_weight"]?.imported == 4)
        let store = try workspace.openStore()
        let before = try await store.measurements(kind: .bodyWeight).map(\.measurement.originalValue)

        let (second, secondOutcome) = try await Self.importJSON(workspace, [corrected])
        #expect(second.status == 0, "\(second.stderr)")
        let report = try #require(secondOutcome.first?.report)
        #expect(report.kinds["body_weight"]?.imported == 0)
        let weightConflicts = report.conflicts.filter { $0.kind == "body_weight" }
        #expect(weightConflicts.count == 4, "\(report.conflicts)")
        for conflict in weightConflicts {
            // Named by its record id, and said to be a conflict.
            #expect(conflict.location.hasPrefix("record weight/17090000000"), "\(conflict)")
            #expect(conflict.reason.hasPrefix("conflict: "), "\(conflict)")
        }
        // The unchanged records of the second file (steps, heart rates) are plain duplicates, not conflicts.
        #expect(report.kinds["steps"]?.duplicates == 4)
        #expect(report.conflicts.allSatisfy { $0.kind == "body_weight" }, "\(report.conflicts)")
        // Kept as first stored.
        #expect(try await store.measurements(kind: .bodyWeight).map(\.measurement.originalValue) == before)

        // The text report names them as conflicts.
        let text = try await workspace.kidneyhub(["import", corrected])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("conflicts (same record id, another value or time"), "\(text.stdout)")
    }

    // MARK: - Garmin FIT

    /// devices.md §6.3's monitoring file, with another serial number and its CRC recomputed.
    static func fitFile(serial: UInt32) -> [UInt8] {
        var bytes = FITVector.monitoring
        // file_id's data message starts at byte 35: header, type, manufacturer (2), product (2), serial (4).
        bytes[41] = UInt8(serial & 0xFF)
        bytes[42] = UInt8(serial >> 8 & 0xFF)
        bytes[43] = UInt8(serial >> 16 & 0xFF)
        bytes[44] = UInt8(serial >> 24)
        let crc = FITCRC.compute(bytes[0..<100])
        bytes[100] = UInt8(crc & 0xFF)
        bytes[101] = UInt8(crc >> 8)
        return bytes
    }

    @Test func aFolderOfFITFilesImportsTheGoodOnesAndReportsTheDamagedOne() async throws {
        let workspace = try await Self.workspace()
        defer { workspace.remove() }
        try workspace.write(bytes: Self.fitFile(serial: 1001), to: "garmin/monitor-1.fit")
        try workspace.write(bytes: Self.fitFile(serial: 1002), to: "garmin/2024/monitor-2.fit")
        var damaged = Self.fitFile(serial: 1003)
        damaged[70] ^= 0xFF
        try workspace.write(bytes: damaged, to: "garmin/monitor-3.fit")
        let (result, outcomes) = try await Self.importJSON(workspace, ["\(workspace.path)/garmin"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(outcomes.first?.report)
        #expect(report.adapterId == "garmin-fit")
        #expect(report.kinds["heart_rate"]?.imported == 6)
        #expect(report.kinds["steps"]?.imported == 6)
        #expect(report.rejected.count == 1)
        #expect(report.rejected.first?.location == "monitor-3.fit@100")
        #expect(report.rejected.first?.reason.contains("CRC mismatch") == true)
        // The damaged file's device never reached the store: nothing of it was stored.
        let devices = try await workspace.openStore().devices().map(\.identity.deviceId)
        #expect(Set(devices) == ["fit-1-1001", "fit-1-1002"])
    }

    @Test func aDamagedFITFileOnItsOwnIsAnErrorAndStoresNothing() async throws {
        let workspace = try await Self.workspace()
        defer { workspace.remove() }
        let path = try workspace.write(bytes: Array(Self.fitFile(serial: 7).prefix(80)), to: "cut.fit")
        let result = try await workspace.kidneyhub(["import", path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("cut.fit@80"))
        #expect(result.stderr.contains("truncated"))
        #expect(try await workspace.openStore().measurementCount() == 0)
    }

    @Test(arguments: ["apple-health", "fitbit-export", "garmin-fit"])
    func theImportAdaptersPassTheConformanceChecks(_ id: String) async throws {
        let workspace = try await Self.workspace()
        defer { workspace.remove() }
        let result = try await CommandResult.run(
            Workspace.kidneyhub,
            ["adapters", "check", "\(workspace.adaptersDirectory)/\(id)/adapter.json"],
            timeout: .seconds(120)
        )
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("\(id): conformant"))
    }

    @Test func aPathNoAdapterRecognisesIsRefused() async throws {
        let workspace = try await Self.workspace()
        defer { workspace.remove() }
        let path = try workspace.write("just some notes", to: "notes.txt")
        let result = try await workspace.kidneyhub(["import", path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("no adapter recognises it"))
    }
}

/// The 102-byte monitoring_b file of devices.md §6.3 (checked with Garmin's JS SDK).
enum FITVector {
    static let monitoring: [UInt8] = """
        0E 20 8B 08 56 00 00 00 2E 46 49 54 08 5E 40 00 00 00 00 05 00 01 00 01 02 84 02 02 84 03 04 8C 04 04 86 \
        00 20 01 00 57 0D 15 CD 5B 07 F0 A5 56 40 41 00 00 37 00 04 FD 04 86 05 01 00 03 04 86 1B 01 02 \
        01 F0 A5 56 40 06 78 00 00 00 48 01 2C A6 56 40 06 E0 01 00 00 58 01 68 A6 56 40 06 BA 04 00 00 5F 6F BC
        """.split(separator: " ").map { UInt8($0, radix: 16)! }
}

extension ImportTests {
    /// Issue 23: what an importer leaves out on purpose is counted as a line of the report ("skipped: …"), never as a
    /// rejected record; a damaged file says how many records before the damage were stored, or that none were.
    @Test func skippedTypesAreReportLinesAndADamagedFileSaysWhatWasKept() async throws {
        let workspace = try await Self.workspace()
        defer { workspace.remove() }
        let export = """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
             <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" creationDate="2024-03-01 08:00:00 +0100" startDate="2024-03-01 08:00:00 +0100" endDate="2024-03-01 08:00:00 +0100" value="71.5"/>
             <Record type="HKQuantityTypeIdentifierBasalEnergyBurned" sourceName="Watch" unit="kcal" creationDate="2024-03-01 08:00:00 +0100" startDate="2024-03-01 08:00:00 +0100" endDate="2024-03-01 09:00:00 +0100" value="70"/>
             <Record type="HKQuantityTypeIdentifierBasalEnergyBurned" sourceName="Watch" unit="kcal" creationDate="2024-03-01 09:00:00 +0100" startDate="2024-03-01 09:00:00 +0100" endDate="2024-03-01 10:00:00 +0100" value="71"/>
            </HealthData>
            """
        let path = try workspace.write(export, to: "export.xml")
        let (result, outcomes) = try await Self.importJSON(workspace, [path])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(outcomes.first?.report)
        #expect(report.kinds["body_weight"]?.imported == 1)
        #expect(report.kinds["(file)"] == nil, "a skipped type is not a rejected record: \(report.kinds)")
        #expect(report.rejected.isEmpty, "\(report.rejected)")
        #expect(
            report.notes.contains { $0.hasPrefix("skipped: 2 HKQuantityTypeIdentifierBasalEnergyBurned") },
            "\(report.notes)"
        )
        let text = try await workspace.kidneyhub(["import", path])
        #expect(text.stdout.contains("  skipped: 2 HKQuantityTypeIdentifierBasalEnergyBurned"), "\(text.stdout)")

        // Damaged before its first record: nothing was stored, and the message says so.
        let cut = try workspace.write(String(export.prefix(60)), to: "cut/export.xml")
        let damaged = try await workspace.kidneyhub(["import", cut])
        #expect(damaged.status == 1)
        #expect(damaged.stderr.contains("(nothing from it was stored)"), "\(damaged.stderr)")
        #expect(!damaged.stderr.contains("before the damage were stored"), "\(damaged.stderr)")
    }
}
