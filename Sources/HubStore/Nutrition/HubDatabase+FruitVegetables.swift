import Care
import Clinical
import Foundation
import GRDB
import HubCore
import HubRecords

extension HubDatabase {
    /// Cups of fruit and vegetables a profile logged on each local date from `from` through `through`
    /// (`FruitVegetableCups`; dates without any are missing). An entry counts through its food's group and cup
    /// measures as they are now: USDA foods never change, and an entry whose food was deleted counts nothing.
    public func fruitVegetableCups(profileId: Int64, from: CalendarDate, through: CalendarDate) async throws
        -> [CalendarDate: Double]
    {
        guard from <= through else { return [:] }
        return try await pool.read { db in
            let groups = FruitVegetableCups.countedGroupCodes.sorted()
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT e.id, e.localDate, e.grams, f.id AS foodId, f.groupCode, f.name
                    FROM intakeEntry e JOIN food f ON f.id = e.foodId
                    WHERE e.profileId = ? AND e.kind = 'food' AND e.localDate BETWEEN ? AND ?
                        AND f.groupCode IN (?, ?)
                    ORDER BY e.takenAtMs, e.id
                    """,
                arguments: [profileId, from.description, through.description, groups[0], groups[1]]
            )
            var measures: [Int64: [HouseholdMeasure]] = [:]
            var cups: [CalendarDate: Double] = [:]
            for row in rows {
                let foodId: Int64 = row["foodId"]
                if measures[foodId] == nil {
                    measures[foodId] = try Row.fetchAll(
                        db,
                        sql: "SELECT amount, description, grams FROM foodMeasure WHERE foodId = ? ORDER BY position",
                        arguments: [foodId]
                    ).map { HouseholdMeasure(amount: $0["amount"], description: $0["description"], grams: $0["grams"]) }
                }
                let dateText: String = row["localDate"]
                let date: CalendarDate
                do {
                    date = try CalendarDate(parsing: dateText)
                } catch {
                    throw HubStoreError.corruptRow(table: "intakeEntry", id: row["id"], reason: "\(error)")
                }
                let food = FruitVegetableCups.Food(
                    groupCode: row["groupCode"],
                    name: row["name"],
                    measures: measures[foodId] ?? []
                )
                let grams: Double? = row["grams"]
                cups[date, default: 0] += FruitVegetableCups.cups(grams: grams ?? 0, of: food)
            }
            return cups
        }
    }

    /// A profile's latest result of `analyte` taken before `beforeMs`, however old, in the lab's canonical unit.
    public func latestLabResult(profileId: Int64, analyte: String, beforeMs: Int64) async throws -> GoalData.Reading? {
        try await pool.read { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT takenAtMs, value FROM labResult WHERE profileId = ? AND analyte = ? AND takenAtMs < ?
                    ORDER BY takenAtMs DESC, id DESC LIMIT 1
                    """,
                arguments: [profileId, analyte, beforeMs]
            ).map { GoalData.Reading(atMs: $0["takenAtMs"], value: $0["value"]) }
        }
    }
}
