import CareEngine
import Clinical
import Foundation
import HubCore
import HubRecords
import HubStore

/// Giving a device's readings (or one user slot's, on a shared scale or cuff) to a profile.
public struct DeviceAssignmentService: Sendable {
    let app: HubApplication

    /// From when a device's unowned readings are claimed.
    public enum ClaimStart: Sendable, Equatable {
        /// Every unowned reading.
        case always
        /// Readings taken from this local date and time on the profile's clock on.
        case local(CalendarDate, LocalTime)
        /// Readings taken from this instant (UTC epoch milliseconds) on.
        case instant(Int64)
    }

    /// What an assignment did.
    public struct Outcome: Sendable, Equatable {
        /// The profile's name.
        public var profileName: String
        /// Stored weights that were tagged with their dialysis phase (or are pending confirmation).
        public var tagged: Int
        /// Of those, the weights whose phase the person must confirm (`weight confirm`).
        public var needConfirmation: Int
    }

    /// Why an assignment was refused.
    public enum Failure: Error, Sendable, CustomStringConvertible {
        /// The user slot is outside 0–255.
        case userIndexOutOfRange(Int)
        /// The claim's local start does not exist on the profile's clock (a spring-forward gap) or its zone is bad.
        case claimStartUnknown(String)

        public var description: String {
            switch self {
            case .userIndexOutOfRange(let index): "--user-index: \(index) is out of range (accepted: 0–255)"
            case .claimStartUnknown(let reason): reason
            }
        }
    }

    /// Gives the device's readings (of `userIndex`, or every slot without its own assignment when nil) to the
    /// profile named (the only one when nil); readings already stored that no profile owns, taken from `from` on,
    /// are claimed, and their weights get their dialysis phase. The terms must be accepted.
    public func assign(
        deviceId: String,
        adapterId: String?,
        profile: String?,
        userIndex: Int?,
        from: ClaimStart
    ) async throws -> Outcome {
        if let userIndex, !(0...255).contains(userIndex) { throw Failure.userIndexOutOfRange(userIndex) }
        try await app.store.requireCurrentTerms()
        let stored = try await app.store.selectProfile(named: profile)
        let device = try await app.store.device(id: deviceId, adapterId: adapterId)
        let now = app.now()
        let claimsFromMs: Int64
        switch from {
        case .always: claimsFromMs = 0
        case .instant(let instant): claimsFromMs = instant
        case .local(let day, let time): claimsFromMs = try Self.instant(day, time, profile: stored.profile)
        }
        try await app.store.assign(
            DeviceAssignment(
                deviceRowId: device.rowId,
                userIndex: userIndex ?? DeviceAssignment.anyUser,
                profileId: stored.id,
                assignedAtMs: now,
                claimsFromMs: claimsFromMs
            )
        )
        let tagged = try await WeightPhaseTagger(store: app.store).tagPending()
        return Outcome(
            profileName: stored.name,
            tagged: tagged.count,
            needConfirmation: tagged.filter { $0.phase == nil }.count
        )
    }

    /// A local date and time on the profile's clock as an instant.
    private static func instant(_ day: CalendarDate, _ time: LocalTime, profile: PatientProfile) throws -> Int64 {
        let zone: TimeZone
        do { zone = try profile.timeZone() } catch { throw Failure.claimStartUnknown("\(error)") }
        // The one reader of local times on the profile's clock, as for an entry's `--at`.
        guard let instant = EntryTimeText.instant(day, time, in: zone) else {
            throw Failure.claimStartUnknown("\(day)T\(time) does not exist in \(zone.identifier)")
        }
        return instant
    }
}

extension HubApplication {
    /// Giving devices' readings to profiles.
    public var deviceAssignments: DeviceAssignmentService { DeviceAssignmentService(app: self) }
}
