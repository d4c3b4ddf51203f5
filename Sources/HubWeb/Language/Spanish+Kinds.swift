extension Spanish {
    /// The Spanish names of the kinds of reading (an import's report).
    static let kinds: [MessageKey: String] = [
        .kindBodyWeight: "Peso corporal",
        .kindBodyHeight: "Estatura",
        .kindBodyFat: "Grasa corporal",
        .kindBloodPressure: "Presión arterial",
        .kindHeartRate: "Frecuencia cardiaca",
        .kindRestingHeartRate: "Frecuencia cardiaca en reposo",
        .kindBloodGlucose: "Glucosa en sangre",
        .kindBloodKetone: "Cetonas en sangre",
        .kindOxygenSaturation: "Saturación de oxígeno",
        .kindBodyTemperature: "Temperatura corporal",
        .kindSteps: "Pasos",
        .kindDistance: "Distancia",
        .kindActiveEnergy: "Energía activa",
        .kindSleep: "Sueño",
        .kindDietaryWater: "Agua bebida",
        .kindDietaryPotassium: "Potasio ingerido",
        .kindDietarySodium: "Sodio ingerido",
        .kindDietaryPhosphorus: "Fósforo ingerido",
        .kindDietaryProtein: "Proteína ingerida",
        .kindTotalEnergy: "Energía ingerida",
        .kindWorkout: "Ejercicios",
    ]
}
