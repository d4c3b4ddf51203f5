/// Checking a whole profile against `ProfileLimits`.
extension PatientProfile {
    /// Throws the first field that is wrong; `today` is the patient's local date, for the date-of-birth checks.
    public func validate(today: CalendarDate) throws(ProfileFieldError) {
        if let error = validationErrors(today: today).first { throw error }
    }

    /// Every field that is wrong, in field order; empty for a valid profile.
    public func validationErrors(today: CalendarDate) -> [ProfileFieldError] {
        var errors: [ProfileFieldError] = []
        func collect(_ check: () throws(ProfileFieldError) -> Void) {
            do { try check() } catch { errors.append(error) }
        }
        collect { () throws(ProfileFieldError) in
            try ProfileLimits.checkRequiredText(name, field: "name", maximum: ProfileLimits.nameLength)
        }
        collect { () throws(ProfileFieldError) in try checkDateOfBirth(today: today) }
        collect { () throws(ProfileFieldError) in
            try ProfileLimits.check(
                heightCentimeters,
                field: "heightCentimeters",
                accepted: ProfileLimits.heightCentimeters,
                unit: "cm"
            )
        }
        collect { () throws(ProfileFieldError) in
            guard let avatarReference else { return }
            try ProfileLimits.checkRequiredText(
                avatarReference,
                field: "avatarReference",
                maximum: ProfileLimits.avatarReferenceLength
            )
        }
        collect { () throws(ProfileFieldError) in
            guard let dialysisSchedule else { return }
            guard diseaseCategory == .hemodialysis else {
                throw ProfileFieldError(field: "dialysisSchedule", problem: .scheduleNeedsHemodialysis(diseaseCategory))
            }
            try dialysisSchedule.validate()
        }
        collect { () throws(ProfileFieldError) in
            try ProfileLimits.check(
                dryWeightKilograms,
                field: "dryWeightKilograms",
                accepted: ProfileLimits.dryWeightKilograms,
                unit: "kg"
            )
        }
        collect { () throws(ProfileFieldError) in try diabeticDietGoals?.validate() }
        collect { () throws(ProfileFieldError) in _ = try timeZone() }
        collect { () throws(ProfileFieldError) in try routine?.validate() }
        for (index, medication) in medications.enumerated() {
            collect { () throws(ProfileFieldError) in try medication.validate(field: "medications[\(index)]") }
        }
        return errors
    }

    private func checkDateOfBirth(today: CalendarDate) throws(ProfileFieldError) {
        guard let dateOfBirth else { return }
        guard dateOfBirth <= today else {
            throw ProfileFieldError(field: "dateOfBirth", problem: .dateInFuture(dateOfBirth, today: today))
        }
        let age = dateOfBirth.fullYears(until: today)
        guard age <= ProfileLimits.maximumAgeYears else {
            throw ProfileFieldError(
                field: "dateOfBirth",
                problem: .tooOld(age: age, maximum: ProfileLimits.maximumAgeYears)
            )
        }
    }
}
