/// The values a reading of each kind can have at all, in the kind's canonical unit, checked after the
/// unit conversion on every path a reading takes into the store (devices, imports, typed entries).
///
/// These are bounds of what a body, a device or a day can produce, not clinical targets: a value outside
/// them is a unit mix-up, a device's sentinel, or an overflow (1e308 lb is infinite in kg), and it would
/// otherwise reach charts, means and reports. Such a record is refused with the range and its reason
/// (adapter-protocol.md §5.4). Typed entries have narrower ranges on top (`EntryPlausibility`).
public enum ReadingPlausibility {
    /// One kind's accepted range, in its canonical unit, and why it ends where it does.
    public struct Bounds: Sendable, Hashable {
        public let range: ClosedRange<Double>
        public let reason: String
    }

    /// The bounds per kind (adapter-protocol.md §5.2 documents them with the kinds).
    public static func bounds(of kind: MeasurementKind) -> Bounds {
        switch kind {
        case .bodyWeight:
            // The lightest surviving newborns weigh about 0.25 kg; the heaviest person recorded, 635 kg
            // (Guinness World Records, Jon Brower Minnoch, 1978).
            Bounds(range: 0.2...700, reason: "a body weighs 0.2–700 kg (newborn to heaviest recorded)")
        case .bodyHeight:
            // Tallest person recorded 272 cm (Guinness World Records, Robert Wadlow).
            Bounds(range: 20...300, reason: "a body is 20–300 cm tall (newborn to tallest recorded)")
        case .bodyFat, .oxygenSaturation:
            Bounds(range: 0...100, reason: "a percentage is 0–100 %")
        case .bloodPressure:
            // Oscillometric cuffs measure 0–299 mmHg (e.g. the Omron HEM series' specification); 0 is no reading.
            Bounds(range: 1...400, reason: "a blood-pressure cuff measures above 0 and at most 400 mmHg")
        case .heartRate, .restingHeartRate:
            // Wrist and chest sensors report up to 220–250/min; 0 is no pulse found, not a measurement.
            Bounds(range: 1...350, reason: "a heart rate is 1–350 /min (0 is no reading)")
        case .bloodGlucose:
            // Highest glucose survived, 2,656 mg/dL (Guinness World Records, 2008); meters read 10–600 mg/dL.
            Bounds(range: 1...3000, reason: "blood glucose is 1–3,000 mg/dL (meters read up to 600)")
        case .bloodKetone:
            // Ketone meters read 0–8.0 mmol/L (Abbott FreeStyle Neo owner's manual); ketoacidosis seldom
            // passes 20 mmol/L.
            Bounds(range: 0...30, reason: "blood β-hydroxybutyrate is 0–30 mmol/L (meters read up to 8.0)")
        case .bodyTemperature:
            // Lowest survived 13.7 °C (Anna Bågenholm, 1999), highest 46.5 °C (Willie Jones, 1980).
            Bounds(range: 10...50, reason: "a body temperature is 10–50 Cel (the extremes survived are 13.7 and 46.5)")
        case .steps:
            Bounds(range: 0...1_000_000, reason: "one record holds at most 1,000,000 steps (about 700 km)")
        case .distance:
            Bounds(range: 0...1_000_000, reason: "one record covers at most 1,000 km")
        case .activeEnergy:
            Bounds(range: 0...50_000, reason: "one record burns at most 50,000 kcal")
        case .totalEnergy:
            Bounds(range: 0...100_000, reason: "one record burns at most 100,000 kcal")
        case .sleep, .workout:
            Bounds(range: 0...10_080, reason: "one record lasts at most a week (10,080 min)")
        case .dietaryWater:
            Bounds(range: 0...50_000, reason: "one record holds at most 50 L of water")
        case .dietaryPotassium, .dietarySodium, .dietaryPhosphorus:
            Bounds(range: 0...100_000, reason: "one record holds at most 100 g (100,000 mg) of a mineral")
        case .dietaryProtein:
            Bounds(range: 0...2_000, reason: "one record holds at most 2 kg of protein")
        }
    }

    /// The earliest and latest instants a reading may be taken at: 1900-01-01 and 2200-01-01 UTC. A
    /// year outside is a clock that was never set or a garbled date, not a reading.
    public static let earliestMs: Int64 = -2_208_988_800_000
    public static let latestMs: Int64 = 7_258_118_400_000

    /// Throws for a canonical value that is not finite or outside its kind's bounds, naming `field`.
    public static func check(_ value: Double, field: String, kind: MeasurementKind, original: Double?)
        throws(MeasurementFieldError)
    {
        guard value.isFinite else {
            throw MeasurementFieldError(
                field: field,
                reason: "\(field) \(original.map { "\($0)" } ?? "") is not a finite number once converted to "
                    + "\(kind.canonicalUnit)"
            )
        }
        let bounds = bounds(of: kind)
        guard bounds.range.contains(value) else {
            throw MeasurementFieldError(
                field: field,
                reason: "\(field) \(number(value)) \(kind.canonicalUnit) is out of range for kind '\(kind.rawValue)' "
                    + "(accepted: \(number(bounds.range.lowerBound))–\(number(bounds.range.upperBound)) "
                    + "\(kind.canonicalUnit): \(bounds.reason))"
            )
        }
    }

    /// Throws for an instant before 1900 or from 2200 on, naming `field`.
    public static func checkTime(_ epochMs: Int64, field: String, text: String) throws(MeasurementFieldError) {
        guard epochMs >= earliestMs, epochMs < latestMs else {
            throw MeasurementFieldError(
                field: field,
                reason: "\(field) '\(text)' is outside the years 1900–2199, in which readings are taken (a device "
                    + "clock that was never set, or a mistyped year)"
            )
        }
    }

    /// A number as people write it: no exponent below 10¹⁵, at most 4 decimals.
    static func number(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return "\(value)" }
        let rounded = (value * 10_000).rounded() / 10_000
        if rounded == rounded.rounded() { return String(Int64(rounded)) }
        return String(rounded)
    }
}
