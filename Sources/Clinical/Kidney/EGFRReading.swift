/// One dated eGFR value, the input of an eGFR slope.
public struct EGFRReading: Sendable, Hashable, Codable {
    /// When the sample was taken, UTC epoch milliseconds.
    public var epochMilliseconds: Int64
    /// The eGFR in mL/min/{1.73_m2}.
    public var egfr: Double

    /// A reading at an instant.
    public init(epochMilliseconds: Int64, egfr: Double) {
        self.epochMilliseconds = epochMilliseconds
        self.egfr = egfr
    }
}
