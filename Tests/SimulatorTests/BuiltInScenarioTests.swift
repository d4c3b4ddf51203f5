import AdapterProtocol
import Foundation
import Testing

@testable import Simulator

@Suite struct BuiltInScenarioTests {
    @Test func embeddedTextEqualsTheScenarioFile() throws {
        let file = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Plugins/simulator/scenarios/dialysis-day.json")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(
            BuiltInScenario.json + "\n" == text,
            "BuiltInScenario.swift is stale: run Plugins/simulator/scenarios/make-builtin.sh"
        )
    }

    @Test func isADialysisDayWithAScaleACuffAndAGlucometer() throws {
        let scenario = try ScenarioSource.builtIn.load()
        #expect(scenario.name == "dialysis-day")
        #expect(scenario.devices.map(\.deviceId) == ["sim-scale-1", "sim-cuff-1", "sim-glucometer-1"])
        #expect(scenario.device("sim-cuff-1")?.kinds == ["blood_pressure", "heart_rate"])
        #expect(scenario.faults.isEmpty)
    }

    @Test func scaleHoldsSaturdaysWeightThenTuesdaysPreAndPost() throws {
        let scale = try #require(try ScenarioSource.builtIn.load().device("sim-scale-1"))
        let records = DeviceRecords(scale).records(1...3)
        #expect(records.map(\.sourceRecordId) == ["SC-0001/1", "SC-0001/2", "SC-0001/3"])
        #expect(records.map(\.value) == [80.3, 82.4, 80.1])
        #expect(records.map(\.context?.dialysisPhase) == ["post", "pre", "post"])
        #expect(records[0].effectiveTime == "2026-11-14T12:35:00+01:00")
        #expect(records[1].effectiveTime == "2026-11-17T07:10:00+01:00")
    }
}

@Suite struct ShippedScenarioTests {
    @Test func everyShippedScenarioLoads() throws {
        let folder = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Plugins/simulator/scenarios")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
        #expect(files.count >= 3)
        for file in files {
            #expect(throws: Never.self, "\(file)") { try Scenario.load(path: folder.appendingPathComponent(file).path) }
        }
    }
}
