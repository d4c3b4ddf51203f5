extension Spanish {
    /// The Spanish words of the Questionnaires page (the questions themselves come from the care team's server).
    static let questionnaires: [MessageKey: String] = [
        .navQuestionnaires: "Cuestionarios", .questionnairesTitle: "Cuestionarios",
        .questionnairesIntro:
            "Cuestionarios que su equipo de atención le pidió rellenar. Sus respuestas les llegan en la próxima "
            + "sincronización.",
        .noQuestionnaires:
            "No tiene ningún cuestionario asignado. Su equipo de atención los asigna; aparecen aquí tras la "
            + "próxima sincronización.",
        .saveAnswers: "Guardar respuestas",
        .questionnaireSaved: "Respuestas guardadas. Se envían a su equipo en la próxima sincronización.",
        .answeredOnce: "Respondido una vez; puntuación de síntomas %@.",
        .answeredTimes: "Respondido %@ veces; última puntuación de síntomas %@.",
        .notAnsweredYet: "Aún sin responder.", .optionalAnswer: "opcional",
        .scaleHint: "Un número entero de %@ a %@.", .yesAnswer: "Sí", .noAnswer: "No",
    ]
}
