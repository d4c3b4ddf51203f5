import Clinical
import Foundation
import HubCore
import HubRecords
import HubStore
import TestSupport

@testable import HubServices

/// An application on a temporary store with the terms accepted and one hemodialysis profile (Europe/Berlin).
struct CareWorld {
    let directory: TemporaryDirectory
    let app: HubApplication
    let profile: StoredProfile

    static func make() async throws -> CareWorld {
        let directory = try TemporaryDirectory()
        let app = try HubApplication.open(atPath: directory.file("hub.sqlite"))
        _ = try await app.terms.acceptCurrent()
        let profile = try await app.store.saveProfile(
            try PatientFixtures.hemodialysisProfile(),
            id: nil,
            atMs: app.now()
        )
        return CareWorld(directory: directory, app: app, profile: profile)
    }

    /// Records a serum potassium taken `daysAgo` days before now.
    func potassium(_ value: Double, daysAgo: Int64) async throws {
        let taken = app.now() - daysAgo * 86_400_000
        try await app.store.insertLabResults(
            [
                LabValue(
                    analyteID: "potassium",
                    value: value,
                    unit: "mmol/L",
                    originalValue: value,
                    originalUnit: "mmol/L",
                    takenAt: RFC3339Timestamp(epochMilliseconds: taken, utcOffsetSeconds: 0)
                )
            ],
            profileId: profile.id,
            source: .manual,
            createdAtMs: app.now()
        )
    }

    /// A reader of "now" as the entry time.
    static let now: EntryTimeReader = { _, now in RFC3339Timestamp(epochMilliseconds: now, utcOffsetSeconds: 0) }
}
