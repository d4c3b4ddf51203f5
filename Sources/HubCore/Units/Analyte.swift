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
    /// Serum creatinine (molar mass 113.12 g/mol).
    public static let creatinine = Analyte(rawValue: "creatinine")
    /// Serum inorganic phosphate, reported as phosphorus (atomic mass 30.974 g/mol).
    public static let phosphorus = Analyte(rawValue: "phosphorus")
    /// Total serum calcium (atomic mass 40.078 g/mol).
    public static let calcium = Analyte(rawValue: "calcium")
    /// Serum urate (molar mass 168.11 g/mol).
    public static let uricAcid = Analyte(rawValue: "uric_acid")
    /// Intact parathyroid hormone, PTH 1-84 (about 9425 g/mol).
    public static let parathyroidHormone = Analyte(rawValue: "pth")
    /// 25-hydroxyvitamin D (molar mass of 25(OH)D3 400.64 g/mol).
    public static let vitaminD25OH = Analyte(rawValue: "vitamin_d")
    /// Serum potassium, a monovalent ion (1 meq = 1 mmol).
    public static let potassium = Analyte(rawValue: "potassium")
    /// Serum sodium, a monovalent ion (1 meq = 1 mmol).
    public static let sodium = Analyte(rawValue: "sodium")
    /// Serum bicarbonate or total CO2, monovalent (1 meq = 1 mmol).
    public static let bicarbonate = Analyte(rawValue: "bicarbonate")
    /// Hemoglobin A1c, NGSP % or IFCC mmol/mol.
    public static let hemoglobinA1c = Analyte(rawValue: "hba1c")
    /// Urine albumin-to-creatinine ratio (mg albumin per g or per mmol of creatinine).
    public static let urineAlbuminCreatinineRatio = Analyte(rawValue: "uacr")

    /// The analyte's name.
    public var description: String { rawValue }
}
