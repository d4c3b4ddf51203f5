import Foundation
import HTTPTypes
import Hummingbird

/// The portal's two cookies, both HttpOnly, SameSite=Strict, scoped to `/portal` and Secure when the server speaks
/// TLS: the session (the account's token) and the sign-in form's CSRF value (a double-submit token, before there is
/// a session to derive one from).
enum PortalCookies {
    static let session = "kh_portal_session"
    static let signInCSRF = "kh_portal_csrf"
    /// A session lasts a clinic's working day at most; the token's own expiry and revocation still apply.
    static let sessionSeconds = 12 * 3600

    /// The value of cookie `name` in the request, if sent.
    static func value(_ name: String, in request: Request) -> String? {
        for header in request.headers[values: .cookie] {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name else { continue }
                return String(parts[1]).trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    /// A `Set-Cookie` value; `maxAge` 0 clears it.
    static func set(_ name: String, _ value: String, maxAge: Int, secure: Bool) -> String {
        "\(name)=\(value); Path=/portal; Max-Age=\(maxAge); HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "")
    }
}
