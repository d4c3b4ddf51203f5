import CarePortal
import CareServerStore
import Foundation
import Testing

@Suite("Clinician portal patient list, a page at a time")
struct PortalListPagingTests {
    let now = Date(timeIntervalSince1970: 1_790_000_000)

    /// `count` patients named so that name order is id order; every third one with a potassium over the limit.
    func rows(_ count: Int) -> [PatientRow] {
        (1...max(1, count)).prefix(count).map { id in
            let overview = PatientOverview(
                patientID: Int64(id),
                firstName: "Patient \(String(format: "%04d", id))",
                username: "900000\(String(format: "%04d", id))",
                preDialysisWeight: nil,
                previousPostDialysisWeight: nil,
                potassium: id % 3 == 0 ? TimedValue(6.5, at: now.addingTimeInterval(-3_600)) : nil,
                preDialysisPressure: nil,
                symptomScore: nil,
                lastDataAt: now.addingTimeInterval(-3_600)
            )
            return PatientRow(overview, now: now)
        }
    }

    @Test("1,003 patients sorted by flags: 50 a page, the flagged first, the last page holds the rest")
    func slices() {
        let sorted = PatientSort.flags.sorted(rows(1_003))
        let first = PatientListSlice(of: sorted, page: 1)
        #expect(first.rows.count == 50 && first.pages == 21 && first.total == 1_003 && first.flagged == 334)
        #expect(first.rows.allSatisfy { !$0.flags.isEmpty })
        #expect(first.rows == Array(sorted.prefix(50)))
        let last = PatientListSlice(of: sorted, page: 21)
        #expect(last.rows.count == 3 && last.first == 1_001 && last.rows == Array(sorted.suffix(3)))
        // Out of range asks show the nearest page rather than an empty one.
        #expect(PatientListSlice(of: sorted, page: 99).page == 21)
        #expect(PatientListSlice(of: sorted, page: -4).page == 1)
        // Every patient is on exactly one page.
        let all = (1...21).flatMap { PatientListSlice(of: sorted, page: $0).rows.map(\.overview.patientID) }
        #expect(all == sorted.map(\.overview.patientID))
    }

    @Test("an empty clinic is one empty page")
    func empty() {
        let slice = PatientListSlice(of: [], page: 3)
        #expect(slice.rows.isEmpty && slice.page == 1 && slice.pages == 1 && slice.first == 0)
    }

    @Test("the page says which patients it shows and links the pages before and after, keeping the order")
    func pager() {
        let sorted = PatientSort.name.sorted(rows(120))
        let middle = PatientListPage.render(
            PatientListSlice(of: sorted, page: 2),
            sort: .name,
            csrf: "t",
            now: now
        )
        #expect(middle.contains("Patients 51–100 of 120, 40 flagged; sorted by name"))
        #expect(middle.contains(#"href="/portal/patients?sort=name&amp;page=1" rel="prev""#))
        #expect(middle.contains(#"href="/portal/patients?sort=name&amp;page=3" rel="next""#))
        #expect(middle.contains("Page 2 of 3"))
        #expect(middle.components(separatedBy: "<tr data-patient=").count - 1 == 50)
        let only = PatientListPage.render(
            PatientListSlice(of: Array(sorted.prefix(7)), page: 1),
            sort: .name,
            csrf: "t",
            now: now
        )
        #expect(only.contains("7 patients, 2 flagged") && !only.contains("Pages of the patient list"))
    }
}
