extension Spanish {
    /// Las palabras en español de las páginas de medicamentos y de las dosis en Hoy.
    static let medications: [MessageKey: String] = [
        .navMedications: "Medicamentos", .medicationsTitle: "Medicamentos",
        .medicationsIntro:
            "Sus medicamentos y cómo tomarlos. Las instrucciones se escriben a partir de lo que indique abajo, en su idioma.",
        .medicine: "Medicamento", .instructions: "Cómo tomarlo", .noMedications: "Todavía no hay medicamentos.",
        .showStopped: "Mostrar también los medicamentos suspendidos",
        .showActiveOnly: "Mostrar solo los medicamentos que toma ahora", .addMedication: "Añadir un medicamento",
        .medicationName: "Nombre", .doseAmount: "Cantidad por dosis",
        .doseAmountHint: "Un número, o un intervalo como 1-2.", .doseUnit: "Unidad", .route: "Cómo se toma",
        .anyRoute: "Sin indicar", .timesPerPeriod: "Cuántas veces",
        .timesPerPeriodHint: "Por ejemplo 2 (veces al día).", .periodLength: "Cada", .periodUnit: "Periodo",
        .withEvents: "Con o alrededor de", .withEventsHint: "Marque cada momento en que se toma el medicamento.",
        .timesOfDay: "A una hora del día",
        .timesOfDayHint: "Hora de 24 horas como 08:00; déjelo vacío si sigue a las comidas u otros momentos.",
        .eventOffset: "Minutos antes o después",
        .eventOffsetHint:
            "Minutos antes de un momento «antes de», o después de los demás. Vacío: en el momento mismo.",
        .onlyWhenNeeded: "Solo si es necesario", .neededFor: "Necesario para", .whichDays: "Qué días",
        .everyDay: "Todos los días", .dialysisDaysOnly: "Solo días de diálisis",
        .nonDialysisDaysOnly: "Días sin diálisis", .reasonFor: "Para qué es", .prescribedBy: "Recetado por",
        .prescribedBySelf: "Vacío: decisión propia.", .note: "Nota", .medicationAdded: "Medicamento añadido.",
        .medicationStopped: "Medicamento suspendido.", .stopMedication: "Dejar de tomar este medicamento",
        .orderStatus: "Estado", .statusActive: "Lo toma", .statusOnHold: "En pausa", .statusStopped: "Suspendido",
        .statusCompleted: "Tratamiento terminado", .dosesHeading: "Medicamentos de hoy",
        .noDosesDue: "Hoy no toca ningún medicamento.", .dueAt: "A las %@", .markTaken: "Tomado",
        .markTakenLabel: "Marcar %@ de las %@ como tomado", .doseTaken: "Dosis marcada como tomada.",
        .takenAt: "Tomado a las %@", .doseNotTaken: "No tomado", .doseEnteredInError: "Anotado por error",
        .doseLog: "Registro de dosis", .noDoseLog: "Todavía no hay dosis anotadas.",
        .adherenceHeading: "Dosis tomadas, últimos 14 días",
        .adherenceSummary: "Se tomaron %@ de las %@ dosis de estos días (%@).",
        .adherenceNoDoses: "En estos días no tocaba ninguna dosis.", .scheduled: "Previstas", .taken: "Tomadas",
        .notTaken: "No tomadas", .missed: "Sin respuesta", .allMedicines: "Todos los medicamentos",
        .answer: "Respuesta", .recordedAt: "Anotado", .startedOn: "Desde",
        .orderedByCareTeam: "Indicado por tu equipo de salud", .orderedByCareTeamDetail: "%@, el %@",
    ]
}
