/// The page around every portal page: the language, the title, the stylesheet (no script at all), a skip link,
/// the header with sign-out when signed in, and the main landmark.
enum PortalLayout {
    /// A whole page; `body` is HTML already escaped; `csrf` is the session's token when signed in.
    static func page(title: String, csrf: String?, body: String) -> String {
        let signOut =
            csrf.map { token in
                """
                <form method="post" action="/portal/sign-out" class="sign-out">\
                <input type="hidden" name="csrf" value="\(esc(token))">\
                <button type="submit">Sign out</button></form>
                """
            } ?? ""
        let nav =
            csrf == nil
            ? "" : #"<nav aria-label="Portal"><a href="/portal/patients">Patients</a>\#(signOut)</nav>"#
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">\
            <meta name="viewport" content="width=device-width, initial-scale=1">\
            <title>\(esc(title)) · KidneyHub clinician portal</title>\
            <link rel="stylesheet" href="/portal/style.css"></head>
            <body><a class="skip" href="#main">Skip to content</a>\
            <header><p class="brand">KidneyHub clinician portal</p>\(nav)</header>\
            <main id="main"><h1>\(esc(title))</h1>\(body)</main></body></html>
            """
    }
}
