import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices

/// The terms of use, accepted before anything is stored.
struct TermsPage {
    var layout: Layout
    var session: WebSession
    var version: String
    var text: String

    func render() -> String {
        let t = layout.language.text
        let paragraphs = text.split(separator: "\n\n").map { "<p>\(esc(String($0)))</p>" }.joined(separator: "\n")
        return layout.page(
            title: t(.termsTitle),
            path: "/setup/terms",
            body: """
                <p>\(t(.termsIntro))</p>
                <section class="terms" aria-label="\(t(.termsTitle))" tabindex="0">
                <p>\(t(.termsVersion)) \(esc(version))</p>
                \(paragraphs)
                </section>
                <form method="post" action="/setup/terms">\(csrfField(session))
                <input type="hidden" name="version" value="\(esc(version))">
                <button type="submit" id="accept-terms">\(t(.termsAccept))</button>
                </form>
                """
        )
    }
}
