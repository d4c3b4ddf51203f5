import CareServerStore

/// A stored side-effect questionnaire: `{"id", "date", "questions": [{"question_no", "answer"}]}`.
struct SideEffectListResponse: Encodable, Sendable {
    struct Question: Encodable, Sendable {
        var question_no: Int32
        var answer: Bool
    }

    var id: Int64
    var date: String
    var questions: [Question]

    init(_ list: StoredList<SideEffectAnswer>) {
        id = list.id
        date = list.recordedAt
        questions = list.entries.map { Question(question_no: $0.questionNo, answer: $0.answer) }
    }
}
