import Clinical

/// The languages dosage instructions are rendered in: the profile's languages.
public typealias InstructionLanguage = PatientLanguage

extension PatientLanguage {
    /// The phrasebook holding this language's words.
    var phrasebook: any InstructionPhrasebook {
        switch self {
        case .english: EnglishInstructions()
        case .spanish: SpanishInstructions()
        }
    }
}
