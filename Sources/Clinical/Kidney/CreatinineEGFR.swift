import Foundation
import HubCore

/// eGFR derived from one creatinine result (CKD-EPI 2021), with the local day the age was taken on.
public struct DerivedEGFR: Sendable, Hashable {
    /// When the sample was taken, UTC epoch milliseconds.
    public var epochMilliseconds: Int64
    /// The eGFR in mL/min/{1.73_m2}, not rounded.
    public var egfr: Double
    /// The sample's local day in the profile's time zone (the rule of `CreatinineEGFR.sampleDay`).
    public var sampleDay: CalendarDate
    /// The patient's age in whole years on `sampleDay`, as the equation used it.
    public var ageYears: Int

    /// The reading this gives for an eGFR slope.
    public var reading: EGFRReading { EGFRReading(epochMilliseconds: epochMilliseconds, egfr: egfr) }
}

/// Why eGFR could not be derived from a creatinine result; each case names what is missing or wrong.
public enum EGFRDerivationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The profile has no sex at birth, which the equation needs.
    case missingSexAtBirth
    /// The profile has no date of birth, so no age.
    case missingDateOfBirth
    /// The profile's time zone is unknown, so the sample's local day is not known.
    case unknownTimeZone(ProfileFieldError)
    /// The equation refused its inputs (an age outside 18–120, a creatinine that is not one).
    case equation(CKDEPIError)

    /// What was wrong, without a command hint (front ends add theirs).
    public var description: String {
        switch self {
        case .missingSexAtBirth: "CKD-EPI 2021 needs the sex at birth"
        case .missingDateOfBirth: "CKD-EPI 2021 needs the date of birth"
        case .unknownTimeZone(let error): "the sample's local day is unknown: \(error.reason)"
        case .equation(let error): "CKD-EPI 2021: \(error.reason)"
        }
    }
}

/// The one derivation of eGFR from a creatinine result, used by the lab list, the trends and the reports.
///
/// The local-day rule: a sample's day is the calendar day in the **profile's** time zone at the instant it was drawn,
/// the day the patient lived it, whatever offset the laboratory wrote. A creatinine drawn 2026-03-10T23:30:00-05:00
/// for a patient in Europe/Berlin is on 11 March; the age on that day enters the equation, and every view (`labs
/// list`, `trends egfr`, the PDF) shows that day. The same rule decides which reported eGFR shares a draw's day.
public enum CreatinineEGFR {
    /// The sample's local day: the calendar day in the profile's time zone at `epochMilliseconds`.
    public static func sampleDay(
        _ epochMilliseconds: Int64,
        profile: PatientProfile
    ) throws(EGFRDerivationError) -> CalendarDate {
        do {
            return try profile.localDate(at: epochMilliseconds)
        } catch {
            throw .unknownTimeZone(error)
        }
    }

    /// eGFR (CKD-EPI 2021) from a creatinine result at the patient's age on the sample's local day.
    public static func derive(
        _ creatinine: LabValue,
        profile: PatientProfile
    ) throws(EGFRDerivationError) -> DerivedEGFR {
        guard let sex = profile.sexAtBirth else { throw .missingSexAtBirth }
        guard let born = profile.dateOfBirth else { throw .missingDateOfBirth }
        let instant = creatinine.takenAt.epochMilliseconds
        let day = try sampleDay(instant, profile: profile)
        let age = born.fullYears(until: day)
        do {
            let egfr = try CKDEPI2021.egfr(creatinine: creatinine, ageYears: age, sex: sex)
            return DerivedEGFR(epochMilliseconds: instant, egfr: egfr, sampleDay: day, ageYears: age)
        } catch {
            throw .equation(error)
        }
    }
}
