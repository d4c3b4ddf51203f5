import Foundation
import TestSupport
import Testing

@testable import Clinical
@testable import HubCore

/// The patient profile: its values, validation messages and JSON form.
struct ProfileTests {
    typealias F = PatientFixtures
    static let today = CalendarDate(daysSinceEpoch: 20_774)  // 2026-11-17

    @Test func fixtureDayIsTheScenarioTuesday() {
        #expect(Self.today.description == "2026-11-17")
        #expect(Self.today.weekday == .tuesday)
    }

    @Test func aCompleteProfileIsValid() throws {
        let profile = try F.hemodialysisProfile()
        #expect(profile.validationErrors(today: Self.today).isEmpty)
        try profile.validate(today: Self.today)
    }

    @Test func aMinimalProfileIsValid() throws {
        let profile = PatientProfile(name: "Ben", timeZoneIdentifier: "UTC")
        try profile.validate(today: Self.today)
        #expect(profile.displayUnits == .metric)
        #expect(profile.age(on: Self.today) == nil)
    }

    @Test func ageIsDerivedForAGivenDay() throws {
        let profile = try F.hemodialysisProfile()  // born 1961-04-12
        #expect(profile.age(on: try F.date("2026-04-11")) == 64)
        #expect(profile.age(on: try F.date("2026-04-12")) == 65)
        #expect(profile.age(on: Self.today) == 65)
        let leapling = try F.date("2000-02-29")
        #expect(leapling.fullYears(until: try F.date("2001-02-28")) == 0)
        #expect(leapling.fullYears(until: try F.date("2001-03-01")) == 1)
        #expect(leapling.fullYears(until: try F.date("2004-02-29")) == 4)
    }

    struct RangeCase: Sendable, CustomTestStringConvertible {
        let field: String
        let value: Double
        let accepted: String
        var testDescription: String { "\(field) = \(value)" }
    }

    static let outOfRange: [RangeCase] = [
        RangeCase(field: "heightCentimeters", value: 49.9, accepted: "(accepted: 50–250 cm)"),
        RangeCase(field: "heightCentimeters", value: 250.5, accepted: "(accepted: 50–250 cm)"),
        RangeCase(field: "heightCentimeters", value: 0, accepted: "(accepted: 50–250 cm)"),
        RangeCase(field: "dryWeightKilograms", value: 0, accepted: "(accepted: 20–300 kg)"),
        RangeCase(field: "dryWeightKilograms", value: 19.99, accepted: "(accepted: 20–300 kg)"),
        RangeCase(field: "dryWeightKilograms", value: 301, accepted: "(accepted: 20–300 kg)"),
        RangeCase(field: "dryWeightKilograms", value: -80, accepted: "(accepted: 20–300 kg)"),
    ]

    @Test(arguments: outOfRange)
    func implausibleNumbersNameTheFieldAndTheRange(_ sample: RangeCase) throws {
        var profile = try F.hemodialysisProfile()
        if sample.field == "heightCentimeters" {
            profile.heightCentimeters = sample.value
        } else {
            profile.dryWeightKilograms = sample.value
        }
        let error = try #require(throws: ProfileFieldError.self) { try profile.validate(today: Self.today) }
        #expect(error.field == sample.field)
        #expect(error.description.hasPrefix("\(sample.field): "))
        #expect(error.description.contains(sample.accepted), "\(error)")
    }

    @Test(arguments: [50.0, 250.0, 168.5])
    func heightBoundsAreIncluded(_ height: Double) throws {
        var profile = try F.hemodialysisProfile()
        profile.heightCentimeters = height
        try profile.validate(today: Self.today)
    }

    @Test(arguments: [20.0, 300.0])
    func dryWeightBoundsAreIncluded(_ weight: Double) throws {
        var profile = try F.hemodialysisProfile()
        profile.dryWeightKilograms = weight
        try profile.validate(today: Self.today)
    }

    @Test func notANumberIsRefused() throws {
        var profile = try F.hemodialysisProfile()
        profile.heightCentimeters = .nan
        let error = try #require(throws: ProfileFieldError.self) { try profile.validate(today: Self.today) }
        #expect(error.field == "heightCentimeters")
        #expect(error.description.contains("not a finite number"))
    }

    @Test func dateOfBirthInTheFutureIsRefused() throws {
        var profile = try F.hemodialysisProfile()
        profile.dateOfBirth = try F.date("2026-11-18")
        let error = try #require(throws: ProfileFieldError.self) { try profile.validate(today: Self.today) }
        #expect(
            error
                == ProfileFieldError(
                    field: "dateOfBirth",
                    problem: .dateInFuture(try F.date("2026-11-18"), today: Self.today)
                )
        )
        #expect(
            error.description
                == "dateOfBirth: 2026-11-18 is in the future (accepted: a date on or before today, 2026-11-17)"
        )
        profile.dateOfBirth = Self.today  // born today: age 0
        try profile.validate(today: Self.today)
    }

    @Test func ageAbove120IsRefused() throws {
        var profile = try F.hemodialysisProfile()
        profile.dateOfBirth = try F.date("1905-11-18")  // 120 until tomorrow
        try profile.validate(today: Self.today)
        profile.dateOfBirth = try F.date("1905-11-17")
        let error = try #require(throws: ProfileFieldError.self) { try profile.validate(today: Self.today) }
        #expect(error.problem == .tooOld(age: 121, maximum: 120))
        #expect(error.description == "dateOfBirth: gives an age of 121 years (accepted: 0–120 years)")
    }

    @Test(arguments: ["Mars/Olympus_Mons", "+01:00", "europe/berlin", ""])
    func unknownTimeZonesAreRefused(_ identifier: String) throws {
        var profile = try F.hemodialysisProfile()
        profile.timeZoneIdentifier = identifier
        let error = try #require(throws: ProfileFieldError.self) { try profile.validate(today: Self.today) }
        #expect(error.field == "timeZoneIdentifier")
        #expect(error.problem == .unknownTimeZone(identifier))
        #expect(error.description.contains("Europe/Berlin"), "names an accepted example")
        #expect(throws: ProfileFieldError.self) { try profile.timeZone() }
    }

    @Test(arguments: ["Europe/Berlin", "America/New_York", "Asia/Kolkata", "UTC", "Etc/GMT-1"])
    func knownTimeZonesAreAccepted(_ identifier: String) throws {
        var profile = try F.hemodialysisProfile()
        profile.timeZoneIdentifier = identifier
        try profile.validate(today: Self.today)
    }

    @Test func scheduleSessionsMustEndAfterTheyStart() throws {
        var profile = try F.hemodialysisProfile()
        let backwards = DialysisSession(weekday: .thursday, start: try F.time("12:00"), end: try F.time("08:00"))
        let empty = DialysisSession(weekday: .thursday, start: try F.time("08:00"), end: try F.time("08:00"))
        for (session, text) in [(backwards, "Thu 12:00–08:00"), (empty, "Thu 08:00–08:00")] {
            profile.dialysisSchedule = DialysisSchedule(sessions: [
                DialysisSession(weekday: .tuesday, start: try F.time("08:00"), end: try F.time("12:00")), session,
            ])
            let error = try #require(throws: ProfileFieldError.self) { try profile.validate(today: Self.today) }
            #expect(error.field == "dialysisSchedule.sessions[1]")
            #expect(error.problem == .sessionEndsBeforeStart(session))
            #expect(error.description.contains(text), "\(error)")
        }
    }

    @Test func scheduleSessionsMustNotOverlap() throws {
        var profile = try F.hemodialysisProfile()
        let morning = DialysisSession(weekday: .monday, start: try F.time("06:00"), end: try F.time("10:00"))
        let overlapping = DialysisSession(weekday: .monday, start: try F.time("09:59"), end: try F.time("13:00"))
        let afterwards = DialysisSession(weekday: .monday, start: try F.time("10:00"), end: try F.time("13:00"))
        let otherDay = DialysisSession(weekday: .tuesday, start: try F.time("09:00"), end: try F.time("13:00"))

        profile.dialysisSchedule = DialysisSchedule(sessions: [morning, otherDay, overlapping])
        let error = try #require(throws: ProfileFieldError.self) { try profile.validate(today: Self.today) }
        #expect(
            error
                == ProfileFieldError(
                    field: "dialysisSchedule.sessions[2]",
                    problem: .sessionsOverlap(overlapping, morning)
                )
        )
        #expect(error.description.contains("Mon 09:59–13:00 overlaps session Mon 06:00–10:00"))

        // Back to back and on different days is fine.
        profile.dialysisSchedule = DialysisSchedule(sessions: [morning, otherDay, afterwards])
        try profile.validate(today: Self.today)
    }

    @Test func aScheduleNeedsSessions() throws {
        var profile = try F.hemodialysisProfile()
        profile.dialysisSchedule = DialysisSchedule(sessions: [])
        let error = try #require(throws: ProfileFieldError.self) { try profile.validate(today: Self.today) }
        #expect(error.field == "dialysisSchedule.sessions")
        #expect(error.problem == .noSessions)
    }

    @Test(arguments: [DiseaseCategory.peritonealDialysis, .kidneyTransplant, .ckdG4])
    func aScheduleBelongsToHemodialysisOnly(_ category: DiseaseCategory) throws {
        var profile = try F.hemodialysisProfile()
        profile.diseaseCategory = category
        let error = try #require(throws: ProfileFieldError.self) { try profile.validate(today: Self.today) }
        #expect(error.field == "dialysisSchedule")
        #expect(error.description.contains("needs disease category hemodialysis (is \(category.rawValue))"))
        profile.dialysisSchedule = nil
        try profile.validate(today: Self.today)
    }

    @Test(arguments: ["", "   ", "\n"])
    func theNameIsRequired(_ name: String) throws {
        var profile = try F.hemodialysisProfile()
        profile.name = name
        #expect(throws: ProfileFieldError(field: "name", problem: .empty)) { try profile.validate(today: Self.today) }
    }

    @Test func textsHaveALengthLimit() throws {
        var profile = try F.hemodialysisProfile()
        profile.name = String(repeating: "a", count: 101)
        #expect(throws: ProfileFieldError(field: "name", problem: .tooLong(101, maximum: 100))) {
            try profile.validate(today: Self.today)
        }
    }

    @Test func medicationsNeedANameAndAreNamedByIndex() throws {
        var profile = try F.hemodialysisProfile()
        profile.medications[1].name = ""
        let error = try #require(throws: ProfileFieldError.self) { try profile.validate(today: Self.today) }
        #expect(error.field == "medications[1].name")
        // Dose and schedule are free text and may be empty.
        profile.medications[1] = Medication(name: "calcitriol")
        try profile.validate(today: Self.today)
    }

    @Test func diabeticGoalsAreChecked() throws {
        var profile = try F.hemodialysisProfile()
        profile.diabeticDietGoals = DiabeticDietGoals(hba1cTargetPercent: 9)
        let error = try #require(throws: ProfileFieldError.self) { try profile.validate(today: Self.today) }
        #expect(error.field == "diabeticDietGoals.hba1cTargetPercent")
        #expect(error.description.contains("(accepted: 6.5–8 %)"), "\(error)")
        profile.diabeticDietGoals = DiabeticDietGoals(notes: "free text only")
        try profile.validate(today: Self.today)
    }

    @Test func everyWrongFieldIsListed() throws {
        var profile = try F.hemodialysisProfile()
        profile.name = ""
        profile.heightCentimeters = 300
        profile.dryWeightKilograms = 0
        profile.timeZoneIdentifier = "Nowhere"
        let fields = profile.validationErrors(today: Self.today).map(\.field)
        #expect(fields == ["name", "heightCentimeters", "dryWeightKilograms", "timeZoneIdentifier"])
    }

    @Test func choicesAreReadFromWordsAndListTheAcceptedOnes() throws {
        #expect(
            try DiseaseCategory(profileField: "diseaseCategory", text: "peritoneal_dialysis") == .peritonealDialysis
        )
        #expect(try WeightDisplayUnit(profileField: "displayUnits.weight", text: "lb") == .pound)
        let error = try #require(throws: ProfileFieldError.self) {
            try DiseaseCategory(profileField: "diseaseCategory", text: "ckd_g3")
        }
        #expect(
            error.description
                == "diseaseCategory: unknown value 'ckd_g3' (accepted: ckd_g1, ckd_g2, ckd_g3a, ckd_g3b, ckd_g4, ckd_g5, "
                + "hemodialysis, peritoneal_dialysis, kidney_transplant)"
        )
        #expect(DiabetesStatus.acceptedWords == ["none", "type_1", "type_2"])
        #expect(SexAtBirth.acceptedWords == ["female", "male"])
        #expect(FluidDisplayUnit.acceptedWords == ["mL", "fl oz"])
    }

    @Test func ckdStagesMatchTheKDIGOCategories() {
        for category in GFRCategory.allCases {
            #expect(DiseaseCategory(notOnDialysis: category).gfrCategory == category)
        }
        #expect(DiseaseCategory.hemodialysis.gfrCategory == nil)
        #expect(DiseaseCategory.allCases.filter(\.isDialysis) == [.hemodialysis, .peritonealDialysis])
    }

    @Test func displayUnitsResolveInTheUnitTable() throws {
        // The display choices only name UCUM codes; the conversion is the unit table's.
        #expect(try UnitTable.convert(1, from: WeightDisplayUnit.pound.ucum, to: "kg") == 0.45359237)
        #expect(try UnitTable.convert(1, from: FluidDisplayUnit.fluidOunce.ucum, to: "mL") == 29.5735295625)
        for unit in GlucoseDisplayUnit.allCases {
            #expect(UnitTable.standard.unit(unit.ucum) != nil)
        }
        for unit in WeightDisplayUnit.allCases { #expect(UnitTable.standard.unit(unit.ucum)?.dimension == .mass) }
        for unit in FluidDisplayUnit.allCases { #expect(UnitTable.standard.unit(unit.ucum)?.dimension == .volume) }
    }

    @Test func jsonRoundTripAndReadableForm() throws {
        let profile = try F.hemodialysisProfile()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(profile)
        #expect(try JSONDecoder().decode(PatientProfile.self, from: data) == profile)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""dateOfBirth":"1961-04-12""#))
        #expect(text.contains(#""diseaseCategory":"hemodialysis""#))
        #expect(text.contains(#"{"end":"12:00","start":"08:00","weekday":"tuesday"}"#))
        #expect(text.contains(#""displayUnits":{"fluid":"fl oz","glucose":"mmol\/L","weight":"lb"}"#))
        #expect(text.contains(#""diabetes":"type_2""#))
    }

    @Test func medicationsWithoutStructuredTimingDecode() throws {
        let json = #"{"name":"sevelamer","dose":"800 mg","schedule":"with meals"}"#
        let medication = try JSONDecoder().decode(Medication.self, from: Data(json.utf8))
        #expect(medication == Medication(name: "sevelamer", dose: "800 mg", schedule: "with meals"))
        #expect(medication.timing == nil)
    }

    @Test(arguments: [
        "1961-4-12", "1961-04-31", "2026-02-29", "12/04/1961", "1961-13-01", "", "1961-04-1x", "+961-04-12",
        "1961-04-12 ", "1961\u{2212}04\u{2212}12", "\u{FF11}961-04-12", "19610-4-12", "1961--04-12",
    ])
    func badDatesAreRefusedWhenDecoding(_ text: String) throws {
        let json =
            #"{"name":"A","timeZoneIdentifier":"UTC","dateOfBirth":"\#(text)","displayUnits":{"weight":"kg","fluid":"mL","glucose":"mg/dL"},"medications":[]}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(PatientProfile.self, from: Data(json.utf8)) }
        #expect(throws: CalendarParseError.self) { try CalendarDate(parsing: text) }
    }

    @Test func calendarDatesAndTimesParseAndPrint() throws {
        #expect(try F.date("2024-02-29").description == "2024-02-29")
        #expect(try F.date("1970-01-01").daysSinceEpoch == 0)
        #expect(try F.date("1970-01-01").weekday == .thursday)
        #expect(try F.date("1969-12-29").weekday == .monday)
        #expect(try F.date("2026-11-14").weekday == .saturday)
        #expect(try F.date("2026-11-17").adding(days: -3) == F.date("2026-11-14"))
        #expect(throws: CalendarParseError(input: "2026-02-29", problem: .dayOutOfRange(year: 2026, month: 2, day: 29)))
        {
            try CalendarDate(parsing: "2026-02-29")
        }
        #expect(try F.time("00:00").minutesSinceMidnight == 0)
        #expect(try F.time("23:59").description == "23:59")
        #expect(throws: CalendarParseError(input: "24:00", problem: .timeOutOfRange(hour: 24, minute: 0))) {
            try LocalTime(parsing: "24:00")
        }
        #expect(throws: CalendarParseError(input: "8:00", problem: .notATime)) { try LocalTime(parsing: "8:00") }
        #expect(Weekday.allCases.map(\.abbreviation) == ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"])
        #expect(Weekday.allCases.map(\.isoNumber) == Array(1...7))
    }
}
