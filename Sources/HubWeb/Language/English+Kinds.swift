extension English {
    /// The English names of the kinds of reading (an import's report).
    static let kinds: [MessageKey: String] = [
        .kindBodyWeight: "Body weight",
        .kindBodyHeight: "Height",
        .kindBodyFat: "Body fat",
        .kindBloodPressure: "Blood pressure",
        .kindHeartRate: "Heart rate",
        .kindRestingHeartRate: "Resting heart rate",
        .kindBloodGlucose: "Blood glucose",
        .kindBloodKetone: "Blood ketones",
        .kindOxygenSaturation: "Oxygen saturation",
        .kindBodyTemperature: "Body temperature",
        .kindSteps: "Steps",
        .kindDistance: "Distance",
        .kindActiveEnergy: "Active energy",
        .kindSleep: "Sleep",
        .kindDietaryWater: "Water drunk",
        .kindDietaryPotassium: "Potassium eaten",
        .kindDietarySodium: "Sodium eaten",
        .kindDietaryPhosphorus: "Phosphorus eaten",
        .kindDietaryProtein: "Protein eaten",
        .kindTotalEnergy: "Energy eaten",
        .kindWorkout: "Workouts",
    ]
}
