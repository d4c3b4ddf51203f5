import CareServerStore

/// `POST /se/`: `{"questions": [{"question_no": 4, "answer": true}, …]}`, the ResearchKit step number and a yes or
/// no. At most 100 questions.
struct SideEffectListBody: Sendable {
    static let maximumQuestions = 100

    var answers: [SideEffectAnswer]

    init(_ fields: [String: JSONValue]) throws(APIError) {
        var errors = FieldErrorCollector()
        KnownFields.check(fields, allowed: ["questions"], into: &errors)
        let answers = errors.read("questions") { () throws(FieldFailure) in
            try FieldReaders.list(fields["questions"], maximumCount: Self.maximumQuestions) {
                (item) throws(FieldFailure) -> SideEffectAnswer in
                var itemErrors = FieldErrorCollector()
                KnownFields.check(item, allowed: ["question_no", "answer"], into: &itemErrors)
                let number = itemErrors.read("question_no") { () throws(FieldFailure) in
                    try FieldReaders.integer(item["question_no"])
                }
                let answer = itemErrors.read("answer") { () throws(FieldFailure) in
                    try FieldReaders.boolean(item["answer"])
                }
                guard itemErrors.isEmpty, let number, let answer else { throw .nested(itemErrors.fields) }
                return SideEffectAnswer(questionNo: number, answer: answer)
            }
        }
        guard errors.isEmpty, let answers else { throw .invalid(errors.fields) }
        self.answers = answers
    }
}
