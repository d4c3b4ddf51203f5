extension Spanish {
    /// The Spanish words of the labs, trends, devices, import and reports pages.
    static let labs: [MessageKey: String] = [
        .labsIntro:
            "Escriba un resultado de su informe en la unidad en que aparece; se guarda en la unidad estándar.",
        .labsLatestHeading: "Últimos resultados y objetivos", .latest: "Último", .previousResult: "Anterior",
        .change: "Cambio", .target: "Objetivo", .standing: "Situación", .standingLow: "Por debajo del objetivo",
        .standingHigh: "Por encima del objetivo", .standingInRange: "En el objetivo",
        .standingNoTarget: "Sin objetivo para usted",
        .savedLab: "Resultado guardado.", .usualUnit: "La unidad habitual de la prueba",
        .labUnitHint: "Elija la unidad impresa en el informe o deje la habitual de la prueba.",
        .labDateHint: "El día en que se tomó la muestra; vacío significa hoy.",
        .egfrFromCreatinine: "FGe a partir de la creatinina", .stage: "Estadio", .egfrSlope: "Pendiente del FGe",
        .egfrSlopePerYear: "%@ mL/min/1,73 m² por año en %@ resultados.",
        .egfrSlopeNotEnough:
            "Aún no hay bastantes resultados: hacen falta 2 valores de FGe con 90 días o más entre ellos.",
        .egfrSlopeRapid:
            "Una caída tan rápida es progresión rápida (KDIGO 2012, rec. 2.1.3): hable con su equipo renal.",
        .results: "Resultados", .targetSource: "Fuente", .upBy: "sube %@", .downBy: "baja %@", .unchanged: "sin cambio",
        .navTrends: "Evolución", .trendsTitle: "Evolución",
        .trendsIntro: "Sus valores a lo largo del tiempo. Cada gráfico tiene sus datos en una tabla debajo.",
        .period: "Periodo", .lastDays: "Últimos %@ días", .showPeriod: "Mostrar", .glucose: "Glucosa en sangre",
        .intakeHeading2: "Lo que toma frente a sus límites", .noDataInPeriod: "No hay datos en este periodo.",
        .dataTable: "Los datos en una tabla", .seriesSummary: "%@: %@ valores, mínimo %@, máximo %@ %@.",
        .chartPeriod: "Del %@ al %@.", .weightsHeading: "Peso", .percentOfDryWeight: "% del peso seco",
        .perDay: "por día", .intakeChartTitle: "%@ por día", .intakeLimitLine: "Límite diario",
        .intakeWindowNote: "Lo que toma se muestra como máximo de los últimos 31 días.",
        .navReports: "Informes", .reportsTitle: "Informes",
        .reportsIntro: "Un PDF para su equipo médico: sus valores en un periodo, con gráficos y sus objetivos.",
        .fromDate: "Primer día", .fromDateHint: "Vacío: ajustado a sus datos, como máximo 90 días.",
        .throughDate: "Último día", .throughDateHint: "Vacío: hoy.", .makeReport: "Crear el PDF",
        .keptReports: "Informes creados", .noReports: "Aún no hay informes.", .download: "Descargar",
        .pages: "Páginas", .size: "Tamaño", .madeAt: "Creado (UTC)", .file: "Archivo",
        .reportMade: "El informe está listo.",
        .navGoals: "Metas", .goalsTitle: "Metas y premios", .yourGoals: "Sus metas", .goal: "Meta",
        .progress: "Progreso", .status: "Estado", .goalMet: "Cumplida", .goalNotYet: "Aún no",
        .goalNoData: "Aún sin datos",
        .noTemplates: "Indique su enfermedad renal en el perfil para ver metas sugeridas.",
        .goalTemplate: "Meta sugerida", .addGoal: "Añadir una meta", .badges: "Insignias", .pointsCount: "%@ puntos",
        .pointsTotal: "%@ puntos en total.", .noBadges: "Aún no hay insignias: cumpla una meta para ganar una.",
        .goalAdded: "Meta añadida.",
    ]

    /// Names of the labs in Spanish, by the catalog's id.
    static let labNames: [String: String] = [
        "egfr": "FGe (filtrado glomerular estimado)", "creatinine": "Creatinina",
        "uacr": "Cociente albúmina/creatinina en orina", "potassium": "Potasio",
        "sodium": "Sodio", "bicarbonate": "Bicarbonato (CO2)", "phosphorus": "Fósforo", "calcium": "Calcio",
        "pth": "PTH (intacta)", "vitamin_d": "25-OH vitamina D", "albumin": "Albúmina",
        "hemoglobin": "Hemoglobina", "glucose": "Glucosa en sangre", "hba1c": "HbA1c", "uric_acid": "Ácido úrico",
    ]
}
