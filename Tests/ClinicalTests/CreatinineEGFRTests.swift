import Clinical
import HubCore
import Testing

/// `CreatinineEGFR`: the sample's local day is the profile's, and the age on that day enters CKD-EPI 2021.
@Suite struct CreatinineEGFRTests {
    private func profile(zone: String) throws -> PatientProfile {
        var person = PatientProfile(name: "Max", timeZoneIdentifier: zone)
        person.sexAtBirth = .male
        person.dateOfBirth = try CalendarDate(parsing: "1960-03-11")
        return person
    }

    private func creatinine(at time: String) throws -> LabValue {
        try LabValidation.validate(
            analyte: "creatinine",
            value: 1.5,
            unit: "mg/dL",
            takenAt: try RFC3339.parse(time),
            now: try RFC3339.parse("2026-11-01T00:00:00Z").epochMilliseconds
        )
    }

    @Test func theDayIsTheProfilesNotTheLaboratorys() throws {
        let sample = try creatinine(at: "2026-03-10T23:30:00-05:00")
        let berlin = try CreatinineEGFR.derive(sample, profile: try profile(zone: "Europe/Berlin"))
        #expect(berlin.sampleDay.description == "2026-03-11")
        #expect(berlin.ageYears == 66)
        #expect(berlin.egfr == (try CKDEPI2021.egfr(creatinineMgPerDL: 1.5, ageYears: 66, sex: .male)))
        // In Bogotá (UTC−05:00 all year) it is still 10 March.
        let bogota = try CreatinineEGFR.derive(sample, profile: try profile(zone: "America/Bogota"))
        #expect(bogota.sampleDay.description == "2026-03-10")
        #expect(bogota.ageYears == 65)
    }

    @Test func whatIsMissingIsNamed() throws {
        let sample = try creatinine(at: "2026-03-10T08:00:00+01:00")
        var person = try profile(zone: "Europe/Berlin")
        person.sexAtBirth = nil
        #expect(throws: EGFRDerivationError.missingSexAtBirth) { try CreatinineEGFR.derive(sample, profile: person) }
        person = try profile(zone: "Nowhere/Atlantis")
        #expect(throws: EGFRDerivationError.self) { try CreatinineEGFR.derive(sample, profile: person) }
    }

    @Test func aReportedEGFROnTheProfilesDayKeepsTheDrawFromBeingDerivedTwice() throws {
        let person = try profile(zone: "Europe/Berlin")
        let reported = try LabValidation.validate(
            analyte: "egfr",
            value: 50,
            unit: "mL/min/{1.73_m2}",
            takenAt: try RFC3339.parse("2026-03-11T08:00:00+01:00"),
            now: try RFC3339.parse("2026-11-01T00:00:00Z").epochMilliseconds
        )
        // On its own offset the creatinine is on 10 March; on the patient's clock it is the reported eGFR's day.
        let built = try TrendSeriesBuilder.labSeries(
            .egfr,
            results: [reported],
            creatinine: [try creatinine(at: "2026-03-10T23:30:00-05:00")],
            profile: person
        )
        #expect(built.series.first?.points.count == 1)
        #expect(built.series.first?.derivedInstants.isEmpty == true)
    }
}
