/// A drug the interaction rules know: its generic name, brand names and RxNorm ingredient id.
public struct KnownDrug: Sendable, Hashable, Codable {
    /// The generic (ingredient) name, lower case: the key rules refer to.
    public let generic: String
    /// Brand names.
    public let brands: [String]
    /// The RxNorm ingredient concept id (RXCUI), when known.
    public let rxcui: String?
    /// The drug class the rules name ("ACE inhibitor").
    public let drugClass: String

    /// A drug from its parts.
    public init(_ generic: String, brands: [String] = [], rxcui: String? = nil, drugClass: String) {
        self.generic = generic
        self.brands = brands
        self.rxcui = rxcui
        self.drugClass = drugClass
    }
}

/// How a patient's medication matched the drugs the rules know.
public struct MedicationMatch: Sendable, Hashable, Codable {
    /// The medication as the patient wrote it.
    public var name: String
    /// The known drugs it names (a combination names several); empty means "no interaction data".
    public var drugs: [KnownDrug]
    /// How it matched: "generic name", "brand name", "RxNorm id", or nil when it did not.
    public var matchedBy: String?

    /// True when no known drug matched: shown as "no interaction data", never guessed.
    public var hasNoInteractionData: Bool { drugs.isEmpty }

    /// The phrase shown for a medication no rule knows.
    public static let noInteractionData = "no interaction data"
}
