import Hummingbird

/// The request context of the web app: Hummingbird's core storage and the signed-in session, when there is one.
public struct WebContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The session the request's cookie names, set by `SessionMiddleware`.
    public var session: WebSession?
    /// The request's form fields, read once by `SessionMiddleware` when the body is a form.
    public var form: FormFields = FormFields()

    public init(source: Source) {
        self.coreContext = .init(source: source)
    }

    /// Up to 12 MiB of body: uploads are checked against their own, smaller limit.
    public var maxUploadSize: Int { 12 * 1024 * 1024 }
}
