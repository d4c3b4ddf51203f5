import AdapterProtocol
import Foundation
import Testing

@testable import Simulator

@Suite struct DeviceRecordsTests {
    private func device(_ json: String) throws -> ScenarioDevice {
        let scenario = try Scenario.parse(Data(#"{"scenario":"s","devices":[\#(json)]}"#.utf8), source: "test")
        return scenario.devices[0]
    }

    @Test func numbersListedThenGeneratedRecords() throws {
        let records = DeviceRecords(
            try device(
                """
                {"deviceId":"d","name":"D","serial":"S","readings":[{"kind":"body_weight","value":80,"unit":"kg","time":"2026-01-01T00:00:00Z"}],
                 "generate":{"kind":"blood_glucose","unit":"mg/dL","count":3,"start":"2026-03-29T00:59:00+01:00",
                  "intervalSeconds":90000,"minimum":70,"maximum":180}}
                """
            )
        )
        #expect(records.count == 4)
        #expect(records.identity == DeviceIdentity(deviceId: "d", serial: "S"))
        let all = records.records(1...10)
        #expect(all.map(\.sourceRecordId) == ["S/1", "S/2", "S/3", "S/4"])
        #expect(
            all.dropFirst().map(\.effectiveTime) == [
                "2026-03-29T00:59:00+01:00", "2026-03-30T01:59:00+01:00", "2026-03-31T02:59:00+01:00",
            ]
        )
        for record in all.dropFirst() {
            #expect(record.kind == "blood_glucose")
            #expect(record.unit == "mg/dL")
            #expect((70...180).contains(try #require(record.value)))
        }
        #expect(records.record(0) == nil)
        #expect(records.record(5) == nil)
    }

    @Test func generatedValuesAreTheSameEveryTime() throws {
        let json =
            #"{"deviceId":"d","name":"D","generate":{"kind":"k","unit":"u","count":1000,"start":"2026-01-01T00:00:00Z","minimum":0,"maximum":100}}"#
        let first = DeviceRecords(try device(json)).records(1...1000)
        let second = DeviceRecords(try device(json)).records(1...1000)
        #expect(first == second)
        #expect(first.map(\.sourceRecordId).first == "d/1")
        #expect(Set(first.compactMap(\.value)).count > 500)
    }

    @Test func sendsReadingsAsWrittenIncludingMissingParts() throws {
        let records = DeviceRecords(
            try device(
                """
                {"deviceId":"d","name":"D","serial":"","readings":[{"value":1},
                 {"kind":"steps","unit":"1","value":5,"period":{"start":"a","end":"b"},"sourceRecordId":""}]}
                """
            )
        )
        let first = try #require(records.record(1))
        #expect(first.sourceRecordId == "d/1")
        #expect(first.kind == nil)
        #expect(first.unit == nil)
        #expect(first.effectiveTime == nil)
        let second = try #require(records.record(2))
        #expect(second.sourceRecordId == "")
        #expect(second.effectivePeriod == TimePeriod(start: "a", end: "b"))
    }
}
