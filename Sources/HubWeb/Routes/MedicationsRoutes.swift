import Care
import Clinical
import Foundation
import HubRecords
import HubServices
import Hummingbird

/// The medicines pages and the dose buttons: the list with the entry form, one medicine's page, stopping it, and
/// marking a dose taken (from Today or the medicine's page).
struct MedicationsRoutes {
    let web: WebApp

    func register(on router: Router<WebContext>) {
        router.get("/medications") { request, context in
            guard let session = context.session else { return seeOther("/signin") }
            let layout = await web.layout(context)
            let all = request.uri.queryParameters["all"] != nil
            let (_, orders) = try await web.app.medications.list(
                profile: await web.profileName(context),
                all: all,
                language: layout.language.instructionLanguage
            )
            let page = MedicationsPage(
                layout: layout,
                session: session,
                orders: orders,
                showingAll: all,
                notice: Self.notice(request, layout)
            )
            return htmlResponse(page.render())
        }
        router.post("/medications") { _, context in
            guard let session = context.session else { return seeOther("/signin") }
            let profile = await web.profileName(context)
            let form = context.form
            do {
                let order = MedicationOrder(
                    medication: MedicationCode(name: form.text("name") ?? "", rxNorm: nil),
                    prescriber: Prescriber(text: form.text("prescriber") ?? "self"),
                    reason: form.text("reason"),
                    dosages: [try Self.draft(form).dosage()],
                    note: form.text("note")
                )
                let (_, view) = try await web.app.medications.add(order, profile: profile)
                return seeOther("/medications/\(view.order.id.uuidString.lowercased())?done=medicationAdded")
            } catch {
                let layout = await web.layout(context)
                let problem: String
                switch error {
                case let error as MedicationOrderError: problem = Self.describe(error, layout.language)
                case MedicationsError.invalid(let error): problem = Self.describe(error, layout.language)
                case let error as MedicationsError: problem = layout.language.refusal(error)
                default: throw error
                }
                let (_, orders) = try await web.app.medications.list(
                    profile: profile,
                    language: layout.language.instructionLanguage
                )
                let page = MedicationsPage(
                    layout: layout,
                    session: session,
                    orders: orders,
                    showingAll: false,
                    errors: [problem],
                    values: form
                )
                return htmlResponse(page.render(), status: .unprocessableContent)
            }
        }
        router.get("/medications/:id") { request, context in
            guard let session = context.session else { return seeOther("/signin") }
            let id = try context.parameters.require("id")
            let profile = await web.profileName(context)
            let layout = await web.layout(context)
            let view: MedicationsService.OrderView
            let stored: StoredProfile
            do {
                (stored, view) = try await web.app.medications.show(
                    id,
                    profile: profile,
                    language: layout.language.instructionLanguage
                )
            } catch is MedicationsError {
                throw HTTPError(.notFound)
            }
            let (_, today, due) = try await web.app.doses.due(
                profile: profile,
                language: layout.language.instructionLanguage
            )
            let (_, report) = try await web.app.adherence.report(
                profile: profile,
                by: .day,
                from: today.adding(days: -13),
                through: today
            )
            let (_, log) = try await web.app.doses.list(id, profile: profile)
            let page = MedicationPage(
                layout: layout,
                session: session,
                view: view,
                dueToday: due.filter { $0.dose.orderId == view.order.id },
                adherence: report.orders.first { $0.orderId == view.order.id },
                log: log.map(\.0),
                zone: try stored.profile.timeZone(),
                notice: Self.notice(request, layout)
            )
            return htmlResponse(page.render())
        }
        router.post("/medications/:id/stop") { _, context in
            guard context.session != nil else { return seeOther("/signin") }
            let id = try context.parameters.require("id")
            do {
                _ = try await web.app.medications.stop(id, profile: await web.profileName(context))
            } catch is MedicationsError {
                throw HTTPError(.notFound)
            }
            return seeOther("/medications?done=medicationStopped")
        }
        router.post("/doses/take") { _, context in
            guard context.session != nil else { return seeOther("/signin") }
            let form = context.form
            let back = Self.localPath(form.text("return"))
            do {
                let date: CalendarDate?
                do { date = try form.text("date").map { try CalendarDate(parsing: $0) } } catch {
                    throw MedicationsError.invalid(MedicationOrderError(field: "date", reason: "\(error)"))
                }
                _ = try await web.app.doses.take(
                    form.text("order") ?? "",
                    slot: form.text("slot"),
                    date: date,
                    profile: await web.profileName(context)
                )
            } catch let error as MedicationsError {
                let layout = await web.layout(context)
                let page = layout.page(
                    title: layout.language.text(.errorHeading),
                    path: back,
                    errors: [layout.language.refusal(error)],
                    body: "<p><a href=\"\(esc(back))\">\(layout.language.text(.navToday))</a></p>"
                )
                return htmlResponse(page, status: .unprocessableContent)
            }
            return seeOther(back + "?done=doseTaken")
        }
    }

    /// The form as a dosage draft (its field names are the draft's).
    static func draft(_ form: FormFields) -> DosageDraft {
        var draft = DosageDraft()
        draft.dose = form.text("dose")
        draft.unit = draft.dose == nil ? nil : form.text("unit")
        draft.route = form.text("route")
        draft.frequency = form.text("frequency")
        // The period and its unit have defaults in the form (1 day); they count only with a frequency.
        if draft.frequency != nil {
            draft.period = form.text("period")
            draft.periodUnit = form.text("periodUnit")
        }
        draft.events = form.texts("when")
        draft.offset = form.text("offset")
        draft.times = form.texts("time")
        draft.dialysisDays = form.text("dialysisDays")
        draft.asNeeded = form.text("asNeeded") != nil
        draft.asNeededFor = form.text("asNeededFor")
        return draft
    }

    /// An order's error with the form's label for its field (`dosages[0].timing.periodUnit` reads "Period").
    static func describe(_ error: MedicationOrderError, _ language: Language) -> String {
        let last = error.field.split(separator: ".").last.map(String.init) ?? error.field
        let name = last.replacing(/\[\d+\]/, with: "")
        let labels: [String: MessageKey] = [
            "name": .medicationName, "medication": .medicationName, "dose": .doseAmount, "unit": .doseUnit,
            "route": .route, "frequency": .timesPerPeriod, "period": .periodLength, "periodUnit": .periodUnit,
            "when": .withEvents, "offset": .eventOffset, "time": .timesOfDay, "timeOfDay": .timesOfDay,
            "dialysisDays": .whichDays, "days": .whichDays, "asNeeded": .onlyWhenNeeded, "offsetMinutes": .eventOffset,
        ]
        // The reason is the command line's English: other languages name the field and say it is not accepted.
        guard language == .english else { return language.refusal(error) }
        guard let key = labels[name] else { return error.description }
        return "\(language.text(key)): \(error.reason)"
    }

    /// A path of this app to go back to; anything else (another site, a scheme) is Today.
    static func localPath(_ text: String?) -> String {
        guard let text, text.hasPrefix("/"), !text.hasPrefix("//"), !text.contains("\\"),
            text.allSatisfy({ $0.isLetter || $0.isNumber || "/-".contains($0) })
        else { return "/today" }
        return text
    }

    private static func notice(_ request: Request, _ layout: Layout) -> String? {
        request.uri.queryParameters["done"].flatMap { MessageKey(rawValue: String($0)) }.map(layout.language.text)
    }
}
