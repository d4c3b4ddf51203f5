import Clinical
import Foundation
import HubServices
import Hummingbird
import NIOCore
import Reports

/// The reports page: make the PDF for a period, list the profile's reports, download one.
struct ReportsRoutes {
    let web: WebApp

    func register(on router: Router<WebContext>) {
        router.get("/reports") { request, context in
            guard let session = context.session else { return seeOther("/signin") }
            let layout = await web.layout(context)
            let kept = try await web.app.reports().kept(profile: await web.profileName(context))
            let notice = request.uri.queryParameters["done"].flatMap { MessageKey(rawValue: String($0)) }
                .map { layout.language.text($0) }
            return htmlResponse(
                ReportsPage(layout: layout, session: session, reports: kept.reports, notice: notice).render()
            )
        }
        router.post("/reports") { _, context in
            guard let session = context.session else { return seeOther("/signin") }
            let form = context.form
            let profile = await web.profileName(context)
            let layout = await web.layout(context)
            var errors: [String] = []
            var days: [String: CalendarDate] = [:]
            for field in ["from", "through"] {
                guard let text = form.text(field) else { continue }
                do { days[field] = try CalendarDate(parsing: text) } catch {
                    let label = layout.language.text(field == "from" ? .fromDate : .throughDate)
                    errors.append(layout.language.text(.refusedNotADate, label, text))
                }
            }
            if errors.isEmpty {
                do {
                    let mailTo = form.text("mailTo")
                    _ = try await web.app.reports().makePDF(
                        ReportsService.Request(
                            profile: profile,
                            from: days["from"],
                            through: days["through"],
                            mailTo: mailTo
                        )
                    )
                    return seeOther(mailTo == nil ? "/reports?done=reportMade" : "/reports?done=reportMailed")
                } catch let error as ReportsService.Failure {
                    errors.append(layout.language.refusal(error))
                }
            }
            let kept = try await web.app.reports().kept(profile: profile)
            return htmlResponse(
                ReportsPage(layout: layout, session: session, reports: kept.reports, errors: errors, values: form)
                    .render(),
                status: .unprocessableContent
            )
        }
        router.get("/reports/export/:format") { _, context in
            guard context.session != nil else { return seeOther("/signin") }
            guard let format = context.parameters.get("format").flatMap(ExportService.Format.init(rawValue:)) else {
                return Response(status: .notFound)
            }
            let download = try await web.app.exports.download(format, profile: await web.profileName(context))
            // As for a PDF: only characters a Content-Disposition header carries as they are.
            let name = download.fileName.filter { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }
            return Response(
                status: .ok,
                headers: [
                    .contentType: download.contentType,
                    .contentDisposition: "attachment; filename=\"\(name)\"",
                    .cacheControl: "no-store",
                ],
                body: .init(byteBuffer: ByteBuffer(bytes: download.bytes))
            )
        }
        router.get("/reports/:file") { _, context in
            guard context.session != nil else { return seeOther("/signin") }
            let file = context.parameters.get("file") ?? ""
            guard file.hasSuffix(".pdf"), let number = Int(file.dropLast(4)) else {
                return Response(status: .notFound)
            }
            do {
                let (entry, bytes) = try await web.app.reports().pdf(
                    number: number,
                    profile: await web.profileName(context)
                )
                let name = URL(fileURLWithPath: entry.path).lastPathComponent
                    .filter { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }
                return Response(
                    status: .ok,
                    headers: [
                        .contentType: "application/pdf",
                        .contentDisposition: "attachment; filename=\"\(name)\"",
                    ],
                    body: .init(byteBuffer: ByteBuffer(bytes: bytes))
                )
            } catch is ReportsService.KeptError {
                return Response(status: .notFound)
            }
        }
    }
}
