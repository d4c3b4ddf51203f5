import Clinical
import Foundation
import HubCore

/// Shared values for the patient, dialysis and trend tests.
public enum PatientFixtures {
    /// The instant of an RFC 3339 date-time with offset.
    public static func at(_ text: String) throws -> Int64 {
        try RFC3339.parse(text).epochMilliseconds
    }

    public static func time(_ text: String) throws -> LocalTime {
        try LocalTime(parsing: text)
    }

    public static func date(_ text: String) throws -> CalendarDate {
        try CalendarDate(parsing: text)
    }

    public static func zone(_ identifier: String) throws -> TimeZone {
        guard let zone = TimeZone(identifier: identifier) else {
            throw FixtureError(message: "time zone \(identifier) is not installed")
        }
        return zone
    }

    /// Tue/Thu/Sat 08:00–12:00, the brief's example schedule.
    public static func tueThuSat(start: String = "08:00", end: String = "12:00") throws -> DialysisSchedule {
        DialysisSchedule(weekdays: [.tuesday, .thursday, .saturday], start: try time(start), end: try time(end))
    }

    /// A complete, valid hemodialysis profile.
    public static func hemodialysisProfile() throws -> PatientProfile {
        PatientProfile(
            name: "Anna",
            dateOfBirth: try date("1961-04-12"),
            sexAtBirth: .female,
            heightCentimeters: 168,
            avatarReference: "avatar-7f3a",
            diseaseCategory: .hemodialysis,
            dialysisSchedule: try tueThuSat(),
            dryWeightKilograms: 80,
            diabetes: .type2,
            diabeticDietGoals: DiabeticDietGoals(notes: "45 g carbohydrate per meal", carbohydrateGramsPerMeal: 45),
            displayUnits: DisplayUnits(weight: .pound, fluid: .fluidOunce, glucose: .millimolesPerLitre),
            timeZoneIdentifier: "Europe/Berlin",
            medications: [
                Medication(name: "sevelamer carbonate", dose: "800 mg", schedule: "with each meal"),
                Medication(
                    name: "amlodipine",
                    dose: "5 mg",
                    schedule: "mornings",
                    timing: MedicationTiming(timesOfDay: [try time("08:00")])
                ),
            ]
        )
    }

    struct FixtureError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
