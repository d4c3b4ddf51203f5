import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices
import Hummingbird

/// Signing in (the passphrase or the one-time link) and out.
struct AccessRoutes {
    let web: WebApp

    func register(on router: Router<WebContext>) {
        router.get("/") { _, _ in seeOther("/today") }
        router.get("/signin") { _, context in
            htmlResponse(SignInPage(layout: await web.layout(context)).render())
        }
        router.post("/signin") { request, context in try await signIn(request, context) }
        router.get("/signin/link") { request, context in
            let token = request.uri.queryParameters["token"].map(String.init) ?? ""
            guard await web.sessions.redeemSignInToken(token, now: web.app.now()) else {
                let layout = await web.layout(context)
                let page = SignInPage(layout: layout, errors: [layout.language.text(.signInLinkExpired)])
                return htmlResponse(page.render(), status: .unauthorized)
            }
            return await opened(redirectTo: "/today")
        }
        router.post("/signout") { _, context in
            if let session = context.session { await web.sessions.close(session.id) }
            var response = seeOther("/signin")
            response.setCookie(
                Cookie(
                    name: SessionMiddleware.cookieName,
                    value: "",
                    maxAge: 0,
                    path: "/",
                    secure: web.secureCookies,
                    httpOnly: true,
                    sameSite: .strict
                )
            )
            return response
        }
    }

    private func signIn(_ request: Request, _ context: WebContext) async throws -> Response {
        let layout = await web.layout(context)
        let t = layout.language.text
        let now = web.app.now()
        guard await web.throttle.allows(now: now) else {
            return htmlResponse(
                SignInPage(layout: layout, errors: [t(.tooManyAttempts)]).render(),
                status: .tooManyRequests
            )
        }
        guard let hash = try await web.app.webAccess.passphraseHash(), let typed = context.form["passphrase"],
            await Passphrase.verify(typed, against: hash)
        else {
            await web.throttle.failed(now: now)
            return htmlResponse(SignInPage(layout: layout, errors: [t(.signInFailed)]).render(), status: .unauthorized)
        }
        return await opened(redirectTo: "/today")
    }

    /// A new session, its cookie set (HttpOnly, SameSite=Strict, Secure under TLS), and a redirect.
    private func opened(redirectTo path: String) async -> Response {
        let session = await web.sessions.open(now: web.app.now())
        var response = seeOther(path)
        response.setCookie(
            Cookie(
                name: SessionMiddleware.cookieName,
                value: session.id,
                path: "/",
                secure: web.secureCookies,
                httpOnly: true,
                sameSite: .strict
            )
        )
        return response
    }
}
