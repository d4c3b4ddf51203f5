/// One versioned step of the server's schema: applied once, in order, in its own transaction.
public struct Migration: Sendable {
    public let version: Int
    /// `v<version>-<what>`, recorded beside the version.
    public let name: String
    /// Statements run in order.
    public let statements: [String]
}
