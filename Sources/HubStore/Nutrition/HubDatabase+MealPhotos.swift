import Care
import Clinical
import Foundation
import GRDB
import HubCore
import HubRecords

extension HubDatabase {
    /// Stores a meal photo's record, once the terms are accepted.
    public func addMealPhoto(_ photo: NewMealPhoto, profileId: Int64, atMs: Int64) async throws(NutritionError)
        -> StoredMealPhoto
    {
        try await nutritionWrite { db in
            try Self.requireTerms(TermsOfService.current.version, in: db)
            try db.execute(
                sql: """
                    INSERT INTO mealPhoto (profileId, localDate, meal, thumbnailPNG, width, height, originalFileName,
                        originalBytes, storedPath, storedAtMs)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    profileId, photo.localDate.description, photo.meal.rawValue, photo.thumbnailPNG, photo.width,
                    photo.height, photo.originalFileName, photo.originalBytes, photo.storedPath, atMs,
                ]
            )
            return try Self.mealPhotos(profileId: profileId, id: db.lastInsertedRowID, date: nil, in: db)[0]
        }
    }

    /// The profile's meal photos, of one local date or all, by date and meal.
    public func mealPhotos(profileId: Int64, date: CalendarDate? = nil) async throws(NutritionError)
        -> [StoredMealPhoto]
    {
        try await nutritionRead { db in try Self.mealPhotos(profileId: profileId, id: nil, date: date, in: db) }
    }

    /// One meal photo of the profile.
    public func mealPhoto(id: Int64, profileId: Int64) async throws(NutritionError) -> StoredMealPhoto {
        try await nutritionRead { db in
            guard let photo = try Self.mealPhotos(profileId: profileId, id: id, date: nil, in: db).first else {
                throw NutritionError.unknownId(kind: "meal photo of this profile", id: id)
            }
            return photo
        }
    }

    /// Deletes one meal photo of the profile (its thumbnail and record; the original file stays where it is) and
    /// records the deletion (`entryChange`) in the same transaction; returns the photo as it was.
    public func deleteMealPhoto(id: Int64, profile: StoredProfile, changedBy: String, atMs: Int64)
        async throws(NutritionError) -> StoredMealPhoto
    {
        try await nutritionWrite { db in
            try Self.requireTerms(TermsOfService.current.version, in: db)
            guard let photo = try Self.mealPhotos(profileId: profile.id, id: id, date: nil, in: db).first else {
                throw NutritionError.unknownId(kind: "meal photo of this profile", id: id)
            }
            try db.execute(sql: "DELETE FROM mealPhoto WHERE id = ?", arguments: [id])
            try Self.recordChange(
                profileId: profile.id,
                entry: .photo,
                entryId: id,
                old: Self.changeJSON([
                    "localDate": photo.localDate.description, "meal": photo.meal.rawValue,
                    "originalFileName": photo.originalFileName, "storedPath": photo.storedPath,
                    "storedAtMs": photo.storedAtMs,
                ]),
                new: nil,
                by: changedBy,
                atMs: atMs,
                in: db
            )
            return photo
        }
    }

    static func mealPhotos(profileId: Int64, id: Int64?, date: CalendarDate?, in db: Database) throws
        -> [StoredMealPhoto]
    {
        try Row.fetchAll(
            db,
            sql: """
                SELECT * FROM mealPhoto WHERE profileId = ? AND (?2 IS NULL OR id = ?2) AND (?3 IS NULL OR localDate = ?3)
                ORDER BY localDate, CASE meal WHEN 'breakfast' THEN 1 WHEN 'lunch' THEN 2 WHEN 'dinner' THEN 3 ELSE 4 END, id
                """,
            arguments: [profileId, id, date?.description]
        ).map { row in
            let dateText: String = row["localDate"]
            let mealText: String = row["meal"]
            return StoredMealPhoto(
                id: row["id"],
                profileId: row["profileId"],
                localDate: (try? CalendarDate(parsing: dateText)) ?? CalendarDate(daysSinceEpoch: 0),
                meal: Meal(rawValue: mealText) ?? .snack,
                thumbnailPNG: row["thumbnailPNG"],
                width: row["width"],
                height: row["height"],
                originalFileName: row["originalFileName"],
                originalBytes: row["originalBytes"],
                storedPath: row["storedPath"],
                storedAtMs: row["storedAtMs"]
            )
        }
    }
}
