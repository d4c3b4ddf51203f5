/// A substance measured in a body fluid; names the molar mass that links mass and substance concentrations.
///
/// Open (a struct, not an enum) so the labs work can add creatinine, phosphate and the rest next to glucose.
public struct Analyte: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The analyte's name, for example `glucose`.
    public let rawValue: String

    /// Wraps a name; any name is allowed, but only analytes with a factor in the unit table convert.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Blood glucose (molar mass 180.156 g/mol).
    public static let glucose = Analyte(rawValue: "glucose")

    /// The analyte's name.
    public var description: String { rawValue }
}
