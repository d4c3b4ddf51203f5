import Foundation

/// One medication's doses a hub pushed, as the portal's "Doses and adherence" shows them: taken and not taken in
/// the last 7 and 30 days, and when a dose was last not taken.
public struct DoseTally: Sendable, Equatable {
    /// The medication's name as the hub sent it (`medicationCodeableConcept.text`).
    public var medication: String
    public var taken7: Int
    public var notTaken7: Int
    public var taken30: Int
    public var notTaken30: Int
    /// The newest dose marked not taken, at any time.
    public var lastNotTaken: Date?

    public init(
        medication: String,
        taken7: Int,
        notTaken7: Int,
        taken30: Int,
        notTaken30: Int,
        lastNotTaken: Date?
    ) {
        self.medication = medication
        self.taken7 = taken7
        self.notTaken7 = notTaken7
        self.taken30 = taken30
        self.notTaken30 = notTaken30
        self.lastNotTaken = lastNotTaken
    }
}
