import Care

/// The clinical sentences of alerts and advice in Spanish, keyed by the ids of the thresholds and rules they
/// translate. Translation not yet reviewed by a Spanish-speaking clinician.
extension Spanish {
    /// A rule's fixed message in Spanish and the rule version it translates: a notification stored by another version
    /// of the rule is shown in its stored English words, never in a stale translation.
    struct TranslatedRule: Sendable {
        let version: Int
        let message: String
    }

    /// Every rule of `AlertRules.allRules` and every rule of `InteractionRules.all`, by rule id.
    static let adviceRules: [String: TranslatedRule] = [
        // AlertRules
        "alert-day-over-limit": TranslatedRule(version: 1, message: "El total de hoy ya supera su límite:"),
        "alert-meal-over-share": TranslatedRule(
            version: 1,
            message: "Esta comida, por sí sola, supera la parte del día que le corresponde:"
        ),
        "alert-lab-potassium-high": TranslatedRule(
            version: 1,
            message: "Potasio alto (hiperpotasemia): manténgase dentro de su límite de potasio y hable con su equipo "
                + "de atención."
        ),
        "alert-lab-phosphorus-high": TranslatedRule(
            version: 1,
            message: "Fósforo alto (hiperfosfatemia): limite el fósforo, sobre todo el de los aditivos, y tome los "
                + "quelantes de fósforo con las comidas."
        ),
        "alert-lab-albumin-low": TranslatedRule(
            version: 1,
            message: "Albúmina baja: puede que no esté comiendo suficientes proteínas o calorías; consulte a su "
                + "dietista."
        ),
        "alert-lab-bicarbonate-low": TranslatedRule(
            version: 1,
            message: "Bicarbonato bajo (acidosis metabólica): avise a su equipo de atención; el tratamiento lo "
                + "mantiene en 22 o más."
        ),
        "alert-lab-potassium-critical": TranslatedRule(
            version: 1,
            message: "Su potasio está peligrosamente alto. Póngase en contacto ahora con su equipo de atención (o con "
                + "los servicios de emergencia si siente debilidad, entumecimiento o palpitaciones)."
        ),
        "alert-egfr-rapid-decline": TranslatedRule(
            version: 1,
            message: "Su función renal (FGe) está bajando rápido: avise a su equipo de atención."
        ),
        "alert-idwg-above-3-percent": TranslatedRule(
            version: 2,
            message: "Su aumento de peso entre sesiones de diálisis es del 3 % de su peso seco o más: vigile los "
                + "líquidos y la sal."
        ),
        "alert-idwg-above-4-percent": TranslatedRule(
            version: 1,
            message: "Su aumento de peso entre sesiones de diálisis es del 4 % de su peso seco o más: limite los "
                + "líquidos y la sal y avise a su equipo de diálisis."
        ),
        // InteractionRules
        "fdi-01-acei-arb-potassium": TranslatedRule(
            version: 1,
            message: "Su medicamento para la presión arterial (inhibidor de la ECA o ARA II) hace que el cuerpo "
                + "retenga potasio: evite los sustitutos de la sal con cloruro de potasio y mantenga los alimentos "
                + "ricos en potasio dentro de su límite."
        ),
        "fdi-02-spironolactone-potassium": TranslatedRule(
            version: 1,
            message: "La espironolactona hace que el cuerpo retenga potasio: evite los suplementos de potasio y los "
                + "sustitutos de la sal que contienen potasio salvo que su equipo de atención se los haya indicado, y "
                + "vigile los alimentos ricos en potasio."
        ),
        "fdi-02b-eplerenone-potassium": TranslatedRule(
            version: 1,
            message: "La eplerenona hace que el cuerpo retenga potasio: los suplementos de potasio están "
                + "contraindicados; vigile los sustitutos de la sal y los alimentos ricos en potasio."
        ),
        "fdi-03-finerenone-grapefruit": TranslatedRule(
            version: 1,
            message: "Evite el pomelo (toronja) y el jugo de pomelo con la finerenona (Kerendia): aumenta el nivel "
                + "del medicamento."
        ),
        "fdi-03b-finerenone-potassium": TranslatedRule(
            version: 1,
            message: "La finerenona eleva el potasio: evite los sustitutos de la sal y los suplementos de potasio, y "
                + "mantenga los alimentos ricos en potasio dentro de su límite."
        ),
        "fdi-04-trimethoprim-potassium": TranslatedRule(
            version: 1,
            message: "La trimetoprima (Bactrim) puede elevar el potasio, y más aún si tiene enfermedad renal: reduzca "
                + "los alimentos ricos en potasio y los sustitutos de la sal mientras la tome."
        ),
        "fdi-05-binder-with-meals": TranslatedRule(
            version: 1,
            message: "Tome su quelante de fósforo con esta comida: sin alimentos no hace ningún efecto."
        ),
        "fdi-05b-binder-with-meals": TranslatedRule(
            version: 1,
            message: "Tome su quelante de fósforo con esta comida o justo después (lantano: mastíquelo por completo)."
        ),
        "fdi-06-calcium-binder-calcium-load": TranslatedRule(
            version: 1,
            message: "Usted toma un quelante a base de calcio: el calcio extra (suplementos, antiácidos con calcio, "
                + "raciones grandes de lácteos) conlleva el riesgo de tener demasiado calcio. No use antiácidos salvo "
                + "que su médico lo haya aprobado."
        ),
        "fdi-07-binder-timing": TranslatedRule(
            version: 1,
            message: "Su quelante, tomado con esta comida, bloquea la absorción de ciprofloxacino, levotiroxina o "
                + "micofenolato: tome el ciprofloxacino al menos 2 h antes o 6 h después del quelante, y separe los "
                + "otros según le indicó su farmacéutico."
        ),
        "fdi-08-tacrolimus-grapefruit": TranslatedRule(
            version: 1,
            message: "Evite el pomelo (toronja), la pampelmusa y la naranja amarga (de Sevilla) con el tacrolimus: "
                + "aumentan su nivel y pueden dañar su riñón."
        ),
        "fdi-09-cyclosporine-grapefruit": TranslatedRule(
            version: 1,
            message: "Evite el pomelo (toronja) con la ciclosporina: aumenta el nivel del medicamento."
        ),
        "fdi-10-atorvastatin-grapefruit": TranslatedRule(
            version: 1,
            message: "Grandes cantidades de jugo de pomelo o toronja (más de 1,2 litros al día) elevan los niveles de "
                + "atorvastatina y el riesgo de daño muscular."
        ),
        "fdi-10b-simvastatin-grapefruit": TranslatedRule(
            version: 1,
            message: "Evite el jugo de pomelo (toronja) con la simvastatina o la lovastatina: aumenta el nivel de la "
                + "estatina y el riesgo de daño muscular."
        ),
        "fdi-11-dhp-ccb-grapefruit": TranslatedRule(
            version: 1,
            message: "El pomelo (toronja) aumenta el nivel de felodipino, nifedipino y nisoldipino (presión arterial "
                + "baja, hinchazón)."
        ),
        "fdi-12-warfarin-vitamin-k": TranslatedRule(
            version: 1,
            message: "Con la warfarina, mantenga estable la vitamina K: nada de raciones grandes repentinas de "
                + "verduras de hoja verde, y consulte antes de tomar arándano rojo o alcohol."
        ),
        "fdi-13-levothyroxine-foods": TranslatedRule(
            version: 1,
            message: "La levotiroxina se absorbe peor con soja, nueces, fibra, jugo de pomelo (toronja), café, calcio "
                + "o hierro: tómela en ayunas, 30–60 min antes del desayuno, y sepárela 4 h del calcio y del hierro."
        ),
        "fdi-14-ciprofloxacin-dairy": TranslatedRule(
            version: 1,
            message: "No tome el ciprofloxacino únicamente con lácteos o con jugo enriquecido con calcio (sin otros "
                + "alimentos); tómelo al menos 2 h antes o 6 h después del calcio, los antiácidos o el hierro."
        ),
        "fdi-14b-tetracycline-quinolone-dairy": TranslatedRule(
            version: 1,
            message: "Los lácteos, el calcio, los antiácidos y el hierro se unen a este antibiótico y hacen que se "
                + "absorba peor: tómelos separados de su dosis."
        ),
        "fdi-15-maoi-tyramine": TranslatedRule(
            version: 1,
            message: "Su inhibidor de la MAO junto con alimentos ricos en tiramina (quesos curados, carnes curadas o "
                + "fermentadas, salsa de soja, chucrut, cerveza de barril) puede causar una subida peligrosa de la "
                + "presión arterial: no los coma."
        ),
        "fdi-16-metformin-alcohol": TranslatedRule(
            version: 1,
            message: "El alcohol con la metformina aumenta el riesgo de acidosis láctica: evítelo o tome muy poco."
        ),
        "fdi-17-iron-tea-coffee-calcium": TranslatedRule(
            version: 1,
            message: "El té, el café y los alimentos ricos en calcio bloquean la absorción del hierro: tome su hierro "
                + "separado de ellos por 1–2 h."
        ),
        "fdi-18-cinacalcet-with-food": TranslatedRule(
            version: 1,
            message: "Tome el cinacalcet con esta comida o poco después, y tráguelo entero."
        ),
        "fdi-19-bicarbonate-sodium": TranslatedRule(
            version: 1,
            message: "Su bicarbonato de sodio también aporta sodio (unos 178 mg por tableta de 650 mg): cuéntelo "
                + "junto con este alimento salado en su límite de sodio."
        ),
        "fdi-20-star-fruit": TranslatedRule(
            version: 1,
            message: "Si tiene enfermedad renal, nunca coma carambola (fruta estrella): su toxina puede causar "
                + "síntomas nerviosos graves e incluso la muerte."
        ),
    ]

    private static let bloodGlucose = "Glucosa en sangre"

    /// Every row of `CriticalThresholds.standard`: the analyte's name (as the English `analyteName`, e.g. "Potasio",
    /// "Presión arterial sistólica"), by threshold id.
    static let thresholdAnalytes: [String: String] = [
        "glucose-lab-level2-low": bloodGlucose, "glucose-lab-level1-low": bloodGlucose,
        "glucose-lab-crisis-high": bloodGlucose, "glucose-lab-high": bloodGlucose,
        "glucose-reading-level2-low": bloodGlucose, "glucose-reading-level1-low": bloodGlucose,
        "glucose-reading-crisis-high": bloodGlucose, "glucose-reading-high": bloodGlucose,
        "potassium-severe-high": "Potasio", "potassium-moderate-high": "Potasio",
        "potassium-severe-low": "Potasio", "potassium-moderate-low": "Potasio",
        "bp-systolic-crisis": "Presión arterial sistólica", "bp-diastolic-crisis": "Presión arterial diastólica",
        "bp-systolic-low": "Presión arterial sistólica",
        "idwg-high": "Aumento de peso entre sesiones de diálisis",
    ]

    private static let glucoseLevel2LowAction =
        "Tome ahora 15–20 g de azúcar de acción rápida (tabletas de glucosa, o jugo dentro de su límite de "
        + "líquidos), vuelva a medirse la glucosa a los 15 minutos y repita si sigue baja. Si no puede tragar con "
        + "seguridad o presenta confusión, otra persona debe llamar a los servicios de emergencia."
    private static let glucoseLevel1LowAction =
        "Tome 15 g de azúcar de acción rápida (tabletas de glucosa), vuelva a medirse la glucosa a los 15 minutos y "
        + "repita si sigue por debajo de 70; tome su siguiente comida o un tentempié cuando haya vuelto a subir."
    private static let glucoseCrisisHighAction =
        "Llame ahora a su equipo de atención, o a los servicios de emergencia si tiene somnolencia, confusión o "
        + "vómitos."
    private static let glucoseHighAction =
        "Vuelva a medirse la glucosa. Si sigue por encima de 240 mg/dL, mida las cetonas si su equipo de atención le "
        + "explicó cómo hacerlo, y llame hoy a su equipo de atención."
    private static let potassiumHighAction =
        "Llame hoy a su unidad de diálisis o a su equipo de atención; puede que repitan el análisis. No coma ningún "
        + "alimento alto en potasio hasta que haya hablado con ellos."
    private static let potassiumEmergencyAction =
        "Póngase en contacto ahora con su unidad de diálisis o su equipo de atención. Llame a los servicios de "
        + "emergencia si siente debilidad, entumecimiento o falta de aire, o si su corazón late de forma irregular."
    private static let bloodPressureCrisisAction =
        "Descanse cinco minutos y vuelva a medirse la presión. Si sigue así de alta, llame ahora a su equipo de "
        + "atención. Llame a los servicios de emergencia si tiene dolor en el pecho, falta de aire, dolor de espalda, "
        + "entumecimiento, debilidad, cambios en la vista o dificultad para hablar (AHA)."

    /// Every row of `CriticalThresholds.standard`: what to do (its English `action`), by threshold id.
    static let thresholdActions: [String: String] = [
        "glucose-lab-level2-low": glucoseLevel2LowAction, "glucose-lab-level1-low": glucoseLevel1LowAction,
        "glucose-lab-crisis-high": glucoseCrisisHighAction, "glucose-lab-high": glucoseHighAction,
        "glucose-reading-level2-low": glucoseLevel2LowAction, "glucose-reading-level1-low": glucoseLevel1LowAction,
        "glucose-reading-crisis-high": glucoseCrisisHighAction, "glucose-reading-high": glucoseHighAction,
        "potassium-severe-high": potassiumEmergencyAction,
        "potassium-moderate-high": potassiumHighAction,
        "potassium-severe-low":
            "Póngase en contacto ahora con su equipo de atención. Llame a los servicios de emergencia si tiene "
            + "debilidad muscular, calambres o palpitaciones.",
        "potassium-moderate-low":
            "Llame hoy a su unidad de diálisis o a su equipo de atención; puede que haya que cambiar su líquido de "
            + "diálisis (dializado) o sus medicamentos.",
        "bp-systolic-crisis": bloodPressureCrisisAction,
        "bp-diastolic-crisis": bloodPressureCrisisAction,
        "bp-systolic-low":
            "Siéntese o acuéstese y vuelva a medirse la presión. Si sigue baja, o tiene mareo, sensación de desmayo "
            + "o confusión, llame ahora a su unidad de diálisis; si está en la sesión de diálisis, avise de inmediato "
            + "al personal de enfermería.",
        "idwg-high":
            "Limite los líquidos y la sal hasta su próxima sesión y avise a su equipo de diálisis; puede que "
            + "necesiten retirarle más líquido o alargar la sesión.",
    ]

    /// A threshold's review status (`CriticalThreshold.notInNotes`, `.quotedInNotes`), keyed by the English sentence.
    static let thresholdReviews: [String: String] = [
        CriticalThreshold.notInNotes:
            "Límite tomado de la guía citada; aún no revisado por un profesional de la salud.",
        CriticalThreshold.quotedInNotes:
            "Límite citado de las fuentes indicadas; aún no revisado por un profesional de la salud.",
    ]

    /// Every row of `CriticalThresholds.standard`: its source (the English `source`), with the guidelines' own names
    /// and titles kept as published, by threshold id.
    static let thresholdSources: [String: String] = [
        "potassium-severe-high": ukkaHyperkalaemia + ": grave con 6,5 mmol/L o más",
        "potassium-moderate-high": ukkaHyperkalaemia + ": moderada de 6,0 a 6,4 mmol/L",
        "potassium-severe-low": kardalasHypokalemia + ": grave por debajo de 2,5",
        "potassium-moderate-low": kardalasHypokalemia + ": moderada de 2,5 a 3,0",
        "bp-systolic-crisis": ahaCrisis,
        "bp-diastolic-crisis": ahaCrisis,
        "bp-systolic-low": "AHA, Low Blood Pressure (por debajo de 90/60 mmHg); Flythe et al., J Am Soc Nephrol 2015 "
            + "(mínimo durante la diálisis por debajo de 90 mmHg)",
        "idwg-high":
            "Enseñanza de las unidades de diálisis: por debajo del 4 % del peso seco; los aumentos mayores van "
            + "con una presión arterial y una mortalidad más altas (Ipema et al., Kidney Blood Press Res 2016)",
        "glucose-lab-level2-low": adaHypoglycemia + ": nivel 2 por debajo de 54 mg/dL",
        "glucose-reading-level2-low": adaHypoglycemia + ": nivel 2 por debajo de 54 mg/dL",
        "glucose-lab-level1-low": adaHypoglycemia + ": nivel 1 por debajo de 70 mg/dL",
        "glucose-reading-level1-low": adaHypoglycemia + ": nivel 1 por debajo de 70 mg/dL",
        "glucose-lab-crisis-high": hyperglycemicCrises,
        "glucose-reading-crisis-high": hyperglycemicCrises,
        "glucose-lab-high": adaKetones,
        "glucose-reading-high": adaKetones,
    ]
    private static let ukkaHyperkalaemia =
        "UK Kidney Association, Clinical Practice Guideline: Treatment of Acute Hyperkalaemia in Adults (2020)"
    private static let kardalasHypokalemia =
        "Kardalas et al., Hypokalemia: a clinical update, Endocrine Connections 2018"
    private static let ahaCrisis =
        "ACC/AHA 2017 High Blood Pressure Guideline, sección 11.2 (crisis hipertensiva > 180 y/o > 120 mmHg)"
    private static let adaHypoglycemia =
        "ADA Standards of Care in Diabetes 2024, sección 6 (Glycemic Goals and Hypoglycemia)"
    private static let hyperglycemicCrises =
        "Informe de consenso ADA/EASD sobre las crisis hiperglucémicas, Diabetes Care 2024: 600 mg/dL o más"
    private static let adaKetones =
        "American Diabetes Association, DKA (Ketoacidosis) & Ketones (diabetes.org): medir cetonas por encima de "
        + "240 mg/dL"

    /// The sentence after an unverified rule's source ("Review: not yet checked against its source.").
    static let unverifiedReview = "Revisión: aún no comprobado con su fuente."

    /// The body of `MeterRangeAlert` for a HI result: `%@` is the time ("2026-11-26 14:02"), the second `%@` the
    /// bound ("500 mg/dL").
    static let meterAboveRangeBody =
        "Su medidor marcó HI el %@: un valor más alto de lo que puede medir (más de %@). Lávese las manos y vuelva a "
        + "medirse. Si vuelve a marcar HI, llame ahora a su equipo de atención, o a los servicios de emergencia si se "
        + "siente muy mal. (Instrucciones del medidor; ADA Standards of Care 2024.)"
    /// The body of `MeterRangeAlert` for a LO result: `%@` is the time, the second `%@` the bound.
    static let meterBelowRangeBody =
        "Su medidor marcó LO el %@: un valor más bajo de lo que puede medir (menos de %@). Trátelo ahora como una "
        + "glucosa baja: 15–20 g de azúcar de acción rápida (tabletas de glucosa, o jugo dentro de su límite de "
        + "líquidos), vuelva a medirse a los 15 minutos y pida ayuda si sigue baja. (ADA Standards of Care 2024, "
        + "sección 6.)"
    /// The title of `MeterRangeAlert` for a HI result.
    static let meterAboveRangeTitle = "Glucosa en sangre por encima del intervalo del medidor (HI)"
    /// The title of `MeterRangeAlert` for a LO result.
    static let meterBelowRangeTitle = "Glucosa en sangre por debajo del intervalo del medidor (LO)"

    /// The body of the missed phosphate-binder reminder (GoalEngine+DoseReminders.swift): `%@` is the meal's time.
    static let binderWithMealBody =
        "No hay ninguna dosis anotada con la comida de las %@. Los quelantes de fósforo solo actúan si se toman con "
        + "alimentos (KDIGO 2017 CKD-MBD update, 4.1). Anótela si la tomó."
}
