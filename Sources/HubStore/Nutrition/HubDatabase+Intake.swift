import Care
import Clinical
import Foundation
import GRDB
import HubCore
import HubRecords

extension HubDatabase {
    /// Logs `amount` `unit` of a food (name or `#ID`) for a profile's meal, once the terms are accepted; the entry
    /// keeps the nutrients of the portion as they are now. Without a unit the portion is `amount` (default 1) of the
    /// food's usual household measure (`FoodFacts.usualMeasure`), never 1 g.
    public func logFood(
        _ foodText: String,
        amount: Double?,
        unit: String?,
        meal: Meal,
        takenAt: RFC3339Timestamp,
        profile: StoredProfile,
        atMs: Int64
    ) async throws(NutritionError) -> StoredIntakeEntry {
        let localDate = try Self.localDate(of: takenAt, profile: profile)
        return try await nutritionWrite { db in
            try Self.requireTerms(TermsOfService.current.version, in: db)
            let food = try Self.resolveFood(foodText, profileId: profile.id, in: db)
            let portion = try Self.portion(of: food.facts, amount: amount, unit: unit)
            var values: [(any DatabaseValueConvertible)?] = [
                profile.id, meal.rawValue, takenAt.epochMilliseconds, takenAt.utcOffsetSeconds, localDate.description,
                food.id, food.name, portion.amount, portion.unit, portion.grams, food.facts.isLiquid ? 1 : 0,
                portion.fluidMilliliters,
            ]
            values += NutrientColumns.values(portion.nutrients)
            values += [atMs, atMs]
            try db.execute(
                sql: """
                    INSERT INTO intakeEntry (profileId, kind, meal, takenAtMs, utcOffsetSeconds, localDate, foodId,
                        description, amount, unit, grams, isLiquid, fluidMilliliters, \(NutrientColumns.list),
                        createdAtMs, updatedAtMs)
                    VALUES (?, 'food', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, \(NutrientColumns.placeholders), ?, ?)
                    """,
                arguments: StatementArguments(values)
            )
            return try Self.intakeEntry(id: db.lastInsertedRowID, profileId: profile.id, in: db)
        }
    }

    /// The largest fluid entry accepted, 5,000 mL: a guard against typing errors set by KidneyHub issue 8.
    public static let maximumFluidMilliliters = 5000.0

    /// Logs a drink of `amount` `unit` (mL, L, [foz_us] or [cup_us], converted through the unit table).
    public func logFluid(
        amount: Double,
        unit: String,
        what: String,
        takenAt: RFC3339Timestamp,
        profile: StoredProfile,
        atMs: Int64
    ) async throws(NutritionError) -> StoredIntakeEntry {
        let milliliters = try Self.fluidMilliliters(amount: amount, unit: unit)
        let localDate = try Self.localDate(of: takenAt, profile: profile)
        return try await nutritionWrite { db in
            try Self.requireTerms(TermsOfService.current.version, in: db)
            try db.execute(
                sql: """
                    INSERT INTO intakeEntry (profileId, kind, meal, takenAtMs, utcOffsetSeconds, localDate, foodId,
                        description, amount, unit, grams, isLiquid, fluidMilliliters, createdAtMs, updatedAtMs)
                    VALUES (?, 'fluid', NULL, ?, ?, ?, NULL, ?, ?, ?, NULL, 1, ?, ?, ?)
                    """,
                arguments: [
                    profile.id, takenAt.epochMilliseconds, takenAt.utcOffsetSeconds, localDate.description, what,
                    amount, unit, milliliters, atMs, atMs,
                ]
            )
            return try Self.intakeEntry(id: db.lastInsertedRowID, profileId: profile.id, in: db)
        }
    }

    static func fluidMilliliters(amount: Double, unit: String) throws(NutritionError) -> Double {
        guard amount.isFinite, amount > 0 else {
            throw .invalid("the amount \(amount) is not a positive number")
        }
        guard UnitTable.standard.unit(unit)?.dimension == .volume else {
            throw .invalid("'\(unit)' is not a volume unit (use mL, L, fl oz or cup)")
        }
        let milliliters: Double
        do {
            milliliters = try UnitTable.standard.convert(amount, from: unit, to: "mL")
        } catch {
            throw .invalid("\(error)")
        }
        guard milliliters <= maximumFluidMilliliters else {
            throw .invalid(
                "\(amount) \(unit) is \(Int(milliliters)) mL, more than the \(Int(maximumFluidMilliliters)) mL one "
                    + "entry may hold"
            )
        }
        return milliliters
    }

    static func localDate(of takenAt: RFC3339Timestamp, profile: StoredProfile) throws(NutritionError)
        -> CalendarDate
    {
        do {
            return try profile.profile.localDate(at: takenAt.epochMilliseconds)
        } catch {
            throw .invalid("\(error.reason) (fix it with `kidneyhub profile set --time-zone`)")
        }
    }

    /// Changes a log entry's amount, unit, meal or time. A food entry keeps the nutrients per gram it was logged
    /// with (scaled to the new weight); a new unit must be one the food has.
    public func editIntakeEntry(
        id: Int64,
        profile: StoredProfile,
        amount: Double?,
        unit: String?,
        meal: Meal?,
        takenAt: RFC3339Timestamp?,
        changedBy: String = "kidneyhub",
        atMs: Int64
    ) async throws(NutritionError) -> StoredIntakeEntry {
        let newDate = try takenAt.map { (time) throws(NutritionError) in try Self.localDate(of: time, profile: profile)
        }
        return try await nutritionWrite { db in
            try Self.requireTerms(TermsOfService.current.version, in: db)
            let entry = try Self.intakeEntry(id: id, profileId: profile.id, in: db)
            let time = takenAt ?? entry.takenAt
            let date = newDate ?? entry.localDate
            switch entry.kind {
            case .fluid:
                guard meal == nil else { throw NutritionError.invalid("a fluid entry has no meal") }
                let newAmount = amount ?? entry.amount
                let newUnit = unit.map(Self.fluidUnit) ?? entry.unit
                let milliliters = try Self.fluidMilliliters(amount: newAmount, unit: newUnit)
                try db.execute(
                    sql: """
                        UPDATE intakeEntry SET amount = ?, unit = ?, fluidMilliliters = ?, takenAtMs = ?,
                            utcOffsetSeconds = ?, localDate = ?, updatedAtMs = ? WHERE id = ?
                        """,
                    arguments: [
                        newAmount, newUnit, milliliters, time.epochMilliseconds, time.utcOffsetSeconds,
                        date.description, atMs, id,
                    ]
                )
            case .food:
                let newAmount = amount ?? entry.amount
                let newUnit = unit ?? entry.unit
                let oldGrams = entry.grams ?? 1
                var grams = oldGrams
                if amount != nil || unit != nil {
                    // The units the food has now; a deleted food allows the logged unit only.
                    var facts = FoodFacts(
                        name: entry.description,
                        per100Grams: NutrientAmounts(),
                        measures: [HouseholdMeasure(amount: entry.amount, description: entry.unit, grams: oldGrams)],
                        isLiquid: entry.isLiquid
                    )
                    if let foodId = entry.foodId { facts.measures = try Self.food(id: foodId, in: db).facts.measures }
                    grams = try Self.portion(of: facts, amount: newAmount, unit: newUnit).grams
                }
                let scale = grams / oldGrams
                let nutrients = (entry.nutrients ?? NutrientAmounts()).scaled(by: scale)
                var values: [(any DatabaseValueConvertible)?] = [
                    newAmount, newUnit, grams, entry.fluidMilliliters * scale, (meal ?? entry.meal)?.rawValue,
                    time.epochMilliseconds, time.utcOffsetSeconds, date.description,
                ]
                values += NutrientColumns.values(nutrients)
                values += [atMs, id]
                try db.execute(
                    sql: """
                        UPDATE intakeEntry SET amount = ?, unit = ?, grams = ?, fluidMilliliters = ?, meal = ?,
                            takenAtMs = ?, utcOffsetSeconds = ?, localDate = ?, \(NutrientColumns.assignments),
                            updatedAtMs = ? WHERE id = ?
                        """,
                    arguments: StatementArguments(values)
                )
            }
            let edited = try Self.intakeEntry(id: id, profileId: profile.id, in: db)
            try Self.recordChange(
                profileId: profile.id,
                entry: .intake,
                entryId: id,
                old: Self.changeJSON(entry),
                new: Self.changeJSON(edited),
                by: changedBy,
                atMs: atMs,
                in: db
            )
            return edited
        }
    }

    /// An intake entry as the change log keeps it.
    static func changeJSON(_ entry: StoredIntakeEntry) -> String {
        changeJSON([
            "kind": entry.kind.rawValue, "description": entry.description, "amount": entry.amount, "unit": entry.unit,
            "grams": entry.grams, "meal": entry.meal?.rawValue, "takenAtMs": entry.takenAt.epochMilliseconds,
            "fluidMilliliters": entry.fluidMilliliters,
        ])
    }

    /// The UCUM code for a typed fluid unit: mL, L, fl oz / floz / [foz_us], cup / [cup_us].
    public static func fluidUnit(_ typed: String) -> String {
        switch typed.trimmingCharacters(in: .whitespaces).lowercased() {
        case "ml", "milliliter", "milliliters": "mL"
        case "l", "liter", "liters", "litre", "litres": "L"
        case "fl oz", "floz", "fl_oz", "fl. oz", "oz", "[foz_us]": "[foz_us]"
        case "cup", "cups", "[cup_us]": "[cup_us]"
        default: typed
        }
    }

    /// Deletes a log entry of the profile and records the deletion (`entryChange`) in the same transaction.
    public func deleteIntakeEntry(
        id: Int64,
        profile: StoredProfile,
        changedBy: String = "kidneyhub",
        atMs: Int64 = EpochMilliseconds.now()
    ) async throws(NutritionError) -> StoredIntakeEntry {
        try await nutritionWrite { db in
            try Self.requireTerms(TermsOfService.current.version, in: db)
            let entry = try Self.intakeEntry(id: id, profileId: profile.id, in: db)
            try db.execute(sql: "DELETE FROM intakeEntry WHERE id = ?", arguments: [id])
            try Self.recordChange(
                profileId: profile.id,
                entry: .intake,
                entryId: id,
                old: Self.changeJSON(entry),
                new: nil,
                by: changedBy,
                atMs: atMs,
                in: db
            )
            return entry
        }
    }

    /// The profile's log entries on local dates `from` through `through`, by time.
    public func intakeEntries(profileId: Int64, from: CalendarDate, through: CalendarDate)
        async throws(NutritionError) -> [StoredIntakeEntry]
    {
        try await nutritionRead { db in
            try StoreSnapshot(db: db).intakeEntries(profileId: profileId, from: from, through: through)
        }
    }

    /// The intake totals of profile `profileId` on local date `date`: nutrient totals (with unknown parts counted)
    /// and the fluid total. The API the goals engine builds on.
    public func intakeTotals(profileId: Int64, on date: CalendarDate) async throws(NutritionError) -> DailyIntake {
        DailyIntake(try await intakeEntries(profileId: profileId, from: date, through: date).map(\.contribution))
    }

    /// The intake totals of each local date from `from` through `through` (every date, empty days included).
    public func intakeTotals(profileId: Int64, from: CalendarDate, through: CalendarDate)
        async throws(NutritionError) -> [(date: CalendarDate, intake: DailyIntake)]
    {
        guard from <= through else { return [] }
        let entries = try await intakeEntries(profileId: profileId, from: from, through: through)
        let byDate = Dictionary(grouping: entries, by: \.localDate)
        return (from.daysSinceEpoch...through.daysSinceEpoch).map { day in
            let date = CalendarDate(daysSinceEpoch: day)
            return (date, DailyIntake((byDate[date] ?? []).map(\.contribution)))
        }
    }

    static func intakeEntry(id: Int64, profileId: Int64, in db: Database) throws -> StoredIntakeEntry {
        guard
            let row = try Row.fetchOne(
                db,
                sql: "SELECT \(intakeEntrySelection) FROM intakeEntry WHERE id = ? AND profileId = ?",
                arguments: [id, profileId]
            )
        else { throw NutritionError.unknownId(kind: "log entry of this profile", id: id) }
        return try intakeEntry(selected: row)
    }
}

extension StoreSnapshot {
    /// The profile's log entries on local dates `from` through `through`, by time.
    public func intakeEntries(profileId: Int64, from: CalendarDate, through: CalendarDate)
        throws -> [StoredIntakeEntry]
    {
        // A cached statement: Today, the goals and the trends page read days of intake many times a request, and
        // compiling the query of the entry's forty columns again each time (GRDB's authorizer visits every
        // column) was an eighth of /trends' time in a release build (perf).
        let statement = try db.cachedStatement(
            sql: """
                SELECT \(HubDatabase.intakeEntrySelection) FROM intakeEntry
                WHERE profileId = ? AND localDate BETWEEN ? AND ?
                ORDER BY takenAtMs, id
                """
        )
        return try Array(
            Row.fetchCursor(statement, arguments: [profileId, from.description, through.description])
                .map(HubDatabase.intakeEntry(selected:))
        )
    }
}

extension HubDatabase {
    /// The entry's columns, in the order `intakeEntry(selected:)` reads them: the nutrients last, in
    /// `Nutrient.allCases` order.
    static let intakeEntrySelection = """
        id, profileId, kind, meal, takenAtMs, utcOffsetSeconds, localDate, foodId, description, amount, unit, grams, \
        isLiquid, fluidMilliliters, \(NutrientColumns.list)
        """

    /// A row of `SELECT \(intakeEntrySelection)`, its columns by position: a look-up by a camelCase name misses
    /// GRDB's index of lowercased names and lowercases the name again for every value (perf: most of reading a
    /// month of entries for the trends page).
    static func intakeEntry(selected row: Row) throws -> StoredIntakeEntry {
        let kind = StoredIntakeEntry.Kind(rawValue: row[2]) ?? .food
        let mealText: String? = row[3]
        let dateText: String = row[6]
        let date: CalendarDate
        do {
            date = try CalendarDate(parsing: dateText)
        } catch {
            throw HubStoreError.corruptRow(table: "intakeEntry", id: row[0], reason: "\(error)")
        }
        return StoredIntakeEntry(
            id: row[0],
            profileId: row[1],
            kind: kind,
            meal: mealText.flatMap(Meal.init(rawValue:)),
            takenAt: RFC3339Timestamp(epochMilliseconds: row[4], utcOffsetSeconds: row[5]),
            localDate: date,
            foodId: row[7],
            description: row[8],
            amount: row[9],
            unit: row[10],
            grams: row[11],
            isLiquid: (row[12] as Int) == 1,
            fluidMilliliters: row[13],
            nutrients: kind != .food ? nil : NutrientColumns.read(row, from: 14)
        )
    }
}
