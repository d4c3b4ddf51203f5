import HubServices

/// The import of an export file: the upload form (limited in size and type), the live progress region the script
/// fills, and after an import its report: per kind what was stored, already stored and rejected, and each rejected
/// record with where it was and why.
struct ImportPage {
    var layout: Layout
    var session: WebSession
    /// The report of the import just run, and the uploaded file's name.
    var report: (summary: ImportSummary, fileName: String)? = nil
    var notice: String? = nil
    var errors: [String] = []

    /// The most rejected records listed on the page; the count says how many there were.
    static let rejectedListed = 200

    func render() -> String {
        let language = layout.language
        let t = language.text
        let megabytes = language.number(Double(UploadPolicy.exportLimit) / 1024 / 1024)
        let invalid = errors.isEmpty ? "" : " aria-invalid=\"true\""
        var body = """
            <p>\(t(.importIntro))</p>
            <form method="post" action="/import?csrf=\(esc(session.csrfToken))" enctype="multipart/form-data" \
            class="stack" id="import-form" data-progress="import" data-progress-region="import-progress">\
            <div class="field"><label for="export">\(t(.exportFile))</label>\
            <span class="hint" id="export-hint">\(esc(layout.language.text(.exportFileHint, megabytes)))</span>\
            <input id="export" name="export" type="file" \
            accept=".xml,.zip,.fit,.FIT,application/xml,text/xml,application/zip" \
            aria-describedby="export-hint" required\(invalid)></div>
            <button type="submit">\(t(.importButton))</button></form>
            \(progressMarkup(id: "import-progress", language: language))
            """
        if let report { body += reportHTML(report.summary, fileName: report.fileName) }
        return layout.page(title: t(.importTitle), path: "/import", notice: notice, errors: errors, body: body)
    }

    private func reportHTML(_ summary: ImportSummary, fileName: String) -> String {
        let language = layout.language
        let t = language.text
        let number = { (value: Int) in language.number(Double(value)) }
        var html = """
            <section aria-labelledby="report-heading" id="import-report"><h2 id="report-heading">\
            \(t(.importReportHeading))</h2>\
            <p id="import-stored">\(esc(layout.language.text(.importStored, number(summary.storedCount), fileName)))</p>
            """
        if let failure = summary.failure {
            html +=
                "<p class=\"problem\" id=\"import-failure\">"
                + Language.filled(esc(t(.importStoppedEarly)), with: [englishOnly(failure, on: language)]) + "</p>"
        }
        let rows = summary.kinds.map { kind in
            """
            <tr data-kind="\(esc(kind.kind))"><th scope="row">\(esc(language.kindName(kind.kind)))</th>\
            <td class="num" data-label="\(t(.storedColumn))">\(number(kind.imported))</td>\
            <td class="num" data-label="\(t(.duplicatesColumn))">\(number(kind.duplicates))</td>\
            <td class="num" data-label="\(t(.rejectedColumn))">\(number(kind.rejected))</td></tr>
            """
        }.joined()
        html += """
            <div class="table-wrap"><table id="import-kinds" class="cards"><caption>\(t(.importReportCaption))</caption>\
            <thead><tr><th scope="col">\(t(.kindColumn))</th><th scope="col">\(t(.storedColumn))</th>\
            <th scope="col">\(t(.duplicatesColumn))</th><th scope="col">\(t(.rejectedColumn))</th></tr></thead>\
            <tbody>\(rows)</tbody></table></div>
            <h3 id="rejected-heading">\(t(.rejectedHeading))</h3>
            """
        if summary.rejected.isEmpty {
            html += "<p id=\"no-rejected\">\(t(.noRejected))</p>"
        } else {
            let listed = summary.rejected.prefix(Self.rejectedListed)
            if listed.count < summary.rejected.count {
                html +=
                    "<p>\(esc(layout.language.text(.rejectedShown, number(listed.count), number(summary.rejected.count))))</p>"
            }
            let rows = listed.map { rejection in
                """
                <tr><td data-label="\(t(.kindColumn))">\(esc(rejection.kind.map(language.kindName) ?? ""))</td>\
                <td data-label="\(t(.whereColumn))">\(esc(rejection.location))</td>\
                <td data-label="\(t(.whyColumn))">\(englishOnly(rejection.reason, on: language))</td></tr>
                """
            }.joined()
            html += """
                <div class="table-wrap"><table id="import-rejected" class="cards" aria-labelledby="rejected-heading">\
                <thead><tr><th scope="col">\(t(.kindColumn))</th><th scope="col">\(t(.whereColumn))</th>\
                <th scope="col">\(t(.whyColumn))</th></tr></thead><tbody>\(rows)</tbody></table></div>
                """
        }
        return html + "</section>"
    }
}
