import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubStore

extension LabsService {
    /// One lab's latest result against the target that applies to the profile, with the change since the one before.
    public struct Trend: Sendable {
        /// The lab.
        public var analyte: LabAnalyte
        /// The newest result.
        public var latest: StoredLabResult
        /// The result before it, when there is one.
        public var previous: StoredLabResult?
        /// How many results the profile has of this lab.
        public var count: Int
        /// The latest value against the most specific target for this profile (`LabStanding`, the one rule).
        public var standing: LabStanding

        /// The latest value minus the previous one, in the lab's canonical unit; nil with one result.
        public var change: Double? { previous.map { latest.value.value - $0.value.value } }
    }

    /// What the labs page shows: each lab's trend in catalog order, every result newest first, the eGFR slope.
    public struct Overview: Sendable {
        /// The profile shown.
        public var profile: StoredProfile
        /// One trend per lab with at least one result, in catalog order.
        public var trends: [Trend]
        /// Every result with its eGFR and stage, newest first.
        public var rows: [Row]
        /// The slope over the eGFR values (reported and derived), when the profile has any.
        public var egfrSlope: EGFRSlopeAssessment?
    }

    /// The profile's labs for the labs page: the latest of each against its target, every result, the eGFR slope.
    public func overview(profile name: String?) async throws -> Overview {
        let listing = try await list(analyte: nil, profile: name)
        let profile = listing.profile.profile
        let hasDiabetes = profile.diabetes?.hasDiabetes ?? false
        let byLab = Dictionary(grouping: listing.rows.map(\.result), by: \.value.analyteID)
        let trends = LabCatalog.standard.analytes.compactMap { analyte -> Trend? in
            let results = (byLab[analyte.id] ?? []).sorted {
                ($0.value.takenAt.epochMilliseconds, $0.id) < ($1.value.takenAt.epochMilliseconds, $1.id)
            }
            guard let latest = results.last else { return nil }
            return Trend(
                analyte: analyte,
                latest: latest,
                previous: results.dropLast().last,
                count: results.count,
                standing: LabStanding(
                    latest.value,
                    category: profile.diseaseCategory,
                    hasDiabetes: hasDiabetes
                )
            )
        }
        // The slope from the results just read (every lab, oldest first), as `list(analyte: "egfr")` reads it.
        let reported = byLab[LabAnalyte.egfr.id, default: []].map(\.value)
        let creatinine = byLab[LabAnalyte.creatinine.id, default: []].map(\.value)
        let slope =
            reported.isEmpty && creatinine.isEmpty
            ? nil : try Self.egfrSlope(reported: reported, creatinine: creatinine, profile: profile)
        let newestFirst = listing.rows.sorted {
            ($0.result.value.takenAt.epochMilliseconds, $0.result.id)
                > ($1.result.value.takenAt.epochMilliseconds, $1.result.id)
        }
        return Overview(profile: listing.profile, trends: trends, rows: newestFirst, egfrSlope: slope)
    }
}
