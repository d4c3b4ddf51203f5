import Foundation
import HTTPTypes
import HubServices
import Hummingbird
import NIOCore

/// The import page and its upload: a multipart form whose one file, limited in size and to export formats (by its
/// first bytes, not its declared type), is imported through the import service; the answer is the page with the
/// report, or with the error naming the field.
struct ImportRoutes {
    let web: WebApp

    func register(on router: Router<WebContext>) {
        router.get("/import") { _, context in
            guard let session = context.session else { return seeOther("/signin") }
            return htmlResponse(ImportPage(layout: await web.layout(context), session: session).render())
        }
        router.post("/import") { request, context in
            guard let session = context.session else { return seeOther("/signin") }
            return try await upload(request, layout: await web.layout(context), session: session)
        }
    }

    private func upload(_ request: Request, layout: Layout, session: WebSession) async throws -> Response {
        let language = layout.language
        let t = language.text
        let refused = { (message: String, status: HTTPResponse.Status) in
            htmlResponse(ImportPage(layout: layout, session: session, errors: [message]).render(), status: status)
        }
        let tooLarge = refused(
            layout.language.text(.uploadTooLarge, language.number(Double(UploadPolicy.exportLimit) / 1024 / 1024)),
            .contentTooLarge
        )
        // Room for the form's other parts and the part headers around the file.
        let bodyLimit = UploadPolicy.exportLimit + 16_384
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > bodyLimit { return tooLarge }
        guard let boundary = request.headers[.contentType].flatMap(Multipart.boundary(of:)) else {
            return refused(t(.uploadMissing), .unsupportedMediaType)
        }
        var request = request
        guard let body = try? await request.collectBody(upTo: bodyLimit) else { return tooLarge }
        guard
            let file = Multipart.files(in: Array(buffer: body), boundary: boundary).first(where: {
                $0.field == "export"
            }),
            !file.bytes.isEmpty
        else {
            return refused(t(.uploadMissing), .unprocessableContent)
        }
        guard file.bytes.count <= UploadPolicy.exportLimit else { return tooLarge }
        // Only the last component of the name the browser sent: the file recognizer reads the name (*.xml, *.fit).
        let name = file.fileName.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        guard UploadPolicy.exportType(of: file.bytes, fileName: name) != nil else {
            return refused(layout.language.text(.uploadNotExport, name), .unsupportedMediaType)
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kidneyhub-import-\(UUID().uuidString)"
        )
        // Owner-only: the export is the patient's health record, and other local users can list the temporary folder.
        try FileManager.default.createDirectory(
            at: folder,
            withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700]
        )
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(name.isEmpty || name.hasPrefix(".") ? "export" : name).path
        try Data(file.bytes).write(to: URL(fileURLWithPath: path))
        do {
            let summary = try await web.app.imports(web.adapters).importExport(path: path)
            let page = ImportPage(layout: layout, session: session, report: (summary, name))
            return htmlResponse(page.render())
        } catch let error as ImportRefused {
            // The reason is the adapter's or the hub's English: other languages name the file and what to check.
            let words =
                language == .english ? language.text(.importRefused, error.reason) : language.text(.importNotRead, name)
            return refused(words, .unprocessableContent)
        }
    }
}
