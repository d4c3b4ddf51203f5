import Foundation

/// Where a rule comes from and how far its text was checked against that source.
public struct RuleSource: Sendable, Hashable, Codable {
    /// How far a rule's statement was checked.
    public enum Verification: String, Sendable, Hashable, Codable {
        /// The statement was found in label text shipped with KidneyHub (a test reads that text).
        case checkedAgainstLabel = "checked_against_label"
        /// The research notes quote the guideline or label (nutrition.md, without a "not re-checked" mark).
        case quotedInResearch = "quoted_in_research"
        /// The research notes mark it "not re-checked against the label": shown to the patient as unverified.
        case unverified
    }

    /// The citation: guideline or FDA label section, with the research note it was taken from.
    public var citation: String
    /// How far it was checked.
    public var verification: Verification

    /// A source from its parts.
    public init(_ citation: String, _ verification: Verification = .quotedInResearch) {
        self.citation = citation
        self.verification = verification
    }

    /// True when the citation names something (the rule-source test requires it of every rule).
    public var isPresent: Bool { !citation.trimmingCharacters(in: .whitespaces).isEmpty }

    /// The prefix a patient sees before an unverified statement.
    public static let unverifiedPrefix = "Unverified (not yet checked against the drug label): "
}
