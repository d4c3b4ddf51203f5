import HTTPTypes

extension HTTPField.Name {
    /// `X-Frame-Options`, which swift-http-types does not name (a constant, valid field name).
    static let xFrameOptions = HTTPField.Name("X-Frame-Options")!
    /// `Referrer-Policy`, which swift-http-types does not name (a constant, valid field name).
    static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
}
