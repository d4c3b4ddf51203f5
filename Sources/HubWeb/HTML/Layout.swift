/// The frame of every page: language, title, the app's own stylesheet and script, a skip link, the navigation and
/// the main landmark.
struct Layout: Sendable {
    var language: Language
    /// Nil on pages shown before sign-in (no navigation then).
    var session: WebSession?

    /// The links of the navigation, in order.
    static let sections: [(path: String, key: MessageKey)] = [
        ("/today", .navToday), ("/food", .navFood), ("/fluid", .navFluid), ("/weight", .navWeight),
        ("/blood-pressure", .navBloodPressure), ("/labs", .navLabs), ("/medications", .navMedications),
        ("/questionnaires", .navQuestionnaires), ("/trends", .navTrends), ("/reports", .navReports),
        ("/goals", .navGoals), ("/devices", .navDevices),
        ("/import", .navImport),
        ("/notifications", .navNotifications), ("/profiles", .navProfiles), ("/settings", .navSettings),
    ]

    /// A whole page around `body`, whose first heading is `title`; `notice` is announced politely, `errors`
    /// assertively.
    func page(title: String, path: String, notice: String? = nil, errors: [String] = [], body: String) -> String {
        let t = language.text
        var html = """
            <!doctype html>
            <html lang="\(language.rawValue)">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(esc(title)) · \(t(.appName))</title>
            <link rel="stylesheet" href="/assets/app.css">
            <script src="/assets/app.js" defer></script>
            </head>
            <body>
            <a class="skip" href="#main">\(t(.skipToContent))</a>
            <header class="top"><p class="brand">\(t(.appName))</p>
            """
        if let session {
            html += "<nav aria-label=\"\(t(.navMain))\"><ul>"
            for section in Self.sections {
                // A detail page (/medications/<id>) is within its section.
                let within = path == section.path || path.hasPrefix(section.path + "/")
                let current = within ? " aria-current=\"page\"" : ""
                html += "<li><a href=\"\(section.path)\"\(current)>\(t(section.key))</a></li>"
            }
            html += """
                <li><form method="post" action="/signout">\(csrfField(session))\
                <button type="submit" class="link">\(t(.signOut))</button></form></li></ul></nav>
                """
        }
        html += "</header>\n<main id=\"main\" tabindex=\"-1\">\n<h1>\(esc(title))</h1>\n"
        html += "<div id=\"notice\" role=\"status\" aria-live=\"polite\">"
        if let notice { html += "<p class=\"notice\">\(esc(notice))</p>" }
        html += "</div>\n<div id=\"errors\" role=\"alert\" aria-live=\"assertive\">"
        if !errors.isEmpty {
            html += "<h2>\(t(.errorHeading))</h2><ul class=\"errors\">"
            html += errors.map { "<li>\(esc($0))</li>" }.joined()
            html += "</ul>"
        }
        html += "</div>\n\(body)\n</main>\n</body>\n</html>\n"
        return html
    }
}

/// The hidden CSRF field every state-changing form carries.
func csrfField(_ session: WebSession) -> String {
    "<input type=\"hidden\" name=\"csrf\" value=\"\(esc(session.csrfToken))\">"
}
