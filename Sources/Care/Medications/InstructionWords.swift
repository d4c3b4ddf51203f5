/// The words instructions use for each choice, for a form that offers the choices: a route ("by mouth"), a unit
/// ("tablets"), an event ("With meals"). Taken from the same phrasebook as `InstructionText`, so a form and the
/// instruction it produces never name a choice differently.
public enum InstructionWords {
    /// How the medicine is taken: "by mouth", "under the skin".
    public static func route(_ route: DoseRoute, in language: InstructionLanguage) -> String {
        language.phrasebook.route(route)
    }

    /// A dose unit in the plural: "tablets", "mg".
    public static func doseUnit(_ unit: DoseUnit, in language: InstructionLanguage) -> String {
        language.phrasebook.unitName(unit, one: false)
    }

    /// A unit of time in the plural: "days", "weeks".
    public static func timeUnit(_ unit: TimingUnit, in language: InstructionLanguage) -> String {
        language.phrasebook.unitName(unit, one: false)
    }

    /// An event with its first letter capitalized: "Before breakfast", "At bedtime".
    public static func event(_ event: EventTiming, in language: InstructionLanguage) -> String {
        let text = language.phrasebook.event(event, offset: 0)
        return (text.first?.uppercased() ?? "") + text.dropFirst()
    }
}
