import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices

/// Lab entry with units (UCUM codes sent, display names shown), the latest result of each lab against its target
/// with the change since the one before, the eGFR slope, and every result.
struct LabsPage {
    var layout: Layout
    var session: WebSession
    var overview: LabsService.Overview
    var notice: String? = nil
    var errors: [String] = []
    /// What was typed into a refused form, shown again.
    var values = FormFields()

    func render() -> String {
        let t = layout.language.text
        return layout.page(
            title: t(.labsTitle),
            path: "/labs",
            notice: notice,
            errors: errors,
            body: """
                <p>\(t(.labsIntro))</p>
                \(form())
                <h2 id="latest-heading">\(t(.labsLatestHeading))</h2>
                \(overview.trends.isEmpty ? "<p>\(t(.noLabs))</p>" : latestTable())
                \(slope())
                <h2 id="results-heading">\(t(.labTable))</h2>
                \(overview.rows.isEmpty ? "<p>\(t(.noLabs))</p>" : resultsTable())
                """
        )
    }

    private func form() -> String {
        let language = layout.language
        let t = language.text
        let labs = LabCatalog.standard.analytes.map { ($0.id, language.labName($0)) }
        var units: [(String, String)] = [("", t(.usualUnit))]
        for unit in LabCatalog.standard.analytes.flatMap(\.units) where !units.contains(where: { $0.0 == unit.code }) {
            units.append((unit.code, UnitDisplayName.text(unit.code)))
        }
        return """
            <form method="post" action="/labs" class="stack" id="lab-form">\(csrfField(session))
            \(Controls.select("analyte", label: t(.analyte), options: labs, selected: values["analyte"]))
            \(Controls.input("value", label: t(.value), type: "text", value: values["value"] ?? "", extra: "required inputmode=\"decimal\" autocomplete=\"off\""))
            \(Controls.select("unit", label: t(.unit), options: units, selected: values["unit"]))
            \(Controls.input("date", label: t(.date), type: "date", value: values["date"] ?? "", hint: t(.labDateHint)))
            <button type="submit">\(t(.addLab))</button>
            </form>
            """
    }

    private func latestTable() -> String {
        let language = layout.language
        let t = language.text
        let rows = overview.trends.map { trend -> String in
            let unit = trend.analyte.canonicalUnit
            let standing = trend.standing
            let (flagClass, flagText): (String, String) =
                switch standing.flag {
                case .low: ("low", t(.standingLow))
                case .high: ("high", t(.standingHigh))
                case .inRange: ("ok", t(.standingInRange))
                case .noTarget: ("none", t(.standingNoTarget))
                }
            return """
                <tr data-lab="\(esc(trend.analyte.id))"><th scope="row">\(esc(language.labName(trend.analyte)))</th>\
                <td class="num" data-label="\(t(.latest))" data-value="\(trend.latest.value.value)">\(quantity(trend.latest.value.value, unit))\
                <br><span class="hint">\(day(trend.latest.value.takenAt))</span></td>\
                <td class="num" data-label="\(t(.previousResult))">\(trend.previous.map { quantity($0.value.value, unit) } ?? "–")</td>\
                <td data-label="\(t(.change))">\(change(trend.change, unit))</td>\
                <td data-label="\(t(.target))">\(target(standing, unit))</td>\
                <td class="standing \(flagClass)" data-label="\(t(.standing))" data-flag="\(flagClass)">\(flagText)</td></tr>
                """
        }.joined()
        return """
            <div class="table-wrap"><table id="lab-latest" class="cards" aria-labelledby="latest-heading"><thead><tr>\
            <th scope="col">\(t(.analyte))</th><th scope="col">\(t(.latest))</th>\
            <th scope="col">\(t(.previousResult))</th><th scope="col">\(t(.change))</th>\
            <th scope="col">\(t(.target))</th><th scope="col">\(t(.standing))</th></tr></thead>\
            <tbody>\(rows)</tbody></table></div>
            """
    }

    private func resultsTable() -> String {
        let language = layout.language
        let t = language.text
        let rows = overview.rows.map { row -> String in
            let value = row.result.value
            let analyte = LabCatalog.standard.analyte(id: value.analyteID)
            let unit = analyte?.canonicalUnit ?? LabUnit(value.unit, decimals: 2)
            let egfr: String =
                switch row.derivedEGFR {
                case .success(let derived): quantity(derived.egfr, LabAnalyte.egfr.canonicalUnit)
                case .failure: "–"
                case nil: ""
                }
            return """
                <tr><td>\(day(value.takenAt))</td>\
                <td>\(esc(analyte.map(language.labName) ?? value.analyteID))</td>\
                <td class="num">\(quantity(value.value, unit))</td><td class="num">\(egfr)</td>\
                <td>\(esc(row.stage ?? ""))</td></tr>
                """
        }.joined()
        return """
            <div class="table-wrap"><table id="lab-results" aria-labelledby="results-heading"><thead><tr>\
            <th scope="col">\(t(.date))</th><th scope="col">\(t(.analyte))</th><th scope="col">\(t(.value))</th>\
            <th scope="col">\(t(.egfrFromCreatinine))</th><th scope="col">\(t(.stage))</th></tr></thead>\
            <tbody>\(rows)</tbody></table></div>
            """
    }

    private func slope() -> String {
        guard let slope = overview.egfrSlope else { return "" }
        let language = layout.language
        let t = language.text
        var text: String
        if let perYear = slope.perYear {
            let signed = (perYear > 0 ? "+" : "") + language.number(perYear, digits: 1)
            text = language.text(.egfrSlopePerYear, signed, language.number(Double(slope.readingCount)))
            if slope.rapidProgression { text += " " + t(.egfrSlopeRapid) }
        } else {
            text = t(.egfrSlopeNotEnough)
        }
        return "<h2>\(t(.egfrSlope))</h2><p id=\"egfr-slope\">\(esc(text))</p>"
    }

    /// "5.6 mmol/L" with the lab's decimals and the unit's display name.
    private func quantity(_ value: Double, _ unit: LabUnit) -> String {
        "\(layout.language.fixed(value, digits: unit.decimals))\u{a0}\(esc(UnitDisplayName.text(unit.code)))"
    }

    private func change(_ change: Double?, _ unit: LabUnit) -> String {
        guard let change else { return "–" }
        let amount = quantity(abs(change), unit)
        if layout.language.fixed(abs(change), digits: unit.decimals) == layout.language.fixed(0, digits: unit.decimals)
        {
            return layout.language.text(.unchanged)
        }
        return change > 0 ? layout.language.text(.upBy, amount) : layout.language.text(.downBy, amount)
    }

    private func target(_ standing: LabStanding, _ unit: LabUnit) -> String {
        let number = { (value: Double) in self.layout.language.fixed(value, digits: unit.decimals) }
        let range: String
        switch (standing.targetLow, standing.targetHigh) {
        case (let low?, let high?): range = "\(number(low))–\(number(high))"
        case (let low?, nil): range = "≥\u{a0}\(number(low))"
        case (nil, let high?): range = "≤\u{a0}\(number(high))"
        case (nil, nil): return "–"
        }
        let source = standing.targetSource.map(layout.language.guidelineNote) ?? ""
        return """
            \(range)\u{a0}\(esc(UnitDisplayName.text(unit.code)))<br><span class="hint">\
            \(layout.language.text(.targetSource)): \(esc(source))</span>
            """
    }

    /// The guideline a catalog source names, without the research note's section and reference keys
    /// ("nutrition.md §2.8: NKF KDOQI 2003, CKD 5 [R22]" reads "NKF KDOQI 2003, CKD 5").
    static func guideline(_ source: String) -> String {
        var text = Substring(source)
        // Only a research note's reference ends at the first colon ("nutrition.md §2.8: "); a source's own colon
        // ("PTH Goals: 150–600") is part of what it says.
        if let colon = text.range(of: ": "), text[..<colon.lowerBound].contains("§") {
            text = text[colon.upperBound...]
        }
        return text.replacing(/\s*\[R[0-9a-z]+\]/, with: "").trimmingCharacters(in: .whitespaces)
    }

    private func day(_ time: RFC3339Timestamp) -> String {
        esc(String(LocalMinute.text(time).prefix(10)))
    }
}
