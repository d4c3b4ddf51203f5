/// The questionnaire the clinic-wide library starts with: KidneyHub's own short "symptom check", a FHIR R4
/// `Questionnaire` of ten symptoms each rated 0 (none) to 10 (worst possible) over the past week, and one optional
/// free-text item.
///
/// The text is KidneyHub's own. Published dialysis instruments were considered and not copied, because their
/// licences for reuse in software are unclear: the Dialysis Symptom Index (Weisbord et al., J Pain Symptom Manage
/// 2004; 27:226–240; 30 symptoms, presence then 1–5 bother) and the renal version of the revised Edmonton Symptom
/// Assessment System (ESAS-r:Renal; Davison et al., Nephrol Dial Transplant 2006; 21:3189–3195). The format (a
/// 0–10 numeric rating per symptom, summed) follows ESAS's; the symptoms are ones both instruments ask about and
/// that people on dialysis commonly report. It is not a validated instrument: its sum is a trend for the care team,
/// not a diagnosis.
///
/// Ranges use FHIR's `minValue`/`maxValue` extensions (http://hl7.org/fhir/StructureDefinition/minValue), which
/// the server's validation reads; the score is the sum of every `integer` item's answer (0–100 here).
public enum SymptomCheckInstrument {
    /// The canonical URL a `QuestionnaireResponse.questionnaire` names.
    public static let url = "https://kidneyhub.org/fhir/Questionnaire/symptom-check"
    public static let version = "1"
    public static let title = "Symptom check"

    /// The symptoms, by linkId, with the question each asks.
    static let symptoms: [(linkId: String, text: String)] = [
        ("tiredness", "Tiredness or lack of energy"),
        ("itching", "Itching"),
        ("breathlessness", "Shortness of breath"),
        ("nausea", "Nausea or vomiting"),
        ("appetite", "Poor appetite"),
        ("pain", "Pain (anywhere)"),
        ("cramps", "Muscle cramps"),
        ("sleep", "Trouble sleeping"),
        ("low-mood", "Feeling low or sad"),
        ("restless-legs", "Restless legs"),
    ]

    /// The Questionnaire resource as JSON text (stored as `jsonb` by migration v9).
    public static var resourceJSON: String {
        let items = symptoms.map { symptom in
            """
            {"linkId": "\(symptom.linkId)", "text": "\(symptom.text): 0 (none) to 10 (worst possible)", \
            "type": "integer", "required": true, "extension": [\
            {"url": "http://hl7.org/fhir/StructureDefinition/minValue", "valueInteger": 0}, \
            {"url": "http://hl7.org/fhir/StructureDefinition/maxValue", "valueInteger": 10}]}
            """
        }
        let other = """
            {"linkId": "other", "text": "Anything else you want your care team to know", "type": "string", \
            "required": false, "maxLength": 500}
            """
        return """
            {"resourceType": "Questionnaire", "url": "\(url)", "version": "\(version)", "name": "SymptomCheck", \
            "title": "\(title)", "status": "active", "subjectType": ["Patient"], \
            "description": "How much each symptom has bothered you over the past 7 days, from 0 (not at all) to \
            10 (the worst possible). KidneyHub's own wording, not a validated instrument; the symptom score is the \
            sum of the ten ratings (0 to 100).", \
            "item": [\(items.joined(separator: ", ")), \(other)]}
            """
    }
}
