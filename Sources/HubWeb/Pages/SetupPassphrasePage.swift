import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices

/// The first run's first step: choosing the passphrase.
struct SetupPassphrasePage {
    var layout: Layout
    var session: WebSession
    var errors: [String] = []

    func render() -> String {
        let t = layout.language.text
        let invalid = errors.isEmpty ? "" : " aria-invalid=\"true\" aria-describedby=\"errors\""
        return layout.page(
            title: t(.setupPassphraseTitle),
            path: "/setup/passphrase",
            errors: errors,
            body: """
                <p id="passphrase-hint">\(t(.setupPassphraseIntro))</p>
                <form method="post" action="/setup/passphrase" class="stack">\(csrfField(session))
                <label for="passphrase">\(t(.passphrase))</label>
                <input id="passphrase" name="passphrase" type="password" autocomplete="new-password" minlength="8" \
                required aria-describedby="passphrase-hint"\(invalid)>
                <label for="confirmation">\(t(.passphraseConfirm))</label>
                <input id="confirmation" name="confirmation" type="password" autocomplete="new-password" required>
                <button type="submit">\(t(.save))</button>
                </form>
                """
        )
    }
}
