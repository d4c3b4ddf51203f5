/// The terms of use and liability release a person accepts before KidneyHub records their health data.
///
/// `version` names the text; a change of text gets a new version, and a store whose user accepted an older version
/// must accept again before anything more is recorded.
public struct TermsOfService: Sendable, Hashable, Codable {
    /// The version, a date such as `2026-11-01`.
    public let version: String
    /// The text in plain language.
    public let text: String

    /// Terms with a version and a text.
    public init(version: String, text: String) {
        self.version = version
        self.text = text
    }

    /// The terms this build asks users to accept.
    public static let current = TermsOfService(
        version: "2026-11-01",
        text: """
            KidneyHub terms of use and liability release

            1. What KidneyHub is. KidneyHub is a personal tool that keeps your own health numbers (profile, labs, \
            weights, blood pressure, readings from your devices) in a file on your computer and shows them back to \
            you with calculations such as eGFR and trends.

            2. Not medical advice. KidneyHub does not diagnose, treat or prevent any disease. Its calculations, \
            stages, targets and charts are for information only and may be wrong, for example when a value was \
            typed or imported incorrectly. KidneyHub does not replace your nephrologist, your dialysis team or any \
            other member of your care team. Always ask them before changing your diet, fluids, medications or \
            treatment, and never ignore or delay their advice because of something KidneyHub shows.

            3. In an emergency, call your local emergency number or your care team at once; KidneyHub does not \
            watch your data and sends no alarms to anyone.

            4. Your data. Your data stays in the store file you choose; you are responsible for keeping it safe, \
            backing it up and deciding whom you share it with. Check what you enter: KidneyHub refuses values it \
            finds implausible but cannot know that a plausible value is right.

            5. Liability release. KidneyHub is provided "as is", without warranty of any kind. To the extent the \
            law allows, its authors and distributors are not liable for any harm, loss or damage arising from using \
            it or relying on what it shows.

            6. Changes. When these terms change, KidneyHub asks you to accept the new version before it records \
            more data.

            By accepting, you confirm that you have read these terms, that you use KidneyHub at your own risk, and \
            that you will rely on your care team, not on KidneyHub, for medical decisions.
            """
    )
}
