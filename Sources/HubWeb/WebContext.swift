import HubServices
import Hummingbird

/// The request context of the web app: Hummingbird's core storage and the signed-in session, when there is one.
public struct WebContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The session the request's cookie names, set by `SessionMiddleware`.
    public var session: WebSession?
    /// The request's form fields, read once by `SessionMiddleware` when the body is a form.
    public var form: FormFields = FormFields()
    /// The first run's standing with the profiles' names and the pages' language, read once by `FirstRunMiddleware`
    /// for a signed-in page request (GET or HEAD), so that the page does not read them again. Nil for any other
    /// request: a form post may change them before it answers.
    public var standing: FirstRunStanding?

    public init(source: Source) {
        self.coreContext = .init(source: source)
    }

    /// Up to 12 MiB of body: uploads are checked against their own, smaller limit.
    public var maxUploadSize: Int { 12 * 1024 * 1024 }
}
