import CareServerStore
import Foundation

/// The clinic's patients with their flags, sortable and paged by links (no script), a page at a time as a table.
package enum PatientListPage {
    package static func render(_ slice: PatientListSlice, sort: PatientSort, csrf: String, now: Date) -> String {
        let rows = slice.rows
        let sortLinks = PatientSort.allCases.map { option in
            let current = option == sort ? #" aria-current="true""# : ""
            return #"<li><a href="/portal/patients?sort=\#(option.rawValue)"\#(current)>\#(label(option))</a></li>"#
        }.joined()
        let lines = rows.map { row in
            let o = row.overview
            let flags =
                row.flags.isEmpty
                ? #"<span class="none">No flag</span>"#
                : "<ul class=\"flags\">"
                    + row.flags.map {
                        #"<li class="flag" data-flag="\#($0.kind.rawValue)">\#(esc($0.text))</li>"#
                    }.joined() + "</ul>"
            let gain = row.gainPercent.map { PatientFlags.fixed($0, 1) + " %" } ?? "–"
            let potassium = o.potassium.map { PatientFlags.fixed($0.value, 1) + " mmol/L" } ?? "–"
            let pressure =
                o.preDialysisPressure.map {
                    PatientFlags.fixed($0.systolic, 0) + "/" + PatientFlags.fixed($0.diastolic, 0) + " mmHg"
                } ?? "–"
            let last = o.lastDataAt.map(PortalTime.text) ?? "never"
            return """
                <tr data-patient="\(o.patientID)"><th scope="row">\
                <a href="/portal/patients/\(o.patientID)">\(esc(o.firstName))</a> \
                <span class="note">(\(esc(o.username)))</span></th>\
                <td class="flags-cell" data-label="Flags">\(flags)</td><td data-label="Weight gain">\(gain)</td>\
                <td data-label="Potassium">\(potassium)</td>\
                <td data-label="Pre-dialysis blood pressure">\(pressure)</td>\
                <td data-label="Last data">\(last)</td></tr>
                """
        }.joined()
        let shown =
            slice.pages == 1
            ? "\(slice.total) patients"
            : "Patients \(slice.first)–\(slice.first + rows.count - 1) of \(slice.total)"
        let table =
            rows.isEmpty
            ? "<p>The clinic has no patients yet.</p>"
            : """
            <div class="table-wrap" tabindex="0" role="region" aria-label="Patients"><table class="cards">\
            <caption>\(shown), \(slice.flagged) flagged; sorted by \(label(sort).lowercased())</caption>\
            <thead><tr><th scope="col">Patient</th><th scope="col">Flags</th>\
            <th scope="col">Weight gain</th><th scope="col">Potassium</th>\
            <th scope="col">Pre-dialysis blood pressure</th><th scope="col">Last data</th></tr></thead>\
            <tbody>\(lines)</tbody></table></div>
            """
        return PortalLayout.page(
            title: "Patients",
            csrf: csrf,
            body: """
                <nav aria-label="Sort the patients"><ul class="sorts">\(sortLinks)</ul></nav>\(table)\(pager(slice, sort))\
                <p class="note">Weight gain is the newest pre-dialysis weight minus the post-dialysis weight before \
                it, in % of that post-dialysis weight: the hub does not sync the prescribed dry weight. Missed doses \
                are those the patient marked as not taken; a dose never marked is not sent. Read at \(PortalTime.text(now)).</p>
                """
        )
    }

    /// Links to the previous and next pages, keeping the order; nothing when the list fits on one page.
    static func pager(_ slice: PatientListSlice, _ sort: PatientSort) -> String {
        guard slice.pages > 1 else { return "" }
        func link(_ page: Int, _ text: String, rel: String) -> String {
            #"<li><a href="/portal/patients?sort=\#(sort.rawValue)&amp;page=\#(page)" rel="\#(rel)">\#(text)</a></li>"#
        }
        let previous = slice.page > 1 ? link(slice.page - 1, "Previous page", rel: "prev") : ""
        let next = slice.page < slice.pages ? link(slice.page + 1, "Next page", rel: "next") : ""
        return """
            <nav aria-label="Pages of the patient list"><ul class="sorts">\(previous)\
            <li aria-current="page">Page \(slice.page) of \(slice.pages)</li>\(next)</ul></nav>
            """
    }

    static func label(_ sort: PatientSort) -> String {
        switch sort {
        case .flags: "Flags"
        case .name: "Name"
        case .gain: "Weight gain"
        case .potassium: "Potassium"
        case .lastData: "Last data"
        }
    }
}
