import Care
import Charts
import Clinical
import FoundationEssentials
import HubCore

/// Turns report data into the report's blocks: the sections a clinician reads, in order, with units everywhere.
///
/// Pure: the same data gives the same blocks. Section titles are public so tests can look for them in the PDF text.
public enum ReportComposer {
    public static let sectionTitles = [
        "Patient summary", "Laboratory results", "Labs over time", "Weight and interdialytic gain", "Blood pressure",
        "Blood glucose", "Daily intake against limits", "Goals and rewards", "Medications",
    ]
    static let photosTitle = "Meal photos"
    static let dayMs = 86_400_000.0

    /// The report's blocks for `data`.
    public static func blocks(for data: ReportData) -> [ReportBlock] {
        var blocks: [ReportBlock] = []
        blocks += summary(data)
        blocks += labTable(data)
        blocks += labCharts(data)
        blocks += weight(data)
        blocks += bloodPressure(data)
        blocks += glucose(data)
        blocks += intake(data)
        blocks += goalsAndRewards(data)
        blocks += medications(data)
        if !data.photos.isEmpty {
            blocks.append(.heading(photosTitle))
            blocks.append(.thumbnails(data.photos.map { ($0.png, "\($0.date) \($0.meal)") }))
        }
        return blocks
    }

    /// The page layout with the report's header and footer texts.
    public static func layout(for data: ReportData) -> PageLayout {
        PageLayout(
            headerLeft: "KidneyHub report: \(data.profile.name)",
            headerRight: "\(data.period.from) to \(data.period.through) (\(data.period.dayCount) days)",
            footer:
                "Made \(minute(data.generatedAtMs, data)) by KidneyHub from the patient's own records. Not medical advice."
        )
    }

    // MARK: - Sections

    static func summary(_ data: ReportData) -> [ReportBlock] {
        let profile = data.profile
        var facts: [(label: String, value: String)] = [("Name", profile.name)]
        if let born = profile.dateOfBirth {
            facts.append(
                (
                    "Date of birth (age)",
                    "\(born) (\(profile.age(on: data.period.through).map(String.init) ?? "?") years)"
                )
            )
        }
        if let sex = profile.sexAtBirth { facts.append(("Sex at birth", sex.rawValue)) }
        if let height = profile.heightCentimeters { facts.append(("Height", "\(number(height, 0)) cm")) }
        facts.append(("Category", profile.diseaseCategory.map(categoryText) ?? "not set"))
        // One stage in every output (`PatientStage`): G5D on dialysis whatever the eGFR, T after a transplant.
        let stage = PatientStage.text(category: profile.diseaseCategory, latest: data.latestEGFR?.category)
        if let egfr = data.latestEGFR, let stage {
            facts.append(
                (
                    "CKD stage (KDIGO)",
                    "\(stage) (eGFR \(number(egfr.value, 0)) mL/min/1.73 m² on \(date(egfr.atMs, data)))"
                )
            )
        } else if let stage {
            facts.append(
                ("CKD stage (KDIGO)", profile.diseaseCategory?.isDialysis == true ? "G5D (on dialysis)" : stage)
            )
        } else {
            facts.append(("CKD stage (KDIGO)", "no eGFR or creatinine on record"))
        }
        if let schedule = profile.dialysisSchedule {
            facts.append(("Dialysis schedule", schedule.sessions.map(\.description).joined(separator: ", ")))
        }
        if let dry = profile.dryWeightKilograms { facts.append(("Dry weight", "\(number(dry, 1)) kg")) }
        if let diabetes = profile.diabetes { facts.append(("Diabetes", diabetes.rawValue)) }
        facts.append(("Time zone", profile.timeZoneIdentifier))
        facts.append(
            (
                "Readings in the period",
                "\(data.weights.count) weights, \(data.bloodPressure.count) blood pressures, \(data.glucose.count) glucose readings"
            )
        )
        facts.append(
            (
                "Logged in the period",
                "\(labsInPeriod(data).count) lab results, \(data.intake.reduce(0) { $0 + $1.intake.entries }) intake entries"
            )
        )
        return [.heading("Patient summary"), .facts(facts)]
    }

    static func labTable(_ data: ReportData) -> [ReportBlock] {
        let category = data.profile.diseaseCategory
        let hasDiabetes = data.profile.diabetes?.hasDiabetes ?? false
        var rows: [[String]] = []
        for analyte in LabCatalog.standard.analytes {
            let values = data.labs.filter { $0.analyteID == analyte.id }.sorted {
                $0.takenAt.epochMilliseconds < $1.takenAt.epochMilliseconds
            }
            guard let latest = values.last else { continue }
            let decimals = analyte.canonicalUnit.decimals
            let previous = values.dropLast().last
            let target =
                category.flatMap { category in
                    analyte.targets.first { $0.scope.applies(to: category, hasDiabetes: hasDiabetes) }
                } ?? analyte.targets.first { $0.scope == .anyone }
            let inPeriod = values.filter { $0.takenAt.epochMilliseconds >= data.period.startMs }.count
            rows.append([
                analyte.displayName,
                number(latest.value, decimals),
                latest.unit,
                date(latest.takenAt.epochMilliseconds, data),
                previous.map { number($0.value, decimals) } ?? "–",
                previous.map { trend(from: $0.value, to: latest.value, decimals: decimals) } ?? "–",
                target.map { targetText($0, decimals: decimals) } ?? "–",
                target.map { $0.contains(latest.value) ? "on target" : "OUT of target" } ?? "",
                "\(inPeriod)",
            ])
        }
        guard !rows.isEmpty else { return [.heading("Laboratory results"), .lines(["No lab results on record."])] }
        return [
            .heading("Laboratory results"),
            .table(
                columns: [
                    TableColumn("Lab", width: 0.17), TableColumn("Latest", width: 0.08, alignment: .right),
                    TableColumn("Unit", width: 0.11), TableColumn("Date", width: 0.11),
                    TableColumn("Previous", width: 0.1, alignment: .right), TableColumn("Change", width: 0.1),
                    TableColumn("Target", width: 0.13), TableColumn("Status", width: 0.15),
                    TableColumn("n", width: 0.05, alignment: .right),
                ],
                rows: rows
            ),
            .lines(["Change compares the latest value with the one before; n counts values in the period."]),
        ]
    }

    static func labCharts(_ data: ReportData) -> [ReportBlock] {
        let category = data.profile.diseaseCategory
        let hasDiabetes = data.profile.diabetes?.hasDiabetes ?? false
        var blocks: [ReportBlock] = [.heading("Labs over time")]
        var charts = 0
        for analyte in LabCatalog.standard.analytes {
            let values = data.labs.filter {
                $0.analyteID == analyte.id && $0.takenAt.epochMilliseconds >= data.period.startMs
            }
            guard !values.isEmpty else { continue }
            let target = category.flatMap { category in
                analyte.targets.first { $0.scope.applies(to: category, hasDiabetes: hasDiabetes) }
            }
            let points = values.map { ChartPoint(x: Double($0.takenAt.epochMilliseconds), y: $0.value) }
            blocks.append(
                .chart(
                    ChartSpec(
                        title: "\(analyte.displayName) (\(analyte.canonicalUnit.code))",
                        yUnit: analyte.canonicalUnit.code,
                        series: [ChartSeries(label: analyte.displayName, points: points, color: .purple)],
                        references: target.map { [ChartReference(label: "target", low: $0.low, high: $0.high)] } ?? [],
                        utcOffsetSeconds: data.utcOffsetSeconds,
                        xDomain: xDomain(data)
                    ),
                    height: 105
                )
            )
            charts += 1
        }
        if charts == 0 { blocks.append(.lines(["No lab results in the period."])) }
        return blocks
    }

    static func weight(_ data: ReportData) -> [ReportBlock] {
        func points(_ phase: DialysisPhase?) -> [ChartPoint] {
            data.weights.filter { $0.phase == phase }.map {
                ChartPoint(x: Double($0.epochMilliseconds), y: $0.kilograms)
            }
        }
        let other = data.weights.filter { $0.phase != .pre && $0.phase != .post }.map {
            ChartPoint(x: Double($0.epochMilliseconds), y: $0.kilograms)
        }
        var series = [
            ChartSeries(label: "pre-dialysis", points: points(.pre), color: .blue),
            ChartSeries(label: "post-dialysis", points: points(.post), color: .orange),
        ]
        if !other.isEmpty { series.append(ChartSeries(label: "other", points: other, color: .grey, style: .markers)) }
        let dry = data.profile.dryWeightKilograms.map { [ChartReference(label: "dry weight", low: $0, high: $0)] } ?? []
        var blocks: [ReportBlock] = [.heading("Weight and interdialytic gain")]
        blocks.append(
            chartOrNote(
                ChartSpec(
                    title: "Body weight (kg)",
                    yUnit: "kg",
                    series: series,
                    references: dry,
                    utcOffsetSeconds: data.utcOffsetSeconds,
                    xDomain: xDomain(data)
                ),
                height: 150,
                note: "No weights in the period."
            )
        )
        blocks += gainChart(data)
        var lines: [String] = []
        if !data.weights.isEmpty {
            let kilograms = data.weights.map(\.kilograms)
            lines.append(
                "Weights: \(kilograms.count), from \(number(kilograms.min()!, 1)) kg to \(number(kilograms.max()!, 1)) kg."
            )
        }
        if !data.gains.isEmpty {
            let values = data.gains.map(\.kilograms)
            let percents = data.gains.compactMap(\.percentOfDryWeight)
            var line =
                "Interdialytic gain over \(values.count) \(values.count == 1 ? "session" : "sessions"): mean \(number(mean(values), 2)) kg, largest \(number(values.max()!, 2)) kg"
            if !percents.isEmpty { line += " (mean \(number(mean(percents), 1)) % of dry weight)" }
            lines.append(line + ".")
        }
        if !lines.isEmpty { blocks.append(.lines(lines)) }
        return blocks
    }

    /// The interdialytic gains: in % of dry weight against the alert line when the dry weight is known (the way
    /// dialysis units judge a gain), in kg otherwise; sessions at or over the line drawn in red and listed.
    static func gainChart(_ data: ReportData) -> [ReportBlock] {
        guard !data.gains.isEmpty else { return [] }
        let thresholds = InterdialyticGainThresholds.standard
        let limit = thresholds.alertPercent
        let percents = data.gains.compactMap { gain in
            gain.percentOfDryWeight.map { (gain, $0) }
        }
        guard percents.count == data.gains.count else {
            let gains = data.gains.map { ChartPoint(x: Double($0.preWeight.epochMilliseconds), y: $0.kilograms) }
            return [
                .chart(
                    ChartSpec(
                        title: "Interdialytic weight gain (kg per session)",
                        yUnit: "kg",
                        series: [ChartSeries(label: "gain", points: gains, color: .blue, style: .bars)],
                        utcOffsetSeconds: data.utcOffsetSeconds,
                        xDomain: xDomain(data),
                        yIncludesZero: true
                    ),
                    height: 110
                ),
                .lines(["Set a dry weight to see each gain as a percentage of it, against the 4 % line."]),
            ]
        }
        func points(_ over: Bool) -> [ChartPoint] {
            percents.filter { (thresholds.level(ofPercent: $0.1) == .alert) == over }.map {
                ChartPoint(x: Double($0.0.preWeight.epochMilliseconds), y: $0.1)
            }
        }
        var series = [ChartSeries(label: "gain", points: points(false), color: .blue, style: .bars)]
        let over = percents.filter { thresholds.level(ofPercent: $0.1) == .alert }
        if !over.isEmpty {
            series.append(
                ChartSeries(label: "at or over \(number(limit, 0)) %", points: points(true), color: .red, style: .bars)
            )
        }
        var blocks: [ReportBlock] = [
            .chart(
                ChartSpec(
                    title: "Interdialytic weight gain (% of dry weight per session)",
                    yUnit: "%",
                    series: series,
                    references: [ChartReference(label: "\(number(limit, 0)) % of dry weight", low: limit, high: limit)],
                    utcOffsetSeconds: data.utcOffsetSeconds,
                    xDomain: xDomain(data),
                    yIncludesZero: true
                ),
                height: 110
            )
        ]
        let flagged = over.map { gain, percent in
            "\(gain.session.date.weekday.abbreviation) \(gain.session.date) (\(number(percent, 1)) %, \(number(gain.kilograms, 1)) kg)"
        }
        blocks.append(
            .lines([
                flagged.isEmpty
                    ? "No session at or over \(number(limit, 0)) % of dry weight."
                    : "Sessions at or over \(number(limit, 0)) % of dry weight: \(flagged.joined(separator: ", "))."
            ])
        )
        return blocks
    }

    /// Blood pressure split by dialysis phase: pre-dialysis readings are what the targets judge, post-dialysis ones
    /// run lower after fluid removal, so one series of both would mislead (issue 17, item 9).
    static func bloodPressure(_ data: ReportData) -> [ReportBlock] {
        var blocks: [ReportBlock] = [.heading("Blood pressure")]
        guard !data.bloodPressure.isEmpty else {
            return blocks + [.lines(["No blood pressure readings in the period."])]
        }
        let isDialysis = data.profile.diseaseCategory?.isDialysis == true
        let groups: [(title: String, readings: [ReportData.BloodPressure])] =
            isDialysis
            ? [
                ("Pre-dialysis", data.bloodPressure.filter { $0.phase == .pre }),
                ("Post-dialysis", data.bloodPressure.filter { $0.phase == .post }),
                (
                    "Between sessions and untagged",
                    data.bloodPressure.filter { $0.phase != .pre && $0.phase != .post }
                ),
            ]
            : [("All readings", data.bloodPressure)]
        var lines: [String] = []
        for (title, readings) in groups where !readings.isEmpty {
            blocks.append(
                .chart(
                    ChartSpec(
                        title: "\(title) blood pressure (mmHg)",
                        yUnit: "mmHg",
                        series: [
                            ChartSeries(
                                label: "systolic",
                                points: readings.map { ChartPoint(x: Double($0.atMs), y: $0.systolic) },
                                color: .red
                            ),
                            ChartSeries(
                                label: "diastolic",
                                points: readings.map { ChartPoint(x: Double($0.atMs), y: $0.diastolic) },
                                color: .blue,
                                style: .markers
                            ),
                        ],
                        utcOffsetSeconds: data.utcOffsetSeconds,
                        xDomain: xDomain(data)
                    ),
                    height: 120
                )
            )
            let pulses = readings.compactMap(\.pulse)
            var line =
                "\(title): \(readings.count) \(readings.count == 1 ? "reading" : "readings"), mean "
                + "\(number(mean(readings.map(\.systolic)), 0))/\(number(mean(readings.map(\.diastolic)), 0)) mmHg"
            if !pulses.isEmpty { line += ", mean pulse \(number(mean(pulses), 0)) /min" }
            lines.append(line + ".")
        }
        return blocks + [.lines(lines)]
    }

    static func glucose(_ data: ReportData) -> [ReportBlock] {
        // A meter's HI or LO carries its bound, not a measurement: named in words below, never drawn or averaged.
        let measured = data.glucose.filter { $0.beyondMeterRange == nil }
        let points = measured.map { ChartPoint(x: Double($0.atMs), y: $0.value) }
        var blocks: [ReportBlock] = [
            .heading("Blood glucose"),
            chartOrNote(
                ChartSpec(
                    title: "Blood glucose (mg/dL)",
                    yUnit: "mg/dL",
                    series: [ChartSeries(label: "glucose", points: points, color: .green, style: .markers)],
                    utcOffsetSeconds: data.utcOffsetSeconds,
                    xDomain: xDomain(data)
                ),
                height: 130,
                note: data.glucose.isEmpty ? "No glucose readings in the period." : "No measured glucose value to draw."
            ),
        ]
        if !measured.isEmpty {
            let values = measured.map(\.value)
            blocks.append(
                .lines([
                    "\(values.count) readings, mean \(number(mean(values), 0)) mg/dL, lowest \(number(values.min()!, 0)) mg/dL, highest \(number(values.max()!, 0)) mg/dL."
                ])
            )
        }
        let beyond = data.glucose.compactMap(\.beyondMeterRange)
        if !beyond.isEmpty {
            blocks.append(.lines(beyond.map { "A reading \($0): the meter could not measure it." }))
        }
        return blocks
    }

    static func intake(_ data: ReportData) -> [ReportBlock] {
        var blocks: [ReportBlock] = [.heading("Daily intake against limits")]
        if data.intake.allSatisfy({ $0.intake.entries == 0 }) {
            blocks.append(.lines(["No food or fluid logged in the period."]))
        }
        let subjects: [IntakeSubject] = [.potassium, .phosphorus, .sodium, .protein, .fluid]
        var rows: [[String]] = []
        let loggedDays = data.intake.filter { $0.intake.entries > 0 }
        for subject in subjects {
            let limit = data.limits.first { $0.subject == subject }
            let unit = subject.unit
            let points = loggedDays.map { day in
                ChartPoint(
                    x: Double(day.date.daysSinceEpoch) * dayMs + dayMs / 2 - Double(data.utcOffsetSeconds) * 1000,
                    y: day.intake.total(of: subject).value
                )
            }
            var references: [ChartReference] = []
            if let maximum = limit?.maximum {
                references.append(ChartReference(label: "limit", low: maximum, high: maximum))
            }
            if let minimum = limit?.minimum {
                references.append(ChartReference(label: "minimum", low: minimum, high: minimum, lineColor: .orange))
            }
            // A day without a log is not a day at zero: nothing logged, nothing drawn.
            guard !loggedDays.isEmpty else { continue }
            blocks.append(
                .chart(
                    ChartSpec(
                        title: "\(subject.rawValue.capitalized) per day (\(unit))",
                        yUnit: unit,
                        series: [ChartSeries(label: subject.rawValue, points: points, color: .blue, style: .bars)],
                        references: references,
                        utcOffsetSeconds: data.utcOffsetSeconds,
                        xDomain: xDomain(data),
                        yIncludesZero: true
                    ),
                    height: 95
                )
            )
            let totals = loggedDays.map { $0.intake.total(of: subject) }
            rows.append([
                subject.rawValue,
                limit.map { limitText($0) } ?? "none set",
                totals.isEmpty ? "–" : "\(number(mean(totals.map(\.value)), 0)) \(unit)",
                limit.map { daysOutside($0, totals) } ?? "–",
                limit?.source ?? "",
            ])
        }
        blocks.append(
            .table(
                columns: [
                    TableColumn("Nutrient", width: 0.11), TableColumn("Daily limit", width: 0.13),
                    TableColumn("Mean per day", width: 0.12, alignment: .right),
                    TableColumn("Days outside", width: 0.2, alignment: .right),
                    TableColumn("Limit source", width: 0.44),
                ],
                rows: rows
            )
        )
        blocks.append(
            .lines([
                "\(loggedDays.count) of \(data.period.dayCount) days have intake logged; means are over logged days."
            ])
        )
        return blocks
    }

    static func goalsAndRewards(_ data: ReportData) -> [ReportBlock] {
        var blocks: [ReportBlock] = [.heading("Goals and rewards")]
        let goals = data.goals.filter { $0.removedAtMs == nil }.sorted { $0.priority < $1.priority }
        if goals.isEmpty {
            blocks.append(.lines(["No goals set."]))
        } else {
            blocks.append(
                .table(
                    columns: [
                        TableColumn("Priority", width: 0.1, alignment: .right), TableColumn("Goal", width: 0.2),
                        TableColumn("Period", width: 0.1), TableColumn("Target", width: 0.4),
                        TableColumn("In the period", width: 0.2),
                    ],
                    rows: goals.map {
                        ["\($0.priority)", $0.kind.name, $0.period.description, $0.kind.summary, reached($0, data)]
                    }
                )
            )
        }
        if data.rewards.isEmpty {
            blocks.append(.lines(["No rewards earned in the period."]))
        } else {
            let points = data.rewards.reduce(0) { $0 + $1.points }
            blocks.append(.lines(["\(data.rewards.count) rewards earned in the period, \(points) points."]))
            blocks.append(
                .table(
                    columns: [
                        TableColumn("Earned", width: 0.14), TableColumn("Goal", width: 0.3),
                        TableColumn("Period", width: 0.16), TableColumn("Badge", width: 0.3),
                        TableColumn("Points", width: 0.1, alignment: .right),
                    ],
                    rows: data.rewards.sorted { $0.earnedAtMs < $1.earnedAtMs }.map {
                        [date($0.earnedAtMs, data), $0.goalName, $0.periodKey, $0.badge, "\($0.points)"]
                    }
                )
            )
        }
        return blocks
    }

    /// The current medication orders (active and on hold) with their instructions rendered from the structured
    /// dosage, and any medication still written as free text (a store from before orders).
    static func medications(_ data: ReportData) -> [ReportBlock] {
        let orders = data.medicationOrders.filter { $0.status == .active || $0.status == .onHold }
        var rows = orders.map { order in
            [order.medication.name, order.status.rawValue, InstructionText.render(order, in: .english)]
        }
        rows += data.profile.medications.map { [$0.name, "as written", "\($0.dose) \($0.schedule)"] }
        guard !rows.isEmpty else { return [.heading("Medications"), .lines(["No medications recorded."])] }
        return [
            .heading("Medications"),
            .table(
                columns: [
                    TableColumn("Medication", width: 0.3), TableColumn("Status", width: 0.12),
                    TableColumn("Instructions", width: 0.58),
                ],
                rows: rows
            ),
        ]
    }

    // MARK: - Formatting

    /// The chart, or one line saying why there is none: an empty frame tells a reader nothing.
    static func chartOrNote(_ spec: ChartSpec, height: Double, note: String) -> ReportBlock {
        spec.isEmpty ? .lines([note]) : .chart(spec, height: height)
    }

    /// Logged days outside a limit: over a maximum, below a minimum, or both for a range (protein on dialysis).
    static func daysOutside(_ limit: DailyLimit, _ totals: [NutrientTotal]) -> String {
        guard !totals.isEmpty else { return "–" }
        var parts: [String] = []
        if limit.minimum != nil { parts.append("\(totals.filter { limit.status(of: $0) == .under }.count) below") }
        if limit.maximum != nil { parts.append("\(totals.filter { limit.status(of: $0) == .over }.count) over") }
        return parts.isEmpty ? "–" : "\(parts.joined(separator: ", ")) of \(totals.count)"
    }

    /// Whether a goal was reached in the period: the periods whose reward for meeting it was earned.
    static func reached(_ goal: Goal, _ data: ReportData) -> String {
        let met = Set(data.rewards.filter { $0.goalId == goal.id && $0.achievement == "met" }.map(\.periodKey)).count
        return met == 0 ? "not reached" : "reached \(met) \(met == 1 ? "time" : "times")"
    }

    /// An instant as local date and time to the minute, with the offset.
    static func minute(_ ms: Int64, _ data: ReportData) -> String {
        let offset = RFC3339.format(epochMilliseconds: ms, utcOffsetSeconds: data.utcOffsetSeconds).suffix(6)
        let zone = offset.hasSuffix("Z") ? "UTC" : "UTC\(offset)"
        return "\(LocalMinute.text(epochMilliseconds: ms, utcOffsetSeconds: data.utcOffsetSeconds)) (\(zone))"
    }

    static func xDomain(_ data: ReportData) -> ClosedRange<Double> {
        Double(data.period.startMs)...Double(data.period.endMs)
    }

    static func number(_ value: Double, _ decimals: Int) -> String { ChartLayout.format(value, decimals: decimals) }

    static func mean(_ values: [Double]) -> Double { values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count) }

    static func date(_ ms: Int64, _ data: ReportData) -> String {
        (try? data.profile.localDate(at: ms).description)
            ?? CalendarDate(daysSinceEpoch: Int(ms / 86_400_000)).description
    }

    static func trend(from previous: Double, to latest: Double, decimals: Int) -> String {
        let change = latest - previous
        let text = number(abs(change), decimals)
        if text == number(0, decimals) { return "= steady" }
        return change > 0 ? "↑ +\(text)" : "↓ −\(text)"
    }

    static func targetText(_ target: LabTarget, decimals: Int) -> String {
        switch (target.low, target.high) {
        case let (low?, high?): "\(number(low, decimals))–\(number(high, decimals))"
        case let (low?, nil): "≥ \(number(low, decimals))"
        case let (nil, high?): "≤ \(number(high, decimals))"
        case (nil, nil): "–"
        }
    }

    static func limitText(_ limit: DailyLimit) -> String {
        switch (limit.minimum, limit.maximum) {
        case let (low?, high?): "\(number(low, 0))–\(number(high, 0)) \(UnitDisplayName.text(limit.unit))"
        case let (low?, nil): "≥ \(number(low, 0)) \(UnitDisplayName.text(limit.unit))"
        case let (nil, high?): "≤ \(number(high, 0)) \(UnitDisplayName.text(limit.unit))"
        case (nil, nil): "none"
        }
    }

    static func categoryText(_ category: DiseaseCategory) -> String {
        switch category {
        case .ckdG1, .ckdG2, .ckdG3a, .ckdG3b, .ckdG4, .ckdG5: "CKD not on dialysis (\(category.rawValue))"
        case .hemodialysis: "hemodialysis"
        case .peritonealDialysis: "peritoneal dialysis"
        case .kidneyTransplant: "kidney transplant"
        }
    }

    static func labsInPeriod(_ data: ReportData) -> [LabValue] {
        data.labs.filter { $0.takenAt.epochMilliseconds >= data.period.startMs }
    }
}
