import CareServerStore

/// `POST /sym/`: `{"symptoms": [{"symptom_no": 1, "scale": 8}, …]}`; numbers may come as strings ("8"), as the
/// iOS client sends them. At most 100 symptoms in a list.
struct SymptomListBody: Sendable {
    static let maximumSymptoms = 100
    /// The apps' NumberPicker runs from 0 to 10.
    static let scaleRange: ClosedRange<Int64> = 0...10

    var symptoms: [SymptomEntry]

    init(_ fields: [String: JSONValue]) throws(APIError) {
        var errors = FieldErrorCollector()
        KnownFields.check(fields, allowed: ["symptoms"], into: &errors)
        let symptoms = errors.read("symptoms") { () throws(FieldFailure) in
            try FieldReaders.list(fields["symptoms"], maximumCount: Self.maximumSymptoms) {
                (item) throws(FieldFailure) -> SymptomEntry in
                var itemErrors = FieldErrorCollector()
                KnownFields.check(item, allowed: ["symptom_no", "scale"], into: &itemErrors)
                let number = itemErrors.read("symptom_no") { () throws(FieldFailure) in
                    try FieldReaders.integer(item["symptom_no"])
                }
                let scale = itemErrors.read("scale") { () throws(FieldFailure) in
                    try FieldReaders.integer(item["scale"], in: Self.scaleRange)
                }
                guard itemErrors.isEmpty, let number, let scale else { throw .nested(itemErrors.fields) }
                return SymptomEntry(symptomNo: number, scale: scale)
            }
        }
        guard errors.isEmpty, let symptoms else { throw .invalid(errors.fields) }
        self.symptoms = symptoms
    }
}
