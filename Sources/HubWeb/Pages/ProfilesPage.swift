import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices

/// The store's profiles; a caregiver picks which one the pages show.
struct ProfilesPage {
    var layout: Layout
    var session: WebSession
    var profiles: [StoredProfile]
    var current: String?
    /// Why the last upload was refused, in the page's language.
    var errors: [String] = []

    func render() -> String {
        let t = layout.language.text
        let items = profiles.map { profile in
            if profile.name == current {
                return "<li><strong>\(esc(profile.name))</strong> (\(t(.currentProfile)))</li>"
            }
            return """
                <li>\(esc(profile.name)) <form method="post" action="/profiles/select" class="inline">\(csrfField(session))\
                <input type="hidden" name="profile" value="\(esc(profile.name))">\
                <button type="submit" aria-label="\(t(.switchTo)): \(esc(profile.name))">\(t(.switchTo))</button></form></li>
                """
        }.joined()
        let avatar = """
            <h2 id="avatar-heading">\(t(.avatar))</h2>
            <form method="post" action="/profiles/avatar?csrf=\(esc(session.csrfToken))" enctype="multipart/form-data" \
            class="stack" aria-labelledby="avatar-heading">
            <div class="field"><label for="avatar">\(t(.avatarFile))</label>\
            <span class="hint" id="avatar-hint">\(t(.avatarHint))</span>\
            <input id="avatar" name="avatar" type="file" accept="image/png,image/jpeg,image/gif,image/webp" \
            aria-describedby="avatar-hint" required></div>
            <button type="submit">\(t(.save))</button>
            </form>
            """
        return layout.page(
            title: t(.profilesTitle),
            path: "/profiles",
            errors: errors,
            body: "<ul class=\"profiles\">\(items)</ul>" + avatar
        )
    }
}
