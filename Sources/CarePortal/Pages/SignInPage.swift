/// The staff sign-in form: username and password, the form's CSRF token, and what went wrong last time.
enum SignInPage {
    static func render(csrf: String, error: String?, username: String = "") -> String {
        let message = error.map { #"<p class="error" role="alert" id="sign-in-error">\#(esc($0))</p>"# } ?? ""
        let described = error == nil ? "" : #" aria-describedby="sign-in-error""#
        return PortalLayout.page(
            title: "Sign in",
            csrf: nil,
            body: """
                \(message)<form method="post" action="/portal/sign-in" class="stacked"\(described)>\
                <input type="hidden" name="csrf" value="\(esc(csrf))">\
                <label for="username">Username</label>\
                <input id="username" name="username" autocomplete="username" required value="\(esc(username))">\
                <label for="password">Password</label>\
                <input id="password" name="password" type="password" autocomplete="current-password" required>\
                <button type="submit">Sign in</button></form>\
                <p class="note">For clinicians of the clinic. Patients and caregivers use the KidneyHub app.</p>
                """
        )
    }
}
