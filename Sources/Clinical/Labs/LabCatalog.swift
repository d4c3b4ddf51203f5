/// The labs the hub knows, looked up by id.
public struct LabCatalog: Sendable {
    /// Every lab, in the order they are listed to people.
    public let analytes: [LabAnalyte]
    private let byID: [String: LabAnalyte]

    /// A catalog of these labs; a later duplicate id is ignored.
    public init(_ analytes: [LabAnalyte]) {
        self.analytes = analytes
        self.byID = Dictionary(analytes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Every id, in catalog order.
    public var ids: [String] {
        analytes.map(\.id)
    }

    /// The lab with this id (letter case ignored), or nil.
    public func analyte(id: String) -> LabAnalyte? {
        byID[id] ?? byID[id.lowercased()]
    }

    /// The hub's fifteen labs (issue 4): kidney function, electrolytes, bone-mineral, diabetes and anemia markers.
    public static let standard = LabCatalog([
        .egfr, .creatinine, .urineAlbuminCreatinineRatio, .potassium, .sodium, .bicarbonate, .phosphorus, .calcium,
        .parathyroidHormone, .vitaminD25OH, .albumin, .hemoglobin, .glucose, .hemoglobinA1c, .uricAcid,
    ])
}
