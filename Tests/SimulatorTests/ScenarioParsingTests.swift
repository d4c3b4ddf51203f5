import AdapterProtocol
import Foundation
import Testing

@testable import Simulator

@Suite struct ScenarioParsingTests {
    private func parse(_ json: String) throws(ScenarioError) -> Scenario {
        try Scenario.parse(Data(json.utf8), source: "test.json")
    }

    private func problems(_ json: String) -> [String] {
        do {
            _ = try parse(json)
            return []
        } catch {
            #expect(error.source == "test.json")
            return error.problems
        }
    }

    @Test func readsTheDocumentedFormat() throws {
        let scenario = try parse(
            """
            {"scenario":"s","description":"d","devices":[{"deviceId":"d1","name":"D","manufacturer":"M","model":"X",
             "serial":"S1","address":"AA:BB","rssi":-50,"passkey":"123456",
             "readings":[{"kind":"blood_pressure","components":{"systolic":120,"diastolic":80},"unit":"mm[Hg]",
               "time":"2026-11-17T07:15:00+01:00","context":{"bodyPosition":"sitting"}},
              {"kind":"steps","value":10,"unit":"{steps}","period":{"start":"2026-11-17T00:00:00Z","end":"2026-11-17T01:00:00Z"}}],
             "generate":{"kind":"blood_glucose","unit":"mg/dL","count":5,"start":"2026-01-01T00:00:00Z","minimum":70,"maximum":180}}],
             "faults":[{"type":"crash","device":"d1","afterRecords":2,"times":1,"counterFile":"/tmp/c"}]}
            """
        )
        let device = try #require(scenario.device("d1"))
        #expect(device.passkey == "123456")
        #expect(device.readings.count == 2)
        #expect(device.generate?.intervalSeconds == 60)
        #expect(device.kinds == ["blood_pressure", "steps", "blood_glucose"])
        #expect(
            scenario.faults == [
                FaultSpec(type: "crash", device: "d1", afterRecords: 2, times: 1, counterFile: "/tmp/c")
            ]
        )
    }

    @Test func readingsAreOptionalAndMayHoldBadData() throws {
        let scenario = try parse(
            #"{"scenario":"s","devices":[{"deviceId":"d","name":"D"},{"deviceId":"e","name":"E","readings":[{"kind":"x"}]}]}"#
        )
        #expect(scenario.devices[0].readings.isEmpty)
        #expect(scenario.devices[1].readings[0].unit == nil)
    }

    @Test func namesAMisspeltKey() {
        #expect(
            problems(#"{"scenario":"s","devices":[{"deviceId":"d","name":"D","readings":[{"valeu":1}]}]}"#) == [
                "devices[0].readings[0].valeu: unknown key (known: components, context, kind, period, sourceRecordId, time, unit, value)"
            ]
        )
    }

    @Test func namesAMissingOrMistypedField() {
        #expect(problems(#"{"scenario":"s","devices":[{"name":"D"}]}"#) == ["devices[0].deviceId: is missing"])
        #expect(
            problems(#"{"scenario":"s","devices":[{"deviceId":"d","name":"D","readings":[{"value":"heavy"}]}]}"#)
                == ["devices[0].readings[0].value: has the wrong type (expected Double)"]
        )
    }

    @Test func placesASyntaxError() {
        let found = problems("{\"scenario\": \"s\",\n  \"devices\": [,]}")
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("is not JSON:") == true)
        #expect(found.first?.contains("line 2") == true)
    }

    @Test func checksWhatTheSimulatorNeeds() {
        let found = problems(
            """
            {"scenario":"s","devices":[{"deviceId":"d","name":"D","readings":[{"context":{"userIndex":"one"}}]},
             {"deviceId":"d","name":"E","generate":{"kind":"k","unit":"u","count":-1,"start":"2026-01-01","minimum":2,"maximum":1}}],
             "faults":[{"type":"crash","device":"nope"},{"type":"explode"},{"type":"wrong-version"}]}
            """
        )
        #expect(
            found == [
                "devices[0].readings[0].context.userIndex: has the wrong type",
                "devices[1].deviceId: 'd' is used by an earlier device",
                "devices[1].generate.count: must be 0…1,000,000,000",
                "devices[1].generate.minimum/maximum: need minimum <= maximum",
                "devices[1].generate.start: '2026-01-01' is not YYYY-MM-DDTHH:MM:SS with Z or ±hh:mm (whole seconds)",
                "faults[0].device: no device 'nope' in the scenario",
                "faults[1]: unknown fault type 'explode' (known: crash, crash-on-start, garbage-line, oversized-line, "
                    + "stdout-log, wrong-version, ignore-shutdown, hang-sync, stall, slow-sync, duplicate-records)",
                "faults[2]: wrong-version works only as a --fault argument",
            ]
        )
    }

    @Test func anUnreadableFileIsNamed() {
        #expect(throws: ScenarioError.self) { try Scenario.load(path: "/nonexistent/scenario.json") }
    }

    @Test func sourceFollowsAdapterConfigThenCommandLineThenBuiltIn() throws {
        #expect(
            try ScenarioSource(adapterConfig: ["scenario": "/a.json"], commandLinePath: "/b.json") == .file("/a.json")
        )
        #expect(try ScenarioSource(adapterConfig: [:], commandLinePath: "/b.json") == .file("/b.json"))
        #expect(try ScenarioSource(adapterConfig: nil, commandLinePath: nil) == .builtIn)
        #expect(throws: RPCError.self) { try ScenarioSource(adapterConfig: ["scenario": 5], commandLinePath: nil) }
        #expect(throws: RPCError.self) { try ScenarioSource(adapterConfig: ["scenarios": "x"], commandLinePath: nil) }
    }
}

@Suite struct GeneratorLimitTests {
    @Test func refusesAGeneratorThatRunsPastTheYear9999() throws {
        let generate = ScenarioGenerator(
            kind: "k",
            unit: "u",
            count: 1_000_000_000,
            start: "9990-01-01T00:00:00Z",
            intervalSeconds: 3600,
            minimum: 0,
            maximum: 1
        )
        #expect(generate.problems(path: "g") == ["g: count × intervalSeconds reaches past the year 9999"])
        var fine = generate
        fine.start = "2026-01-01T00:00:00Z"
        fine.intervalSeconds = 60
        #expect(fine.problems(path: "g").isEmpty)
    }
}
