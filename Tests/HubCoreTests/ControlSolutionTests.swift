import HubCore
import Testing

/// Control-solution tests are told apart from patient readings by their status.
struct ControlSolutionTests {
    static func glucose(_ status: [String]?) -> NormalizedMeasurement {
        NormalizedMeasurement(
            sourceRecordId: "m/1",
            kind: .bloodGlucose,
            value: 100,
            components: nil,
            unit: "mg/dL",
            originalValue: 100,
            originalComponents: nil,
            originalUnit: "mg/dL",
            startMs: 0,
            endMs: nil,
            utcOffsetSeconds: 0,
            context: status.map { MeasurementContext(measurementStatus: $0) }
        )
    }

    @Test func onlyTheControlSolutionStatusMakesAControlTest() {
        #expect(Self.glucose(["meter_marker:C", "control_solution"]).isControlSolution)
        #expect(!Self.glucose(["device_clock_suspect"]).isControlSolution)
        #expect(!Self.glucose(nil).isControlSolution)
    }
}
