/// Which kind of manual entry a correction touched.
public enum CorrectedEntry: String, Sendable, Hashable, Codable, CaseIterable {
    case weight
    case bloodPressure = "blood_pressure"
    case lab
    case intake
    case photo

    /// The entry's kind in words ("blood pressure").
    public var words: String { self == .bloodPressure ? "blood pressure" : rawValue }
}

/// One recorded edit or deletion of a manual entry: the row of `entryChange`.
public struct EntryChange: Sendable, Equatable, Codable {
    /// Edited or deleted.
    public enum Action: String, Sendable, Hashable, Codable {
        case edit
        case delete
    }

    /// The row id.
    public var id: Int64
    /// The profile the entry belongs to.
    public var profileId: Int64
    /// Which kind of entry.
    public var entry: CorrectedEntry
    /// The entry's id (in this store when the change was made).
    public var entryId: Int64
    /// What was done.
    public var action: Action
    /// The entry before the change, as compact JSON.
    public var oldValue: String
    /// The entry after an edit, as compact JSON; nil for a deletion.
    public var newValue: String?
    /// Who made it (the user account and the front end).
    public var changedBy: String
    /// When (UTC epoch ms).
    public var changedAtMs: Int64

    /// A change from its parts.
    public init(
        id: Int64,
        profileId: Int64,
        entry: CorrectedEntry,
        entryId: Int64,
        action: Action,
        oldValue: String,
        newValue: String?,
        changedBy: String,
        changedAtMs: Int64
    ) {
        self.id = id
        self.profileId = profileId
        self.entry = entry
        self.entryId = entryId
        self.action = action
        self.oldValue = oldValue
        self.newValue = newValue
        self.changedBy = changedBy
        self.changedAtMs = changedAtMs
    }
}

/// Why a correction was refused: the entry is not there (or not the profile's), or not one typed by hand.
public enum EntryCorrectionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No entry of this kind with this id belongs to the profile.
    case notFound(CorrectedEntry, id: Int64, profile: String)
    /// The entry came from a device or an import: what the device measured is not edited by hand.
    case notManual(CorrectedEntry, id: Int64, source: String)
    /// Another result of the same lab is stored at the new time.
    case duplicateLab(id: Int64, analyte: String)

    public var description: String {
        switch self {
        case .notFound(let entry, let id, let profile):
            "id: profile '\(profile)' has no \(entry.words) with id \(id)"
        case .notManual(let entry, let id, let source):
            "id: \(entry.words) #\(id) came from \(source), not a manual "
                + "entry; only entries typed by hand can be corrected"
        case .duplicateLab(let id, let analyte):
            "date: another \(analyte) result is stored at that time; lab #\(id) was not changed"
        }
    }
}
