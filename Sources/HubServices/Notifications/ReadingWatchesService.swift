import Care
import Clinical
import HubCore
import HubRecords
import HubStore

/// Reading watches: a throttled rule fed by the profile's readings (heart rate or home systolic pressure above a
/// threshold, inside a window of the day, spaced), asking about a medication; a dose of it taken raises the
/// threshold.
public struct ReadingWatchesService: Sendable {
    let app: HubApplication

    /// A watch as the person describes it.
    public struct NewWatch: Sendable, Equatable {
        /// `heart-rate` or `systolic`.
        public var reading: String
        /// The threshold a reading must be above.
        public var above: Double
        /// HH:MM-HH:MM, local time (the end excluded).
        public var window: String
        /// The least minutes between two notifications.
        public var spacingMinutes: Int
        /// How much a dose taken raises the threshold.
        public var takenStep: Double
        /// An active medication order of the profile, by name; nil to notify without one.
        public var medication: String?

        /// A watch with these fields.
        public init(
            reading: String,
            above: Double,
            window: String,
            spacingMinutes: Int,
            takenStep: Double,
            medication: String?
        ) {
            self.reading = reading
            self.above = above
            self.window = window
            self.spacingMinutes = spacingMinutes
            self.takenStep = takenStep
            self.medication = medication
        }
    }

    /// Validates and stores a watch; each refusal names the option.
    public func add(_ new: NewWatch, profile: String?) async throws -> ReadingWatch {
        try await app.terms.requireAccepted()
        let stored = try await app.store.selectProfile(named: profile)
        guard let reading = WatchedReading(rawValue: new.reading) else {
            let accepted = WatchedReading.allCases.map(\.rawValue).joined(separator: ", ")
            throw CareServiceError.notStored(reason: "--reading: '\(new.reading)' is not one of \(accepted)")
        }
        let valid = reading.trigger.valid
        guard valid.contains(new.above) else {
            throw CareServiceError.notStored(
                reason: "--above: \(new.above) is outside the valid \(reading.trigger.name) readings "
                    + "\(Int(valid.lowerBound))–\(Int(valid.upperBound))"
            )
        }
        let hours: QuietHours
        do { hours = try QuietHours(parsing: new.window) } catch { throw CareServiceError.window(new.window) }
        guard hours.start < hours.end else {
            throw CareServiceError.notStored(reason: "--window: '\(new.window)' must end after it starts, the same day")
        }
        guard (1...24 * 60).contains(new.spacingMinutes) else {
            throw CareServiceError.notStored(reason: "--spacing: \(new.spacingMinutes) minutes; 1 to 1440")
        }
        guard new.takenStep >= 0, new.takenStep.isFinite else {
            throw CareServiceError.notStored(reason: "--taken-step: \(new.takenStep); 0 or more")
        }
        var medication: String?
        if let name = new.medication {
            let orders = try await app.store.medicationOrders(profileId: stored.id).filter { $0.status.isActive }
            guard let order = orders.first(where: { MedicationsService.sameName($0.medication.name, name) }) else {
                throw CareServiceError.unknownMedication(
                    name: name,
                    profile: stored.name,
                    known: orders.map(\.medication.name)
                )
            }
            medication = order.medication.name
        }
        let rule = ThrottledRule(
            trigger: reading.trigger,
            threshold: new.above,
            windowStart: hours.start,
            windowEnd: hours.end,
            minimumSpacingMinutes: new.spacingMinutes,
            takenStep: new.takenStep
        )
        let watch = ReadingWatch(profileId: stored.id, reading: reading, rule: rule, medication: medication)
        do { return try await app.store.addReadingWatch(watch, atMs: app.now()) } catch {
            throw CareServiceError.notStored(reason: "\(error)")
        }
    }

    /// The profile's watches in force, with their thresholds as the answers moved them.
    public func list(profile: String?) async throws -> (StoredProfile, [ReadingWatch]) {
        let stored = try await app.store.selectProfile(named: profile)
        return (stored, try await app.store.readingWatches(profileId: stored.id))
    }

    /// Removes a watch.
    public func remove(id: Int64, profile: String?) async throws {
        let stored = try await app.store.selectProfile(named: profile)
        guard try await app.store.removeReadingWatch(id: id, profileId: stored.id, atMs: app.now()) else {
            throw CareServiceError.noReminder(id: id, profile: stored.name)
        }
    }
}

extension HubApplication {
    /// Reading watches.
    public var readingWatches: ReadingWatchesService { ReadingWatchesService(app: self) }
}
