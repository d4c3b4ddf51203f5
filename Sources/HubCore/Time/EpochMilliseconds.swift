import Foundation

/// Instants as the store keeps them: milliseconds since 1970-01-01T00:00:00Z.
public enum EpochMilliseconds {
    /// The current instant; the one place the hub reads the wall clock in this form.
    @Sendable public static func now() -> Int64 {
        Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
    }
}
