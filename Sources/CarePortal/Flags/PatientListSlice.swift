/// One page of the sorted patient list: a dialysis unit's 100 to 300 patients (or a thousand) are read a page at a
/// time, the flagged ones first by default, so a request renders 50 rows, not the whole clinic.
public struct PatientListSlice: Sendable, Equatable {
    /// Rows on a page.
    public static let pageSize = 50

    /// The rows of this page, in the list's order.
    public var rows: [PatientRow]
    /// The page shown, from 1.
    public var page: Int
    /// Pages in the whole list (at least 1, even when it is empty).
    public var pages: Int
    /// Patients in the whole list.
    public var total: Int
    /// Patients in the whole list with at least one flag.
    public var flagged: Int
    /// The position in the whole list of this page's first row, from 1 (0 when the list is empty).
    public var first: Int { rows.isEmpty ? 0 : (page - 1) * Self.pageSize + 1 }

    /// Page `requested` of `sorted`; a page before the first or after the last shows the nearest one.
    public init(of sorted: [PatientRow], page requested: Int) {
        total = sorted.count
        flagged = sorted.reduce(0) { $0 + ($1.flags.isEmpty ? 0 : 1) }
        pages = max(1, (sorted.count + Self.pageSize - 1) / Self.pageSize)
        page = min(max(1, requested), pages)
        let start = (page - 1) * Self.pageSize
        rows = Array(sorted[start..<min(start + Self.pageSize, sorted.count)])
    }
}
