extension Spanish {
    /// Las negativas de la capa de aplicación (`UserMessage`) en español, en el orden de sus argumentos.
    static let refusals: [MessageKey: String] = [
        .refusedOutOfRange: "%@: %@ está fuera del intervalo admitido (de %@ a %@ %@).",
        .refusedUnusual:
            "%@: %@ está fuera del intervalo habitual de los tensiómetros domésticos (de %@ a %@ %@); revise las cifras.",
        .refusedDiastolicNotBelow: "La presión diastólica (%@) debe ser menor que la sistólica (%@), como en 128/82.",
        .refusedInTheFuture: "%@: la hora es posterior a ahora.",
        .refusedNotANumber: "%@: «%@» no es un número; escríbalo con punto decimal, como en 5.6.",
        .refusedLabOutOfRange: "%@ %@ %@ está fuera del intervalo plausible, de %@ a %@ %@; revise el valor.",
        .refusedLabUnit: "%@ no se mide en «%@» (se admite: %@).",
        .refusedUnknownLab: "No hay ningún análisis «%@».",
    ]
}
