import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices

/// Settings: the language of the pages.
struct SettingsPage {
    var layout: Layout
    var session: WebSession

    func render() -> String {
        let t = layout.language.text
        let options = Language.allCases.map { ($0.rawValue, t($0 == .english ? .english : .spanish)) }
        return layout.page(
            title: t(.settingsTitle),
            path: "/settings",
            body: """
                <form method="post" action="/settings/language" class="stack">\(csrfField(session))
                \(Controls.select("language", label: t(.language), options: options, selected: layout.language.rawValue))
                <button type="submit">\(t(.saveSettings))</button>
                </form>
                """
        )
    }
}
