import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices

/// The sign-in form: the passphrase.
struct SignInPage {
    var layout: Layout
    var errors: [String] = []

    func render() -> String {
        let t = layout.language.text
        return layout.page(
            title: t(.signInTitle),
            path: "/signin",
            errors: errors,
            body: """
                <p>\(t(.signInIntro))</p>
                <form method="post" action="/signin" class="stack">
                <label for="passphrase">\(t(.passphrase))</label>
                <input id="passphrase" name="passphrase" type="password" autocomplete="current-password" required>
                <button type="submit">\(t(.signIn))</button>
                </form>
                """
        )
    }
}
