import GATTProfiles

/// The cursor of devices that stamp their records with their own clock (scales, cuffs): the newest device wall
/// time already submitted, `t:YYYY-MM-DDTHH:MM:SS`. Times of that form order as strings.
public struct TimeCursor: Sendable, Hashable {
    public var newest: String?

    public init(_ stored: String?) {
        newest = stored.flatMap { $0.hasPrefix("t:") ? String($0.dropFirst(2)) : nil }
    }

    /// Whether a record at `time` is newer than what was already submitted.
    public func isNew(_ time: GATTDateTime) -> Bool {
        guard let newest else { return true }
        return time.description > newest
    }

    public mutating func advance(to time: GATTDateTime) {
        if isNew(time) { newest = time.description }
    }

    public var encoded: String? { newest.map { "t:" + $0 } }
}
