/// The unit system a weight-scale or body-composition value is sent in (flags bit 0).
public enum MeasurementUnitSystem: Sendable, Hashable {
    /// kg and m.
    case si
    /// lb and in.
    case imperial
}
