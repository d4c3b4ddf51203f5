import CareServerStore

/// A stored symptom list as the document's server prints it: `{"id", "date", "symptoms": [{"symptom_no", "scale"}]}`.
struct SymptomListResponse: Encodable, Sendable {
    struct Symptom: Encodable, Sendable {
        var symptom_no: Int32
        var scale: Int32
    }

    var id: Int64
    var date: String
    var symptoms: [Symptom]

    init(_ list: StoredList<SymptomEntry>) {
        id = list.id
        date = list.recordedAt
        symptoms = list.entries.map { Symptom(symptom_no: $0.symptomNo, scale: $0.scale) }
    }
}
