extension English {
    /// The English words of the labs, trends, devices, import and reports pages.
    static let labs: [MessageKey: String] = [
        .labsIntro: "Type a result from your lab report in the unit it is printed in; it is kept in the standard unit.",
        .labsLatestHeading: "Latest results and targets", .latest: "Latest", .previousResult: "Before",
        .change: "Change", .target: "Target", .standing: "Standing", .standingLow: "Below target",
        .standingHigh: "Above target", .standingInRange: "On target", .standingNoTarget: "No target for you",
        .savedLab: "Lab result saved.", .usualUnit: "The test's usual unit",
        .labUnitHint: "Pick the unit printed on the report, or keep the test's usual unit.",
        .labDateHint: "The day the sample was taken; empty means today.",
        .egfrFromCreatinine: "eGFR from creatinine", .stage: "Stage", .egfrSlope: "eGFR slope",
        .egfrSlopePerYear: "%@ mL/min/1.73 m² per year over %@ results.",
        .egfrSlopeNotEnough: "Not enough results yet: it needs 2 eGFR values at least 90 days apart.",
        .egfrSlopeRapid: "A fall this fast is rapid progression (KDIGO 2012, rec. 2.1.3): talk to your kidney team.",
        .results: "Results", .targetSource: "Source", .upBy: "up %@", .downBy: "down %@", .unchanged: "no change",
        .navTrends: "Trends", .trendsTitle: "Trends",
        .trendsIntro: "Your numbers over time. Each chart has its data in a table below it.",
        .period: "Period", .lastDays: "Last %@ days", .showPeriod: "Show", .glucose: "Blood glucose",
        .intakeHeading2: "Intake against your limits", .noDataInPeriod: "No data in this period.",
        .dataTable: "The data as a table", .seriesSummary: "%@: %@ values, lowest %@, highest %@ %@.",
        .chartPeriod: "From %@ to %@.", .weightsHeading: "Weight", .percentOfDryWeight: "% of dry weight",
        .perDay: "per day", .intakeChartTitle: "%@ per day", .intakeLimitLine: "Daily limit",
        .intakeWindowNote: "Intake is charted for at most the last 31 days.",
    ]
}
