extension English {
    /// The English words of the medicines pages and of the doses on Today.
    static let medications: [MessageKey: String] = [
        .navMedications: "Medicines", .medicationsTitle: "Medicines",
        .medicationsIntro:
            "Your medicines and how to take them. The instructions are written from what you enter below, in your language.",
        .medicine: "Medicine", .instructions: "How to take it", .noMedications: "No medicine yet.",
        .showStopped: "Show stopped medicines too", .showActiveOnly: "Show only the medicines you take now",
        .addMedication: "Add a medicine", .medicationName: "Name", .doseAmount: "Amount per dose",
        .doseAmountHint: "A number, or a range such as 1-2.", .doseUnit: "Unit", .route: "How it is taken",
        .anyRoute: "Not given", .timesPerPeriod: "How many times", .timesPerPeriodHint: "For example 2 (times a day).",
        .periodLength: "Every", .periodUnit: "Period", .withEvents: "With or around",
        .withEventsHint: "Tick every moment the medicine is taken at.", .timesOfDay: "At a time of day",
        .timesOfDayHint: "24-hour time such as 08:00; leave empty when it follows meals or other moments.",
        .eventOffset: "Minutes before or after",
        .eventOffsetHint:
            "Minutes before a “before” moment, or after the others. Empty: at the moment itself.",
        .onlyWhenNeeded: "Only when needed", .neededFor: "Needed for", .whichDays: "Which days",
        .everyDay: "Every day", .dialysisDaysOnly: "Dialysis days only", .nonDialysisDaysOnly: "Days without dialysis",
        .reasonFor: "What it is for", .prescribedBy: "Prescribed by", .prescribedBySelf: "Empty: your own choice.",
        .note: "Note", .medicationAdded: "Medicine added.", .medicationStopped: "Medicine stopped.",
        .stopMedication: "Stop taking this medicine", .orderStatus: "Status", .statusActive: "Taking",
        .statusOnHold: "On hold", .statusStopped: "Stopped", .statusCompleted: "Course finished",
        .dosesHeading: "Medicines due today", .noDosesDue: "No medicine is due today.", .dueAt: "Due at %@",
        .markTaken: "Taken", .markTakenLabel: "Mark %@ due at %@ as taken", .doseTaken: "Dose marked as taken.",
        .takenAt: "Taken at %@", .doseNotTaken: "Not taken", .doseEnteredInError: "Entered in error",
        .doseLog: "Dose log", .noDoseLog: "No dose logged yet.",
        .adherenceHeading: "Doses taken, last 14 days",
        .adherenceSummary: "%@ of %@ doses due in these days were taken (%@).",
        .adherenceNoDoses: "No dose was due in these days.", .scheduled: "Due", .taken: "Taken",
        .notTaken: "Not taken", .missed: "Not answered", .allMedicines: "All medicines", .answer: "Answer",
        .recordedAt: "Recorded", .startedOn: "Since",
        .orderedByCareTeam: "Ordered by your care team", .orderedByCareTeamDetail: "%@, on %@",
    ]
}
