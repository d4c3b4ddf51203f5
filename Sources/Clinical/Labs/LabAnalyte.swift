import HubCore

/// One lab test the hub records: its id, LOINC code, units (canonical first) and ranges.
public struct LabAnalyte: Sendable, Hashable, Identifiable {
    /// The stable id used on the command line, in CSV files and in the store, for example `potassium`.
    public let id: String
    /// The name shown to people, for example `Potassium`.
    public let displayName: String
    /// The LOINC code of a result in the canonical unit, for example `2823-3`.
    public let loinc: String
    /// The LOINC long name of `loinc`.
    public let loincName: String
    /// Other LOINC codes that report the same lab (other unit, specimen or method), for import mapping.
    public let relatedLOINC: [String]
    /// The unit-table analyte whose factors convert between this lab's units.
    public let analyte: Analyte
    /// The unit values are stored in.
    public let canonicalUnit: LabUnit
    /// The other units a value may be given in; each converts to the canonical unit through the unit table.
    public let alternativeUnits: [LabUnit]
    /// Other spellings of an accepted unit (compared after case folding), mapped to the UCUM code.
    public let unitSpellings: [String: String]
    /// Values outside this range (canonical unit) are refused as typos or unit mix-ups.
    public let plausibleRange: ClosedRange<Double>
    /// Clinical targets in the canonical unit, for alerts and the report card; empty when the research gives none.
    public let targets: [LabTarget]

    /// A lab from its parts; `LabCatalog.standard` holds the ones the hub knows.
    public init(
        id: String,
        displayName: String,
        loinc: String,
        loincName: String,
        relatedLOINC: [String] = [],
        analyte: Analyte,
        canonicalUnit: LabUnit,
        alternativeUnits: [LabUnit] = [],
        unitSpellings: [String: String] = [:],
        plausibleRange: ClosedRange<Double>,
        targets: [LabTarget] = []
    ) {
        self.id = id
        self.displayName = displayName
        self.loinc = loinc
        self.loincName = loincName
        self.relatedLOINC = relatedLOINC
        self.analyte = analyte
        self.canonicalUnit = canonicalUnit
        self.alternativeUnits = alternativeUnits
        self.unitSpellings = unitSpellings
        self.plausibleRange = plausibleRange
        self.targets = targets
    }

    /// Every accepted unit, canonical first.
    public var units: [LabUnit] {
        [canonicalUnit] + alternativeUnits
    }

    /// Every accepted UCUM code, canonical first.
    public var acceptedUnitCodes: [String] {
        units.map(\.code)
    }

    /// The accepted unit `text` names: its exact UCUM code, the code in other letter case (`mEq/L`, `mg/dl`), with
    /// µ written as u, or a listed spelling; nil when it names none of this lab's units.
    public func unit(named text: String) -> LabUnit? {
        if let exact = units.first(where: { $0.code == text }) { return exact }
        let key = Self.fold(text)
        if let spelled = unitSpellings.first(where: { Self.fold($0.key) == key }) {
            return units.first { $0.code == spelled.value }
        }
        return units.first { Self.fold($0.code) == key }
    }

    /// Lower case, µ/μ as u, ² as 2, no spaces: the form unit spellings are compared in.
    static func fold(_ text: String) -> String {
        var folded = ""
        for character in text.lowercased() where character != " " {
            switch character {
            case "µ", "μ": folded.append("u")
            case "²": folded.append("2")
            default: folded.append(character)
            }
        }
        return folded
    }
}
