/// A unit a lab accepts: its UCUM code and how many decimals a result in it is shown with.
public struct LabUnit: Sendable, Hashable {
    /// The UCUM case-sensitive code, for example `umol/L`; it must be in the unit table.
    public let code: String
    /// Decimals a value in this unit is shown with (lab-report convention, for example potassium 1, creatinine 2).
    public let decimals: Int

    /// A unit shown with `decimals` decimals.
    public init(_ code: String, decimals: Int) {
        self.code = code
        self.decimals = decimals
    }
}
