import Care
import Clinical
import Foundation
import HubCore

/// A recorded firing of an advice rule.
public struct StoredAdviceFiring: Sendable, Equatable {
    /// The row id.
    public var id: Int64
    /// Where it fired ("foods check", "log", "advice", "alerts").
    public var context: String
    /// The firing.
    public var message: AdviceMessage
    /// When.
    public var firedAtMs: Int64

    /// A value from its parts.
    package init(id: Int64, context: String, message: AdviceMessage, firedAtMs: Int64) {
        self.id = id
        self.context = context
        self.message = message
        self.firedAtMs = firedAtMs
    }
}
