extension English {
    /// The English words of the application layer's refusals (`UserMessage`), in the order of their arguments.
    static let refusals: [MessageKey: String] = [
        .refusedOutOfRange: "%@: %@ is out of range (accepted: %@ to %@ %@).",
        .refusedUnusual: "%@: %@ is outside the usual %@ to %@ %@ of home blood pressure cuffs; check the numbers.",
        .refusedDiastolicNotBelow: "The diastolic pressure (%@) must be below the systolic (%@), as in 128/82.",
        .refusedInTheFuture: "%@: the time is later than now.",
        .refusedNotANumber: "%@: “%@” is not a number; write it with a decimal point, as in 5.6.",
        .refusedLabOutOfRange: "%@ %@ %@ is outside the plausible range of %@ to %@ %@; check the value.",
        .refusedLabUnit: "%@ is not measured in “%@” (accepted: %@).",
        .refusedUnknownLab: "There is no lab test “%@”.",
    ]
}
