/// A clinical target range for a lab, in the lab's canonical unit, with where it comes from.
///
/// Either end may be open ("≥ 22 mmol/L" has no upper end). Both ends are inclusive.
public struct LabTarget: Sendable, Hashable {
    /// Which patients the target is for.
    public let scope: LabTargetScope
    /// The lowest value on target, or nil for no lower end.
    public let low: Double?
    /// The highest value on target, or nil for no upper end.
    public let high: Double?
    /// A condition on the target, for example "corrected calcium" or "patients on an ESA"; nil when none.
    public let condition: String?
    /// Where the numbers come from (guideline and section), to show beside the target.
    public let source: String

    /// A target with either end open.
    public init(
        _ scope: LabTargetScope,
        low: Double? = nil,
        high: Double? = nil,
        condition: String? = nil,
        source: String
    ) {
        self.scope = scope
        self.low = low
        self.high = high
        self.condition = condition
        self.source = source
    }

    /// True when `value` (canonical unit) lies within the target, ends included.
    public func contains(_ value: Double) -> Bool {
        if let low, value < low { return false }
        if let high, value > high { return false }
        return true
    }
}
