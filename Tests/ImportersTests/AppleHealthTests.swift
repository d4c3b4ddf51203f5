import AdapterProtocol
import Foundation
import Testing

@testable import Importers

/// The Apple Health reader on small generated exports (formats.md §2).
struct AppleHealthTests {
    /// The iOS 16 DTD with its missing '>' (formats.md §2.7), and records of every kind the hub reads.
    static let export = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE HealthData [
        <!-- HealthKit Export Version: 12 -->
        <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout)*)>
        <!ATTLIST VisionPrescription
          type CDATA #REQUIRED
          dateIssued CDATA #REQUIRED
        <!ELEMENT MetadataEntry EMPTY>
        ]>
        <HealthData locale="en_US">
         <ExportDate value="2019-07-19 10:36:11 -0700"/>
         <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Health Mate" unit="lb" startDate="2016-04-18 08:25:32 -0700" endDate="2016-04-18 08:25:32 -0700" value="180.5"/>
         <Record type="HKQuantityTypeIdentifierHeight" sourceName="Health" unit="ft" startDate="2016-04-18 08:25:32 -0700" endDate="2016-04-18 08:25:32 -0700" value="5.8"/>
         <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Apple Watch" device="&lt;&lt;HKDevice: 0x1&gt;, name:Apple\u{0B}Watch&gt;" unit="count/min" startDate="2018-09-10 02:28:55 -0700" endDate="2018-09-10 02:28:55 -0700" value="72">
          <MetadataEntry key="HKMetadataKeyHeartRateMotionContext" value="0"/>
         </Record>
         <Record type="HKQuantityTypeIdentifierRestingHeartRate" sourceName="Apple Watch" unit="count/min" startDate="2018-09-10 00:00:00 -0700" endDate="2018-09-10 23:59:59 -0700" value="55"/>
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="iPhone" unit="count" startDate="2018-09-10 08:00:00 +0200" endDate="2018-09-10 08:05:00 +0200" value="412"/>
         <Record type="HKQuantityTypeIdentifierBloodGlucose" sourceName="Meter" unit="mg/dL" startDate="2018-09-10 07:00:00 +0200" endDate="2018-09-10 07:00:00 +0200" value="98"><MetadataEntry key="HKBloodGlucoseMealTime" value="2"/></Record>
         <Record type="HKQuantityTypeIdentifierBloodGlucose" sourceName="Meter" unit="mmol&lt;180.1558800000541&gt;/L" startDate="2018-09-11 07:00:00 +0200" endDate="2018-09-11 07:00:00 +0200" value="4.59"><MetadataEntry key="HKBloodGlucoseMealTime" value="1"/></Record>
         <Record type="HKQuantityTypeIdentifierDietaryWater" sourceName="Cronometer" unit="fl_oz_us" startDate="2018-09-11 12:00:00 +0200" endDate="2018-09-11 12:00:00 +0200" value="16"/>
         <Record type="HKQuantityTypeIdentifierDietaryPotassium" sourceName="Cronometer" unit="mg" startDate="2018-09-11 12:00:00 +0200" endDate="2018-09-11 12:00:00 +0200" value="640"/>
         <Record type="HKQuantityTypeIdentifierDietarySodium" sourceName="Cronometer" unit="mg" startDate="2018-09-11 12:00:00 +0200" endDate="2018-09-11 12:00:00 +0200" value="900"/>
         <Record type="HKQuantityTypeIdentifierDietaryPhosphorus" sourceName="Cronometer" unit="mg" startDate="2018-09-11 12:00:00 +0200" endDate="2018-09-11 12:00:00 +0200" value="300"/>
         <Record type="HKQuantityTypeIdentifierDietaryProtein" sourceName="Cronometer" unit="g" startDate="2018-09-11 12:00:00 +0200" endDate="2018-09-11 12:00:00 +0200" value="31.5"/>
         <Record type="HKQuantityTypeIdentifierActiveEnergyBurned" sourceName="Apple Watch" unit="Cal" startDate="2018-09-11 12:00:00 +0200" endDate="2018-09-11 12:01:00 +0200" value="4.25"/>
         <Record type="HKQuantityTypeIdentifierBasalEnergyBurned" sourceName="Apple Watch" unit="Cal" startDate="2018-09-11 12:00:00 +0200" endDate="2018-09-11 12:01:00 +0200" value="1.1"/>
         <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Beurer" startDate="2023-07-23 09:24:00 -0400" endDate="2023-07-23 09:24:00 -0400">
          <MetadataEntry key="HKExternalUUID" value="IO009MEA000021"/>
          <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Beurer" unit="mmHg" startDate="2023-07-23 09:24:00 -0400" endDate="2023-07-23 09:24:00 -0400" value="113"/>
          <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Beurer" unit="mmHg" startDate="2023-07-23 09:24:00 -0400" endDate="2023-07-23 09:24:00 -0400" value="66"/>
         </Correlation>
         <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Beurer" unit="mmHg" startDate="2023-07-23 09:24:00 -0400" endDate="2023-07-23 09:24:00 -0400" value="113"/>
         <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Beurer" unit="mmHg" startDate="2023-07-23 09:24:00 -0400" endDate="2023-07-23 09:24:00 -0400" value="66"/>
         <Correlation type="HKCorrelationTypeIdentifierFood" sourceName="Cronometer" startDate="2018-09-11 12:00:00 +0200" endDate="2018-09-11 12:00:00 +0200">
          <Record type="HKQuantityTypeIdentifierDietarySodium" sourceName="Cronometer" unit="mg" startDate="2018-09-11 12:00:00 +0200" endDate="2018-09-11 12:00:00 +0200" value="900"/>
         </Correlation>
         <Workout workoutActivityType="HKWorkoutActivityTypeWalking" duration="30.5" durationUnit="min" sourceName="Apple Watch" startDate="2023-07-23 10:00:00 -0400" endDate="2023-07-23 10:30:30 -0400">
          <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" sum="120" unit="Cal"/>
         </Workout>
        </HealthData>

        """

    static func parse(_ text: String, chunk: Int = 1 << 20, label: String = "export.xml") async -> Collected {
        let bytes = Array(text.utf8)
        return await Collected.run { output in
            let parser = AppleHealthParser(output: output, fileLabel: label)
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + chunk)
                try bytes[start..<end].withUnsafeBytes { try parser.feed($0) }
                start = end
            }
            try parser.finish()
        }
    }

    @Test func everyKindDespiteTheBrokenDTDAndAControlCharacter() async throws {
        let result = await Self.parse(Self.export)
        #expect(result.failure == nil)
        #expect(result.unreadable.isEmpty)
        #expect(result.skipped == ["HKQuantityTypeIdentifierBasalEnergyBurned": 1])
        let kinds = result.records.map(\.record.kind)
        #expect(
            kinds == [
                "body_weight", "body_height", "heart_rate", "resting_heart_rate", "steps", "blood_glucose",
                "blood_glucose",
                "dietary_water", "dietary_potassium", "dietary_sodium", "dietary_phosphorus", "dietary_protein",
                "active_energy", "blood_pressure", "workout",
            ]
        )
        let weight = try #require(result.records(("body_weight")).first)
        #expect(weight.value == 180.5 && weight.unit == "[lb_av]")
        #expect(weight.effectiveTime == "2016-04-18T08:25:32-07:00")
        #expect(result.records("body_height").first?.unit == "[ft_i]")
        #expect(result.records("heart_rate").first?.unit == "/min")
        let steps = try #require(result.records("steps").first)
        #expect(steps.unit == "{steps}")
        #expect(
            steps.effectivePeriod == TimePeriod(start: "2018-09-10T08:00:00+02:00", end: "2018-09-10T08:05:00+02:00")
        )
        #expect(result.records("active_energy").first?.unit == "kcal")
        #expect(result.records("dietary_water").first?.unit == "[foz_us]")
        #expect(result.records("dietary_protein").first?.value == 31.5)
        let workout = try #require(result.records("workout").first)
        #expect(workout.value == 30.5 && workout.unit == "min")
        #expect(workout.effectivePeriod?.end == "2023-07-23T10:30:30-04:00")
    }

    @Test func bloodPressureComesOnceFromItsCorrelation() async throws {
        let result = await Self.parse(Self.export)
        let pressures = result.records("blood_pressure")
        #expect(pressures.count == 1)
        #expect(pressures.first?.components == ["systolic": 113, "diastolic": 66])
        #expect(pressures.first?.unit == "mm[Hg]")
        #expect(pressures.first?.effectiveTime == "2023-07-23T09:24:00-04:00")
    }

    @Test func glucoseInBothUnitFormsWithTheMealTime() async throws {
        let glucose = await Self.parse(Self.export).records("blood_glucose")
        #expect(glucose.map(\.unit) == ["mg/dL", "mmol/L"])
        #expect(glucose.map(\.value) == [98, 4.59])
        #expect(glucose.map { $0.context?.mealRelation } == ["after_meal", "before_meal"])
    }

    @Test func idsAreStableAndDevicesFollowTheSource() async throws {
        let first = await Self.parse(Self.export)
        let second = await Self.parse(Self.export, chunk: 7)
        #expect(first.records.map(\.record.sourceRecordId) == second.records.map(\.record.sourceRecordId))
        #expect(Set(first.records.map(\.record.sourceRecordId)).count == first.records.count)
        #expect(first.records.first?.device.deviceId == "apple-health:Health Mate")
        #expect(Set(first.records.map(\.device.deviceId)).count == 7)
    }

    @Test func aTinyChunkSizeReadsTheSame() async {
        let whole = await Self.parse(Self.export)
        let bytewise = await Self.parse(Self.export, chunk: 1)
        #expect(bytewise.failure == nil)
        #expect(whole.records.map(\.record) == bytewise.records.map(\.record))
    }

    @Test func badRecordsAreReportedWithTheirLineAndTheOthersKept() async throws {
        let text = Self.export
            .replacingOccurrences(of: "value=\"412\"", with: "value=\"lots\"")
            .replacingOccurrences(of: "unit=\"lb\"", with: "unit=\"st\"")
            .replacingOccurrences(
                of: "startDate=\"2018-09-10 02:28:55 -0700\"",
                with: "startDate=\"2018-09-31 02:28:55 -0700\""
            )
        let result = await Self.parse(text)
        #expect(result.failure == nil)
        #expect(result.unreadable.map(\.location) == ["export.xml:12", "export.xml:14", "export.xml:18"])
        #expect(result.unreadable.map(\.kind) == ["body_weight", "heart_rate", "steps"])
        #expect(result.unreadable[0].reason.contains("unit 'st'"))
        #expect(result.unreadable[1].reason.contains("such as 2019-07-19 10:36:11 -0700"))
        #expect(result.unreadable[2].reason.contains("'lots'"))
        #expect(result.records.count == 12)
    }

    @Test func aTruncatedFileFailsWithTheLineAndKeepsWhatCameBefore() async throws {
        let text = Self.export
        let cut = String(
            text[..<text.range(of: "<Correlation type=\"HKCorrelationTypeIdentifierBloodPressure\"")!.upperBound]
        )
        let result = await Self.parse(cut + " sourceName=\"Beu")
        let failure = try #require(result.failure as? ImportFailure)
        #expect(failure.location.hasPrefix("export.xml:"))
        // Everything before the damage came out (13 records before the correlation).
        #expect(result.records.count == 13)
        #expect(!result.records.contains { $0.record.kind == "blood_pressure" })
    }

    @Test func theExportIsFoundInsideAZipAndStreamedFromIt() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let zip = try directory.zip(
            [
                ("apple_health_export/export_cda.xml", Array("<ClinicalDocument/><junk/>".utf8)),
                ("apple_health_export/export.xml", Array(Self.export.utf8)),
                ("apple_health_export/workout-routes/route_2023-07-23.gpx", Array("<gpx/>".utf8)),
            ],
            to: "export.zip"
        )
        let result = await Collected.run { output in
            let source = try ImportSource(path: zip)
            #expect(source.container == .zip)
            let member = try AppleHealthAdapter.exportXML(in: source)
            #expect(member.path == "apple_health_export/export.xml")
            try AppleHealthAdapter.parse(member, of: source, into: output)
        }
        #expect(result.failure == nil)
        #expect(result.records.count == 15)
        #expect(result.progress.last.map { $0.done == $0.total } == true)
    }

    @Test func aLocalizedExportIsFoundByItsContent() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        try directory.write(Self.export, to: "Export Santé/exportation.xml")
        try directory.write("<ClinicalDocument/>", to: "Export Santé/exportation_cda.xml")
        let source = try ImportSource(path: directory.path)
        #expect(try AppleHealthAdapter.exportXML(in: source).name == "exportation.xml")
    }

    @Test func dateTextBecomesRFC3339() {
        #expect(AppleHealthDate.rfc3339("2019-07-19 10:36:11 -0700") == "2019-07-19T10:36:11-07:00")
        #expect(AppleHealthDate.rfc3339("2019-07-19 10:36:11 +0530") == "2019-07-19T10:36:11+05:30")
        #expect(AppleHealthDate.rfc3339("2019-02-29 10:36:11 -0700") == nil)
        // iOS 8's compact form (formats.md §2.7 item 3).
        #expect(AppleHealthDate.rfc3339("20150616071916-0700") == "2015-06-16T07:19:16-07:00")
        #expect(AppleHealthDate.rfc3339("20150603050200+0100") == "2015-06-03T05:02:00+01:00")
        #expect(
            AppleHealthDate.parse("20150603050200+0100")?.epochSeconds
                == AppleHealthDate.parse("2015-06-03 05:02:00 +0100")?.epochSeconds
        )
        #expect(AppleHealthDate.rfc3339("20150230050200+0100") == nil)
    }
}
