import HTTPTypes

extension HTTPField.Name {
    /// `X-Frame-Options`, which swift-http-types does not name.
    static let xFrameOptions = HTTPField.Name("X-Frame-Options")!
    /// `Referrer-Policy`, which swift-http-types does not name.
    static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
    /// The header the page's script sends its CSRF token in.
    static let csrfToken = HTTPField.Name("X-CSRF-Token")!
    /// `Server-Timing` (W3C Server Timing), which swift-http-types does not name.
    static let serverTiming = HTTPField.Name("Server-Timing")!
}
