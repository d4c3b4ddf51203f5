import AdapterProtocol
import Foundation
import Testing

@testable import Importers

/// Apple Health exports as people have them (issue 23): made on iPhones in other languages, by
/// iOS 8, with sleep, body fat, oxygen saturation and distance, and with record types the hub
/// does not keep, counted by type.
struct AppleHealthExportShapesTests {
    /// The iOS 8 shape (formats.md §2.7 item 3): compact dates, `source` for the source's name,
    /// heart rate in count/s; no DTD.
    static let iOS8Export = """
        <?xml version="1.0" encoding="UTF-8"?>
        <HealthData locale="de_DE">
         <ExportDate value="20150603080000+0100"/>
         <Me HKCharacteristicTypeIdentifierDateOfBirth="19660101"/>
         <Record type="HKQuantityTypeIdentifierHeartRate" source="Health" unit="count/s" value="1.2" startDate="20150603050200+0100" endDate="20150603050200+0100"/>
         <Record type="HKQuantityTypeIdentifierStepCount" source="iPhone" unit="count" value="120" startDate="20150603050200+0100" endDate="20150603051200+0100"/>
         <Record type="HKQuantityTypeIdentifierBodyMass" source="Health" unit="kg" value="80.2" startDate="20150603070000+0100" endDate="20150603070000+0100"/>
         <Record type="HKQuantityTypeIdentifierFlightsClimbed" source="iPhone" unit="count" value="2" startDate="20150603050200+0100" endDate="20150603051200+0100"/>
         <Record type="HKQuantityTypeIdentifierFlightsClimbed" source="iPhone" unit="count" value="1" startDate="20150603060200+0100" endDate="20150603061200+0100"/>
        </HealthData>

        """

    @Test func anIOS8ExportIsReadWithItsCompactDatesSourceAndBeatsPerSecond() async throws {
        let result = await AppleHealthTests.parse(Self.iOS8Export)
        #expect(result.failure == nil && result.unreadable.isEmpty)
        #expect(result.records.map(\.record.kind) == ["heart_rate", "steps", "body_weight"])
        let heart = try #require(result.records("heart_rate").first)
        #expect(heart.value == 72 && heart.unit == "/min", "1.2 beats per second is 72 per minute")
        #expect(heart.effectiveTime == "2015-06-03T05:02:00+01:00")
        #expect(result.records.first?.device.deviceId == "apple-health:Health")
        #expect(
            result.records("steps").first?.effectivePeriod
                == TimePeriod(start: "2015-06-03T05:02:00+01:00", end: "2015-06-03T05:12:00+01:00")
        )
        #expect(result.skipped == ["HKQuantityTypeIdentifierFlightsClimbed": 2])
    }

    @Test func metadataAttributesWithSpacesInTheirNamesNoLongerCostTheRecords() async throws {
        // The 2015 Withings shape (formats.md §2.7 item 3, lionheart/openradar-mirror#821).
        let export = """
            <HealthData locale="de_DE">
             <Record type="HKQuantityTypeIdentifierBodyMass" source="Health Mate" unit="kg" value="80.1" startDate="20150616071916-0700" endDate="20150616071916-0700" Health Mate App Version="2.6.0" Withings User Identifier="123"/>
             <Record type="HKQuantityTypeIdentifierBodyMass" source="Health Mate" unit="kg" value="80.4" startDate="20150617071916-0700" endDate="20150617071916-0700" Health Mate App Version="2.6.0"/>
            </HealthData>

            """
        for chunk in [1 << 20, 13] {
            let result = await AppleHealthTests.parse(export, chunk: chunk)
            #expect(result.failure == nil && result.unreadable.isEmpty)
            #expect(result.records("body_weight").map(\.value) == [80.1, 80.4], "chunk \(chunk)")
        }
        var tag = Array(#"<a b c="1" d="x y" e  f = 'g h'/><!-- i j --></a>"#.utf8)
        tag.withUnsafeMutableBufferPointer { AttributeNameRepair.repair($0) }
        #expect(String(decoding: tag, as: UTF8.self) == #"<a b_c="1" d="x y" e__f = 'g h'/><!-- i j --></a>"#)
        var valid = Array(#"<Record type="x" value="1"  unit="kg">text with spaces</Record>"#.utf8)
        let before = valid
        valid.withUnsafeMutableBufferPointer { AttributeNameRepair.repair($0) }
        #expect(valid == before)
    }

    static let newerKinds = """
        <HealthData locale="en_GB">
         <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Watch" value="HKCategoryValueSleepAnalysisInBed" startDate="2023-01-01 22:30:00 +0000" endDate="2023-01-02 06:30:00 +0000"/>
         <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Watch" value="HKCategoryValueSleepAnalysisAsleepCore" startDate="2023-01-01 23:00:00 +0000" endDate="2023-01-02 01:30:00 +0000"/>
         <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Watch" value="HKCategoryValueSleepAnalysisAwake" startDate="2023-01-02 01:30:00 +0000" endDate="2023-01-02 01:40:00 +0000"/>
         <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Watch" value="HKCategoryValueSleepAnalysisAsleepDeep" startDate="2023-01-02 01:40:00 +0000" endDate="2023-01-02 02:25:00 +0000"/>
         <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Sleep++" value="HKCategoryValueSleepAnalysisAsleep" startDate="2016-01-01 23:00:00 +0000" endDate="2016-01-02 07:00:00 +0000"/>
         <Record type="HKQuantityTypeIdentifierBodyFatPercentage" sourceName="Scale" unit="%" value="0.182" startDate="2023-01-02 07:00:00 +0000" endDate="2023-01-02 07:00:00 +0000"/>
         <Record type="HKQuantityTypeIdentifierOxygenSaturation" sourceName="Watch" unit="%" value="0.97" startDate="2023-01-02 03:00:00 +0000" endDate="2023-01-02 03:00:00 +0000"/>
         <Record type="HKQuantityTypeIdentifierDistanceWalkingRunning" sourceName="iPhone" unit="km" value="0.42" startDate="2023-01-02 08:00:00 +0000" endDate="2023-01-02 08:10:00 +0000"/>
         <Record type="HKQuantityTypeIdentifierDistanceCycling" sourceName="Watch" unit="mi" value="3.1" startDate="2023-01-02 09:00:00 +0000" endDate="2023-01-02 09:20:00 +0000"/>
         <Record type="HKQuantityTypeIdentifierBasalEnergyBurned" sourceName="Watch" unit="kcal" value="1.1" startDate="2023-01-02 09:00:00 +0000" endDate="2023-01-02 09:01:00 +0000"/>
         <Workout workoutActivityType="HKWorkoutActivityTypeWalking" sourceName="Watch" startDate="2023-01-02 10:00:00 +0000" endDate="2023-01-02 10:45:00 +0000">
          <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" sum="120" unit="kcal"/>
         </Workout>
         <ActivitySummary dateComponents="2023-01-02" activeEnergyBurned="590" activeEnergyBurnedUnit="kcal"/>
        </HealthData>

        """

    @Test func sleepBodyFatOxygenAndDistanceAreStoredAndWhatIsLeftOutIsCountedByType() async throws {
        let result = await AppleHealthTests.parse(Self.newerKinds)
        #expect(result.failure == nil && result.unreadable.isEmpty)
        let sleep = result.records("sleep")
        #expect(sleep.map(\.value) == [150, 45, 480], "asleep stages only, in minutes")
        #expect(
            sleep.first?.effectivePeriod
                == TimePeriod(start: "2023-01-01T23:00:00+00:00", end: "2023-01-02T01:30:00+00:00")
        )
        #expect(result.records("body_fat").map(\.value) == [18.2] && result.records("body_fat").first?.unit == "%")
        #expect(result.records("oxygen_saturation").map(\.value) == [97])
        #expect(result.records("distance").map { $0.unit ?? "" } == ["km", "[mi_i]"])
        #expect(result.records("workout").map(\.value) == [45], "no duration attribute: from start to end")
        #expect(
            result.skipped == [
                "HKCategoryTypeIdentifierSleepAnalysis InBed": 1,
                "HKCategoryTypeIdentifierSleepAnalysis Awake": 1,
                "HKQuantityTypeIdentifierBasalEnergyBurned": 1,
                "ActivitySummary": 1,
            ]
        )
        let line = result.problems.first { $0.reason.contains("BasalEnergyBurned") }
        #expect(line?.reason == "skipped: 1 HKQuantityTypeIdentifierBasalEnergyBurned (not a kind the hub keeps)")
        #expect(ImportOutput.grouped(12480) == "12,480" && ImportOutput.grouped(999) == "999")
    }

    @Test func exportsNamedInTheirPhonesLanguageAreFoundByContentInAFolderOrAZip() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        try directory.write(Self.iOS8Export, to: "exportación/apple_health_export/exportar.xml")
        try directory.write("<ClinicalDocument/>", to: "exportación/apple_health_export/exportar_cda.xml")
        let folder = try ImportSource(path: directory.path + "/exportación")
        #expect(try AppleHealthAdapter.exportXML(in: folder).name == "exportar.xml")
        let zip = try directory.zip(
            [
                ("apple_health_export/Exportieren_cda.xml", Array("<ClinicalDocument/>".utf8)),
                ("apple_health_export/Exportieren.xml", Array(Self.iOS8Export.utf8)),
            ],
            to: "Export.zip"
        )
        var ids: [[String]] = []
        for _ in 0..<2 {
            let result = await Collected.run { output in
                let source = try ImportSource(path: zip)
                let member = try AppleHealthAdapter.exportXML(in: source)
                #expect(member.name == "Exportieren.xml")
                try AppleHealthAdapter.parse(member, of: source, into: output)
            }
            #expect(result.failure == nil && result.records.count == 3)
            ids.append(result.records.map { $0.record.sourceRecordId ?? "" })
        }
        #expect(ids[0] == ids[1], "a second import sends the same ids, so the store keeps nothing twice")
        // What the manifest says: any XML member whose beginning names HealthData.
        let manifest = try String(contentsOf: Self.manifestURL, encoding: .utf8)
        #expect(manifest.contains(#""memberPattern": "*.xml", "contentSniff": "HealthData""#))
        #expect(!manifest.contains("*export.xml"))
    }

    @Test func aFolderWithoutAnExportSaysWhatWasExpected() throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        try directory.write("<gpx/>", to: "routes/route.xml")
        #expect {
            try AppleHealthAdapter.exportXML(in: ImportSource(path: directory.path))
        } throws: { error in
            let reason = (error as? ImportFailure)?.reason ?? ""
            return reason.contains("root element is HealthData") && !reason.contains(".md")
        }
    }

    static let manifestURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Plugins/apple-health/adapter.json")
}

/// A real export from a public project, copied with its licence (Tests/Fixtures/apple-health/SOURCE.md).
struct AppleHealthSampleTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/apple-health/healthkit-to-sqlite-export.xml")

    @Test func healthkitToSqlitesTestExportGivesItsHeartRateAndWorkoutAndCountsTheRest() async throws {
        let text = try String(contentsOf: Self.fixture, encoding: .utf8)
        let result = await AppleHealthTests.parse(text)
        #expect(result.failure == nil && result.unreadable.isEmpty)
        #expect(result.records.map(\.record.kind) == ["heart_rate", "workout"])
        let heart = try #require(result.records("heart_rate").first)
        #expect(heart.value == 72 && heart.effectiveTime == "2018-09-10T02:28:55-07:00")
        // Real exports name the watch with a no-break space, kept as the source's name.
        #expect(result.records.first?.device.deviceId == "apple-health:Apple\u{00A0}Watch")
        let workout = try #require(result.records("workout").first)
        #expect(abs((workout.value ?? 0) - 5.19412346680959) < 1e-9 && workout.unit == "min")
        #expect(result.skipped == ["HKQuantityTypeIdentifierBodyMassIndex": 1, "ActivitySummary": 2])
    }
}
