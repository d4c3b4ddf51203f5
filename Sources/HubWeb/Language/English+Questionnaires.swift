extension English {
    /// The English words of the Questionnaires page (the questions themselves come from the care team's server).
    static let questionnaires: [MessageKey: String] = [
        .navQuestionnaires: "Questionnaires", .questionnairesTitle: "Questionnaires",
        .questionnairesIntro:
            "Questionnaires your care team asked you to fill in. Your answers go to them at the next sync.",
        .noQuestionnaires:
            "No questionnaire is assigned to you. Your care team assigns them; they appear here after the next sync.",
        .saveAnswers: "Save answers",
        .questionnaireSaved: "Answers saved. They are sent to your care team at the next sync.",
        .answeredOnce: "Answered once; symptom score %@.",
        .answeredTimes: "Answered %@ times; last symptom score %@.", .notAnsweredYet: "Not answered yet.",
        .optionalAnswer: "optional", .scaleHint: "A whole number from %@ to %@.", .yesAnswer: "Yes",
        .noAnswer: "No",
    ]
}
