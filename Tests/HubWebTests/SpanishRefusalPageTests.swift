import Care
import Foundation
import HTTPTypes
import HubRecords
import HubServices
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import HubWeb

/// Pages in Spanish that refuse what was typed: the refusal is Spanish (no English words of the catalogue and none of
/// the application layer's), the form keeps what was typed, and an unusual blood pressure is stored once confirmed.
@Suite struct SpanishRefusalPageTests {
    /// A store past its first run, shown in Spanish, with a signed-in session.
    private static func spanishWorld() async throws -> (WebWorld, cookie: String, csrf: String) {
        let world = try WebWorld()
        try await world.finishFirstRun()
        try await world.app.webAccess.setLanguage("es")
        let (cookie, csrf) = await world.signedIn()
        return (world, cookie, csrf)
    }

    /// The English words of the catalogue a Spanish page must not show: every fixed part (between arguments) of ten
    /// or more characters of a message whose English and Spanish differ.
    static let englishFragments: [String] = MessageKey.allCases.flatMap { key -> [String] in
        guard let english = English.messages[key], english != Spanish.messages[key] else { return [] }
        return english.components(separatedBy: "%@").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.count >= 10 }
    }

    /// The part of a page that announces errors.
    private static func errors(_ page: String) -> String {
        guard let start = page.range(of: "<div id=\"errors\""), let end = page[start.upperBound...].range(of: "</div>")
        else { return "" }
        return String(page[start.lowerBound..<end.upperBound])
    }

    private static func expectNoEnglish(_ page: String, besides words: [String] = [], _ what: String) {
        for fragment in englishFragments where page.contains(fragment) {
            Issue.record("\(what): English “\(fragment)” on a Spanish page")
        }
        for word in words { #expect(!page.contains(word), "\(what): the application layer's “\(word)”") }
    }

    @Test func aGoalTemplateNotOfferedIsRefusedInSpanish() async throws {
        let (world, cookie, csrf) = try await Self.spanishWorld()
        defer { world.remove() }
        let (status, page) = try await world.post("/goals", "template=no-such-goal", cookie: cookie, csrf: csrf)
        #expect(status == .unprocessableContent)
        #expect(Self.errors(page).contains("No hay ningún objetivo «no-such-goal» para este perfil."))
        Self.expectNoEnglish(page, besides: ["no template", "offered:"], "goal")
        // The search can fail: the English of this very refusal is among the words it looks for.
        #expect(Self.englishFragments.count > 100)
        #expect(Self.englishFragments.contains { $0.hasSuffix("for this profile.") })
    }

    @Test func aMedicineWithoutItsDoseUnitIsRefusedInSpanishAndKeepsWhatWasTyped() async throws {
        let (world, cookie, csrf) = try await Self.spanishWorld()
        defer { world.remove() }
        let (status, page) = try await world.post(
            "/medications",
            "name=Calcitriol&dose=0.25&frequency=1",
            cookie: cookie,
            csrf: csrf
        )
        #expect(status == .unprocessableContent)
        #expect(Self.errors(page).contains("este valor no se admite; revíselo."))
        #expect(page.contains("value=\"Calcitriol\""))
        #expect(page.contains("value=\"0.25\""))
        Self.expectNoEnglish(page, besides: ["a dose needs", "dosages["], "medication")
    }

    @Test func aDuplicateLabAndAMistypedDateAreRefusedInSpanish() async throws {
        let (world, cookie, csrf) = try await Self.spanishWorld()
        defer { world.remove() }
        let form = "analyte=potassium&value=4.8&unit=mmol%2FL&date=2026-11-02"
        let (first, _) = try await world.post("/labs", form, cookie: cookie, csrf: csrf)
        #expect(first == .seeOther)
        let (status, page) = try await world.post("/labs", form, cookie: cookie, csrf: csrf)
        #expect(status == .unprocessableContent)
        #expect(Self.errors(page).contains("Ya hay un resultado de Potasio tomado el lunes, 2 de noviembre de 2026"))
        #expect(page.contains("value=\"4.8\""))
        Self.expectNoEnglish(page, besides: ["already has", "result taken at"], "duplicate lab")
        let (mistyped, typed) = try await world.post(
            "/labs",
            "analyte=potassium&value=4.8&date=2-11-2026",
            cookie: cookie,
            csrf: csrf
        )
        #expect(mistyped == .unprocessableContent)
        #expect(Self.errors(typed).contains("Fecha: «2-11-2026» no es una fecha, como 2026-11-17."))
        #expect(typed.contains("value=\"2-11-2026\""))
        Self.expectNoEnglish(typed, besides: ["is neither"], "lab date")
    }

    @Test func aReportPeriodWithAMistypedDateIsRefusedInSpanish() async throws {
        let (world, cookie, csrf) = try await Self.spanishWorld()
        defer { world.remove() }
        let (status, page) = try await world.post("/reports", "from=yesterday", cookie: cookie, csrf: csrf)
        #expect(status == .unprocessableContent)
        #expect(Self.errors(page).contains("«yesterday» no es una fecha, como 2026-11-17."))
        Self.expectNoEnglish(page, "report")
    }

    @Test func anUnusualBloodPressureAsksForConfirmationKeepsItAndIsStoredOnceConfirmed() async throws {
        let (world, cookie, csrf) = try await Self.spanishWorld()
        defer { world.remove() }
        // 285 mmHg is above the usual 60–279 of home cuffs and below the 300 nothing is stored above.
        let typed = "systolic=285&diastolic=95&pulse=70"
        let (status, page) = try await world.post("/blood-pressure", typed, cookie: cookie, csrf: csrf)
        #expect(status == .unprocessableContent)
        #expect(Self.errors(page).contains("Sistólica (mmHg): 285 está fuera del intervalo habitual"))
        #expect(page.contains("id=\"confirm-unusual\""))
        #expect(page.contains("Sí, es correcta: guardarla"))
        for value in ["285", "95", "70"] { #expect(page.contains("value=\"\(value)\"")) }
        Self.expectNoEnglish(page, besides: ["home blood pressure cuffs"], "unusual blood pressure")
        #expect(try await world.app.bloodPressure.list(days: nil, profile: nil).readings.isEmpty)
        // A usual refusal (diastolic above systolic) offers no confirmation.
        let (_, inverted) = try await world.post(
            "/blood-pressure",
            "systolic=90&diastolic=120",
            cookie: cookie,
            csrf: csrf
        )
        #expect(!inverted.contains("id=\"confirm-unusual\""))
        let (confirmed, _) = try await world.post(
            "/blood-pressure",
            typed + "&confirm=yes",
            cookie: cookie,
            csrf: csrf
        )
        #expect(confirmed == .seeOther)
        let stored = try await world.app.bloodPressure.list(days: nil, profile: nil).readings
        #expect(stored.count == 1)
    }

    @Test func aDrinkWithoutANumberIsRefusedOnThePageInSpanish() async throws {
        let (world, cookie, csrf) = try await Self.spanishWorld()
        defer { world.remove() }
        let (status, page) = try await world.post(
            "/fluid",
            "amount=mucho&what=t%C3%A9",
            cookie: cookie,
            csrf: csrf
        )
        #expect(status == .unprocessableContent)
        #expect(Self.errors(page).contains(Language.spanish.text(.notANumber)))
        #expect(page.contains("value=\"mucho\"") && page.contains("value=\"té\""))
        Self.expectNoEnglish(page, besides: ["Give the amount"], "drink")
        #expect(try await world.todayTotal() == 0)
    }

    @Test func aProfileWithAnImpossibleHeightAndBirthDateIsRefusedInSpanishWithWhatWasTyped() async throws {
        let (world, cookie, csrf) = try await Self.spanishWorld()
        defer { world.remove() }
        let (status, page) = try await world.post(
            "/setup/profile",
            "name=Luis&height=900&birth_date=31-02-1950",
            cookie: cookie,
            csrf: csrf
        )
        #expect(status == .unprocessableContent)
        let errors = Self.errors(page)
        #expect(errors.contains("Estatura (cm): 900 está fuera del intervalo admitido (de 50 a 250 cm)."))
        #expect(errors.contains("Fecha de nacimiento: este valor no se admite; revíselo."))
        for value in ["Luis", "900", "31-02-1950"] { #expect(page.contains("value=\"\(value)\"")) }
        Self.expectNoEnglish(page, besides: ["heightCentimeters", "input(birthDate)"], "profile")
    }

    @Test func anImpossibleWeightKeepsWhatWasTyped() async throws {
        let (world, cookie, csrf) = try await Self.spanishWorld()
        defer { world.remove() }
        let (status, page) = try await world.post(
            "/weight",
            "value=700&unit=kg&phase=pre&at=2026-11-02T07%3A10",
            cookie: cookie,
            csrf: csrf
        )
        #expect(status == .unprocessableContent)
        #expect(page.contains("value=\"700\""))
        #expect(page.contains("value=\"2026-11-02T07:10\""))
        #expect(page.contains("<option value=\"pre\" selected>"))
        Self.expectNoEnglish(page, "weight")
    }

    @Test func aMistypedTimeOfAWeightIsRefusedInSpanish() async throws {
        let (world, cookie, csrf) = try await Self.spanishWorld()
        defer { world.remove() }
        let (status, page) = try await world.post("/weight", "value=71.5&at=ayer", cookie: cookie, csrf: csrf)
        #expect(status == .unprocessableContent)
        #expect(Self.errors(page).contains("«ayer» no es una fecha y hora, como 2026-11-17 07:10."))
        #expect(page.contains("value=\"71.5\"") && page.contains("value=\"ayer\""))
        Self.expectNoEnglish(page, besides: ["is neither", "RFC 3339"], "weight time")
    }

    @Test func aFoodAmountInAMeasureItHasNotIsRefusedInSpanishAndALogWithoutANumberGoesBackToTheForm() async throws {
        let (world, cookie, csrf) = try await Self.spanishWorld()
        defer { world.remove() }
        let headers = WebWorld.headers(cookie: cookie)
        let hits = try await world.app.foods.search("banana", profile: nil, limit: 1)
        let id = try #require(hits.first).food.id
        let page: String = try await world.test { client in
            try await client.execute(
                uri: "/food?food=\(id)&unit=barrel&amount=2&meal=lunch",
                method: .get,
                headers: headers
            ) { response in
                #expect(response.status == .unprocessableContent)
                return response.body.text
            }
        }
        #expect(Self.errors(page).contains("Cantidad: esta cantidad no se puede medir así"))
        #expect(page.contains("value=\"2\""))
        Self.expectNoEnglish(page, besides: ["unknown unit", "not a unit"], "food amount")
        // Logging a portion whose amount is not a number goes back to the portion form with what was typed.
        let (status, location) = try await world.test { client in
            try await client.execute(
                uri: "/food/log",
                method: .post,
                headers: WebWorld.headers(cookie: cookie, form: true),
                body: ByteBuffer(string: "food=\(id)&unit=g&amount=mucho&meal=lunch&csrf=\(csrf)")
            ) { ($0.status, $0.headers[.location]) }
        }
        #expect(status == .seeOther)
        #expect(location == "/food?food=\(id)&unit=g&amount=mucho&meal=lunch")
        #expect(try await world.app.intake.day(.today, profile: nil).intake.nutrients[.potassium].value == 0)
    }

    @Test func aBrowsersPictureThatIsNotAnImageIsRefusedOnTheProfilesPageInSpanish() async throws {
        let (world, cookie, csrf) = try await Self.spanishWorld()
        defer { world.remove() }
        var fields = WebWorld.headers(cookie: cookie)
        fields[.contentType] = "multipart/form-data; boundary=\(UploadTests.boundary)"
        fields[.accept] = "text/html,application/xhtml+xml"
        let headers = fields
        let body = UploadTests.multipart(
            fileName: "lista.png",
            type: "image/png",
            bytes: Array("Leche, pan, manzanas.\n".utf8)
        )
        let (status, page) = try await world.test { client in
            try await client.execute(uri: "/profiles/avatar?csrf=\(csrf)", method: .post, headers: headers, body: body)
            {
                ($0.status, $0.body.text)
            }
        }
        #expect(status == .unsupportedMediaType)
        #expect(Self.errors(page).contains("Foto: «lista.png» no es una imagen PNG, JPEG, GIF ni WebP."))
        Self.expectNoEnglish(page, besides: ["Not an image"], "picture")
    }
}
