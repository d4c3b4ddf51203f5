import Clinical
import Foundation
import HubCore

/// A throttled rule fed by the profile's stored readings of one kind: a reading above the threshold, inside the
/// window, spaced from the last notification, notifies (and asks about `medication` when one is named); a dose of
/// that medication taken after a notification raises the threshold by the rule's step.
public struct ReadingWatch: Sendable, Hashable, Codable {
    /// The watch's row id (0 before it is stored).
    public var id: Int64
    public var profileId: Int64
    public var reading: WatchedReading
    public var rule: ThrottledRule
    /// The medication the notification asks about, as the profile's order names it.
    public var medication: String?
    /// When the watch last notified (UTC ms).
    public var lastFiredAtMs: Int64?
    /// True from a notification until a dose of `medication` is taken.
    public var awaitingAnswer: Bool

    /// A watch from its parts, not yet fired.
    public init(id: Int64 = 0, profileId: Int64, reading: WatchedReading, rule: ThrottledRule, medication: String?) {
        self.id = id
        self.profileId = profileId
        self.reading = reading
        self.rule = rule
        self.medication = medication
        self.lastFiredAtMs = nil
        self.awaitingAnswer = false
    }

    /// A reading that notified: its value and time.
    public struct Firing: Sendable, Hashable {
        public var value: Double
        public var atMs: Int64
    }

    /// Runs the rule over `readings` (value and time, any order), oldest first; returns the readings that notify and
    /// the watch after them (its last firing, awaiting an answer).
    public func run(over readings: [(value: Double, atMs: Int64)], timeZone: TimeZone) -> (ReadingWatch, [Firing]) {
        var watch = self
        var firings: [Firing] = []
        for reading in readings.sorted(by: { $0.atMs < $1.atMs })
        where watch.rule.fires(
            value: reading.value,
            at: reading.atMs,
            lastFiredAtMs: watch.lastFiredAtMs,
            timeZone: timeZone
        ) {
            watch.lastFiredAtMs = reading.atMs
            watch.awaitingAnswer = true
            firings.append(Firing(value: reading.value, atMs: reading.atMs))
        }
        return (watch, firings)
    }

    /// The watch after a dose of its medication was taken: the threshold one step higher when a notification was
    /// waiting for that answer, else unchanged.
    public func answeredTaken() -> ReadingWatch {
        guard awaitingAnswer else { return self }
        var answered = self
        answered.rule = rule.afterTaken()
        answered.awaitingAnswer = false
        return answered
    }
}

/// The readings a watch can follow, each with the range a valid reading lies in.
public enum WatchedReading: String, Sendable, Hashable, Codable, CaseIterable {
    /// Heart-rate readings (and resting heart rates), beats per minute.
    case heartRate = "heart-rate"
    /// The systolic pressure of a home blood-pressure reading, mmHg.
    case systolic

    /// The stored kinds the watch reads: a heart rate from a cuff or a watch, and a watch's resting rate.
    public var kinds: Set<MeasurementKind> {
        switch self {
        case .heartRate: [.heartRate, .restingHeartRate]
        case .systolic: [.bloodPressure]
        }
    }

    /// The UCUM code of the watched value (shown through `UnitDisplayName`).
    public var unitCode: String {
        switch self {
        case .heartRate: "{beats}/min"
        case .systolic: "mm[Hg]"
        }
    }

    /// The rule's trigger. Valid ranges are plausibility bounds, not clinical targets: 20–250 /min for a heart
    /// rate (outside that a wrist reading is an artefact); 50–300 mmHg systolic, the span of validated home
    /// monitors' measuring range (about 60–260 mmHg, e.g. Omron's specifications) with a margin.
    public var trigger: ThrottledRule.Trigger {
        switch self {
        case .heartRate: ThrottledRule.Trigger(name: "heart rate", valid: 20...250)
        case .systolic: ThrottledRule.Trigger(name: "systolic pressure", valid: 50...300)
        }
    }

    /// The value a stored reading gives the watch, nil when it holds none (a pressure without its systolic part).
    public func value(of measurement: NormalizedMeasurement) -> Double? {
        guard kinds.contains(measurement.kind) else { return nil }
        switch self {
        case .heartRate: return measurement.value
        case .systolic: return measurement.components?["systolic"]
        }
    }
}
