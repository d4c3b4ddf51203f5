import Care
import CareEngine
import Clinical
import HubCore
import HubRecords
import HubStore
import TestSupport
import Testing

@testable import HubServices

/// A hemodialysis patient is G5D in every output whatever the eGFR says (issue 17, item 6), and the report card's
/// foods to try suit every restricted nutrient (item 5).
struct StageAndFoodsToTryTests {
    @Test func aDialysisPatientIsG5DInTheLabsListAndTheReportCard() async throws {
        let world = try await CareWorld.make()
        defer { world.directory.remove() }
        // A hemodialysis patient's eGFR of 40 would read G3b; on dialysis the stage is G5D.
        try await world.app.store.insertLabResults(
            [
                LabValue(
                    analyteID: "egfr",
                    value: 40,
                    unit: "mL/min/{1.73_m2}",
                    originalValue: 40,
                    originalUnit: "mL/min/{1.73_m2}",
                    takenAt: RFC3339Timestamp(epochMilliseconds: world.app.now(), utcOffsetSeconds: 0)
                )
            ],
            profileId: world.profile.id,
            source: .manual,
            createdAtMs: world.app.now()
        )
        let listed = try await world.app.labs.list(analyte: "egfr", profile: nil)
        #expect(listed.rows.map(\.stage) == ["G5D"])
        let month = ReportCardService.month(of: try world.profile.profile.localDate(at: world.app.now()))
        let card = try await world.app.advice.reportCard(month: month, profile: nil, rebuild: true)
        #expect(card.stage == "G5D")
        #expect(card.text.hasPrefix("Report card for \(month), CKD stage (KDIGO) G5D"))
        // Foods to try: none salty (pickles, olives) or liquid for a sodium- and fluid-restricted patient.
        #expect(!card.recommendedFoods.isEmpty)
        for food in card.recommendedFoods {
            #expect(!food.contains("Pickle"), "\(food)")
            #expect(!food.contains("Olive"), "\(food)")
            #expect(!food.contains("juice"), "\(food)")
        }
    }
}
