/// How one table is exported and merged back: its row id, its references, and the natural key that tells whether
/// an imported row is already in the store.
struct BackupTableSpec: Sendable {
    /// The table's name.
    let name: String
    /// The `INTEGER PRIMARY KEY` column other tables refer to, or nil when the table has none of its own.
    let idColumn: String?
    /// Columns holding another table's `idColumn` value: column → table.
    let references: [String: String]
    /// A condition on the store's rows (with `?` placeholders) that finds the row an imported row duplicates.
    let naturalKeySQL: String
    /// The imported row's columns, after references are remapped, bound to `naturalKeySQL`'s placeholders.
    let naturalKeyColumns: [String]
    /// Which rows are exported (nil: all).
    let exportFilter: String?
    /// Run after a row is inserted, with its id bound (derived data such as the food search index).
    let afterInsertSQL: String?

    init(
        _ name: String,
        id: String? = nil,
        references: [String: String] = [:],
        key columns: [String],
        keySQL: String? = nil,
        exportFilter: String? = nil,
        afterInsert: String? = nil
    ) {
        self.name = name
        idColumn = id
        self.references = references
        naturalKeyColumns = columns
        naturalKeySQL = keySQL ?? columns.map { "\($0) IS ?" }.joined(separator: " AND ")
        self.exportFilter = exportFilter
        afterInsertSQL = afterInsert
    }
}

/// Every table a backup holds, in an order where a row's references come before it. docs/export-format.md lists
/// them with their keys; operational tables (adapters, their event log) and data the hub ships or derives (the USDA
/// food database, the food search index) are not patient data and are left out.
enum BackupTables {
    /// USDA foods are shipped with the hub; only those a patient's data refers to are exported.
    static let referencedFoods = """
        source <> 'usda' OR id IN (SELECT foodId FROM intakeEntry WHERE foodId IS NOT NULL
            UNION SELECT foodId FROM foodFavorite UNION SELECT foodId FROM recipeIngredient)
        """

    static let all: [BackupTableSpec] = [
        BackupTableSpec("termsAcceptance", id: "id", key: ["version"]),
        BackupTableSpec("profile", id: "id", key: ["name"], keySQL: "name = ? COLLATE NOCASE"),
        BackupTableSpec("profileAvatar", references: ["profileId": "profile"], key: ["profileId"]),
        BackupTableSpec("device", id: "id", key: ["adapterId", "deviceId"]),
        BackupTableSpec("syncCursor", references: ["deviceRowId": "device"], key: ["deviceRowId"]),
        BackupTableSpec(
            "measurement",
            id: "id",
            references: ["deviceRowId": "device"],
            key: ["deviceRowId", "sourceRecordId"]
        ),
        BackupTableSpec(
            "deviceAssignment",
            references: ["deviceRowId": "device", "profileId": "profile"],
            key: ["deviceRowId", "userIndex"]
        ),
        BackupTableSpec(
            "measurementOwner",
            references: ["measurementId": "measurement", "profileId": "profile"],
            key: ["measurementId"]
        ),
        BackupTableSpec(
            "weightPhase",
            references: ["measurementId": "measurement", "profileId": "profile"],
            key: ["measurementId"]
        ),
        BackupTableSpec(
            "bloodPressurePhase",
            references: ["measurementId": "measurement", "profileId": "profile"],
            key: ["measurementId"]
        ),
        BackupTableSpec(
            "labResult",
            id: "id",
            references: ["profileId": "profile"],
            key: ["profileId", "analyte", "takenAtMs"]
        ),
        BackupTableSpec(
            "foodGroup",
            key: ["code"],
            exportFilter: "code IN (SELECT groupCode FROM food WHERE \(referencedFoods))"
        ),
        BackupTableSpec(
            "food",
            id: "id",
            key: ["ndb", "ndb", "name"],
            keySQL: "(ndb IS NOT NULL AND ndb = ?) OR (? IS NULL AND source <> 'usda' AND lower(name) = lower(?))",
            exportFilter: referencedFoods,
            afterInsert:
                "INSERT INTO foodSearch (rowid, name, otherNames) SELECT id, name, otherNames FROM food WHERE id = ?"
        ),
        BackupTableSpec(
            "foodMeasure",
            references: ["foodId": "food"],
            key: ["foodId", "position"],
            exportFilter: "foodId IN (SELECT id FROM food WHERE source <> 'usda')"
        ),
        BackupTableSpec(
            "foodFavorite",
            references: ["profileId": "profile", "foodId": "food"],
            key: ["profileId", "foodId"]
        ),
        BackupTableSpec(
            "recipeIngredient",
            references: ["recipeId": "food", "foodId": "food"],
            key: ["recipeId", "position"]
        ),
        BackupTableSpec(
            "intakeEntry",
            id: "id",
            references: ["profileId": "profile", "foodId": "food"],
            key: ["profileId", "kind", "takenAtMs", "description", "amount", "unit"]
        ),
        BackupTableSpec("careTeamLimit", references: ["profileId": "profile"], key: ["profileId", "subject"]),
        BackupTableSpec("profileUrineOutput", references: ["profileId": "profile"], key: ["profileId"]),
        BackupTableSpec(
            "mealPhoto",
            id: "id",
            references: ["profileId": "profile"],
            key: ["profileId", "localDate", "meal", "storedAtMs"]
        ),
        BackupTableSpec(
            "goal",
            id: "id",
            references: ["profileId": "profile"],
            key: ["profileId", "kind", "period", "createdAtMs"]
        ),
        BackupTableSpec(
            "reward",
            id: "id",
            references: ["profileId": "profile", "goalId": "goal"],
            key: ["goalId", "periodKey", "achievement"]
        ),
        // `entryId` is the entry's id in the store the change was made in (the entry may be gone); `oldValue` holds
        // what it was, so the record reads on without it.
        BackupTableSpec(
            "entryChange",
            id: "id",
            references: ["profileId": "profile"],
            key: ["profileId", "entry", "entryId", "action", "changedAtMs"]
        ),
        BackupTableSpec("notification", id: "id", references: ["profileId": "profile"], key: ["dedupeKey"]),
        BackupTableSpec("notificationSettings", references: ["profileId": "profile"], key: ["profileId"]),
        BackupTableSpec("goalEvaluation", references: ["profileId": "profile"], key: ["profileId"]),
        BackupTableSpec(
            "reminderRule",
            id: "id",
            references: ["profileId": "profile"],
            key: ["profileId", "rule", "createdAtMs"]
        ),
        // Medication orders and doses are keyed by their UUIDs, which are the same in every store.
        BackupTableSpec("medicationOrder", references: ["profileId": "profile"], key: ["id"]),
        BackupTableSpec("medicationDosage", key: ["orderId", "position"]),
        BackupTableSpec("medicationDose", references: ["profileId": "profile"], key: ["id"]),
        BackupTableSpec(
            "doseReminder",
            references: ["profileId": "profile"],
            key: ["orderId", "dosageIndex", "doseDate", "slot"]
        ),
        BackupTableSpec(
            "readingWatch",
            id: "id",
            references: ["profileId": "profile"],
            key: ["profileId", "createdAtMs"]
        ),
    ]
}
