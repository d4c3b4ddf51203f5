import Testing

@testable import Care
@testable import Clinical

/// A dosage typed into a form or options: the structured dosage it gives, and each mistake named by its field.
struct DosageDraftTests {
    @Test func aTypedDosageBecomesTheStructuredOneAndReadsBackAsInstructions() throws {
        var draft = DosageDraft()
        (draft.dose, draft.unit, draft.route) = ("1-2", "tablets", "oral")
        (draft.frequency, draft.period, draft.periodUnit) = ("2", "1", "d")
        (draft.events, draft.offset) = (["ACM", " ACV "], "30")
        draft.days = ["mon,fri"]
        let dosage = try draft.dosage()
        #expect(dosage.dose == .range(low: 1, high: 2, .tablet))
        #expect(dosage.timing?.when == [.beforeBreakfast, .beforeDinner])
        #expect(dosage.timing?.dayOfWeek == [.monday, .friday])
        #expect(
            InstructionText.render(dosage, in: .english)
                == "1 to 2 tablets by mouth 2 times a day on Monday and Friday 30 minutes before breakfast and "
                + "30 minutes before dinner"
        )
    }

    @Test(
        arguments: [
            (\DosageDraft.periodUnit, "fortnight", "periodUnit"),
            (\DosageDraft.dose, "two", "dose"),
            (\DosageDraft.route, "by ear", "route"),
            (\DosageDraft.course, "ten days", "course"),
            (\DosageDraft.dialysisDays, "weekends", "dialysisDays"),
            (\DosageDraft.from, "27/11/2026", "from"),
            (\DosageDraft.offset, "half an hour", "offset"),
            (\DosageDraft.dialysisOffset, "30.5", "dialysisOffset"),
        ] as [(any WritableKeyPath<DosageDraft, String?> & Sendable, String, String)]
    )
    func aMistakeNamesItsField(field: any WritableKeyPath<DosageDraft, String?> & Sendable, typed: String, name: String)
    {
        var draft = DosageDraft()
        draft.unit = "mg"
        draft[keyPath: field] = typed
        #expect(throws: MedicationOrderError.self) { try draft.dosage() }
        do { _ = try draft.dosage() } catch { #expect(error.field == name) }
    }

    @Test func listsNameTheirField() {
        var events = DosageDraft()
        events.events = ["C", "BREAKFAST"]
        #expect(
            throws: MedicationOrderError(
                field: "when",
                reason: "unknown event code 'BREAKFAST' (one of \(EventTiming.codes))"
            )
        ) {
            try events.dosage()
        }
        var days = DosageDraft()
        days.days = ["mo"]
        #expect { try days.dosage() } throws: { ($0 as? MedicationOrderError)?.field == "day" }
        var doseWithoutUnit = DosageDraft()
        doseWithoutUnit.dose = "5"
        #expect { try doseWithoutUnit.dosage() } throws: { ($0 as? MedicationOrderError)?.field == "unit" }
        #expect(DosageDraft().isEmpty)
    }
}
