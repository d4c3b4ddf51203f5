import Clinical

/// The medications the food–drug interaction rules consider: the active structured orders (a stopped, completed
/// or paused order raises no warning), and any free-text medication still kept in the profile (a profile written
/// or restored in the old form).
public enum InteractionMedications {
    /// One entry per name (letter case ignored), orders first.
    public static func of(orders: [MedicationOrder], freeText: [Medication]) -> [Medication] {
        var seen: Set<String> = []
        var result: [Medication] = []
        let active = orders.filter { $0.status.isActive }.map { Medication(name: $0.medication.name) }
        for medication in active + freeText where seen.insert(medication.name.lowercased()).inserted {
            result.append(medication)
        }
        return result
    }
}
