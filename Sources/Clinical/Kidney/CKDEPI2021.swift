import HubCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The CKD-EPI 2021 race-free creatinine equation, for adults (nutrition.md §2.10; Inker LA et al., N Engl J Med
/// 2021;385:1737–49 [R13]).
///
/// eGFRcr = 142 × min(Scr/κ, 1)^α × max(Scr/κ, 1)^−1.200 × 0.9938^Age × 1.012 [if female], with Scr the
/// IDMS-standardised serum creatinine in mg/dL. The result is in mL/min/{1.73_m2} and is not rounded.
public enum CKDEPI2021 {
    /// The youngest age the equation is for: it is for adults only (nutrition.md §2.10, NIDDK [R15]).
    public static let minimumAge = 18
    /// Older than this is taken as a typo rather than an age.
    public static let maximumAge = 120

    /// eGFR from creatinine in mg/dL, age in whole years and sex at birth.
    public static func egfr(creatinineMgPerDL creatinine: Double, ageYears age: Int, sex: SexAtBirth)
        throws(CKDEPIError)
        -> Double
    {
        guard creatinine.isFinite, creatinine > 0 else { throw .invalidCreatinine(creatinine) }
        guard age >= minimumAge else { throw .ageBelowAdult(age) }
        guard age <= maximumAge else { throw .ageImplausible(age) }
        // nutrition.md §2.10 [R13]: κ = 0.7 (female), 0.9 (male); α = −0.241 (female), −0.302 (male).
        let kappa = sex == .female ? 0.7 : 0.9
        let alpha = sex == .female ? -0.241 : -0.302
        let ratio = creatinine / kappa
        // nutrition.md §2.10 [R13]: 142 × min(Scr/κ, 1)^α × max(Scr/κ, 1)^−1.200 × 0.9938^Age × 1.012 if female.
        let femaleFactor = sex == .female ? 1.012 : 1
        return 142 * pow(min(ratio, 1), alpha) * pow(max(ratio, 1), -1.200) * pow(0.9938, Double(age)) * femaleFactor
    }

    /// eGFR from creatinine in any unit the creatinine lab accepts (mg/dL, umol/L), converted through the unit table.
    public static func egfr(creatinine: Double, unit: String, ageYears age: Int, sex: SexAtBirth) throws(CKDEPIError)
        -> Double
    {
        let lab = LabAnalyte.creatinine
        guard let given = lab.unit(named: unit),
            let toMgPerDL = try? UnitTable.standard.converter(from: given.code, to: "mg/dL", analyte: lab.analyte)
        else {
            throw .unsupportedCreatinineUnit(unit, accepted: lab.acceptedUnitCodes)
        }
        return try egfr(creatinineMgPerDL: toMgPerDL.apply(creatinine), ageYears: age, sex: sex)
    }

    /// eGFR from a validated creatinine result.
    public static func egfr(creatinine: LabValue, ageYears age: Int, sex: SexAtBirth) throws(CKDEPIError) -> Double {
        guard creatinine.analyteID == LabAnalyte.creatinine.id else { throw .notCreatinine(creatinine.analyteID) }
        return try egfr(creatinine: creatinine.value, unit: creatinine.unit, ageYears: age, sex: sex)
    }
}
