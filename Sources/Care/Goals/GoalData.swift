import Clinical
import HubCore

/// The data a goal is assessed on, for one profile: readings, lab results and tagged weights, each oldest first.
///
/// The engine loads only what the goals at hand need, over the windows at hand; the assessor filters by window.
public struct GoalData: Sendable {
    /// A single-valued reading (weight in kg, steps): its instant and value.
    public struct Reading: Sendable, Hashable {
        /// UTC epoch ms of the reading's start.
        public var atMs: Int64
        /// The value in the kind's canonical unit.
        public var value: Double
        /// A reading.
        public init(atMs: Int64, value: Double) {
            self.atMs = atMs
            self.value = value
        }
    }

    /// A blood-pressure reading in mm[Hg].
    public struct Pressure: Sendable, Hashable {
        /// UTC epoch ms.
        public var atMs: Int64
        /// Systolic pressure.
        public var systolic: Double
        /// Diastolic pressure.
        public var diastolic: Double
        /// Its dialysis phase; nil while unknown (not tagged yet, or waiting for the user to confirm it).
        public var phase: DialysisPhase?
        /// A reading.
        public init(atMs: Int64, systolic: Double, diastolic: Double, phase: DialysisPhase? = nil) {
            self.atMs = atMs
            self.systolic = systolic
            self.diastolic = diastolic
            self.phase = phase
        }
    }

    /// Single-valued readings per kind.
    public var readings: [MeasurementKind: [Reading]]
    /// Blood-pressure readings.
    public var pressures: [Pressure]
    /// Lab results per lab id, in the lab's canonical unit.
    public var labs: [String: [Reading]]
    /// Body weights with their dialysis phase, for interdialytic gains.
    public var taggedWeights: [TaggedWeight]
    /// The intake log's totals per local date (dates without entries may be missing).
    public var intake: [CalendarDate: DailyIntake] = [:]
    /// Cups of fruit and vegetables per local date (`FruitVegetableCups`; dates without any may be missing).
    public var fruitVegetableCups: [CalendarDate: Double] = [:]
    /// The latest serum potassium (mmol/L) before the data's end, however old: the fruit-and-vegetable goal's gate.
    public var latestPotassium: Reading?
    /// Per local date with scheduled medication doses: true when every one was taken (`Adherence.fullDays`).
    public var medicationDays: [CalendarDate: Bool] = [:]

    /// Data from its parts; any may be empty.
    public init(
        readings: [MeasurementKind: [Reading]] = [:],
        pressures: [Pressure] = [],
        labs: [String: [Reading]] = [:],
        taggedWeights: [TaggedWeight] = []
    ) {
        self.readings = readings
        self.pressures = pressures
        self.labs = labs
        self.taggedWeights = taggedWeights
    }
}
