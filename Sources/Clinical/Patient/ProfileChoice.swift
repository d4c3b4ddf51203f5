/// A profile setting chosen from a fixed list of words (disease category, sex at birth, display units ...).
public protocol ProfileChoice: RawRepresentable<String>, CaseIterable, Sendable {}

extension ProfileChoice {
    /// The case whose word is `text`, or an error for `field` listing every accepted word.
    public init(profileField field: String, text: String) throws(ProfileFieldError) {
        guard let value = Self(rawValue: text) else {
            throw ProfileFieldError(field: field, problem: .unknownValue(text, accepted: Self.acceptedWords))
        }
        self = value
    }

    /// Every accepted word, in declaration order.
    public static var acceptedWords: [String] {
        allCases.map(\.rawValue)
    }
}
