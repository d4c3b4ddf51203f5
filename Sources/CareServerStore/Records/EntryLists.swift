/// One symptom: which symptom (the app's number) and how bad, 0 to 10.
public struct SymptomEntry: Sendable, Equatable {
    public var symptomNo: Int32
    public var scale: Int32
    public init(symptomNo: Int32, scale: Int32) {
        self.symptomNo = symptomNo
        self.scale = scale
    }
}

/// One answered side-effect question: the ResearchKit step number and yes or no.
public struct SideEffectAnswer: Sendable, Equatable {
    public var questionNo: Int32
    public var answer: Bool
    public init(questionNo: Int32, answer: Bool) {
        self.questionNo = questionNo
        self.answer = answer
    }
}

/// A stored symptom list or questionnaire: its id, its owner, when it was recorded (RFC 3339 with microseconds,
/// UTC, as the document's server prints it) and its entries.
public struct StoredList<Entry: Sendable & Equatable>: Sendable, Equatable {
    public var id: Int64
    public var patientID: Int64
    public var recordedAt: String
    public var entries: [Entry]
    public init(id: Int64, patientID: Int64, recordedAt: String, entries: [Entry]) {
        self.id = id
        self.patientID = patientID
        self.recordedAt = recordedAt
        self.entries = entries
    }
}
