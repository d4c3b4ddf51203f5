import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices
import Hummingbird
import NIOCore

/// The avatar upload: a multipart form, limited in size and to images; the application layer makes the thumbnail.
struct AvatarRoutes {
    let web: WebApp

    func register(on router: Router<WebContext>) {
        router.post("/profiles/avatar") { request, context in try await upload(request, context) }
    }

    private func upload(_ request: Request, _ context: WebContext) async throws -> Response {
        let language = await web.language()
        let megabytes = language.number(Double(UploadPolicy.avatarLimit / 1024 / 1024))
        let tooLarge = Refusal(
            problem: Problem(
                status: .contentTooLarge,
                title: "Image too large",
                detail: "The avatar may be at most \(UploadPolicy.avatarLimit / 1024 / 1024) MB.",
                field: "avatar"
            ),
            words: language.text(.avatarTooLarge, megabytes)
        )
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > UploadPolicy.avatarLimit + 16_384
        {
            return try await refuse(tooLarge, request, context)
        }
        guard let boundary = request.headers[.contentType].flatMap(Multipart.boundary(of:)) else {
            let problem = Problem(
                status: .unsupportedMediaType,
                title: "Send the form as multipart/form-data",
                field: "avatar"
            )
            return try await refuse(Refusal(problem: problem, words: language.text(.avatarMissing)), request, context)
        }
        var request = request
        guard let body = try? await request.collectBody(upTo: UploadPolicy.avatarLimit + 16_384) else {
            return try await refuse(tooLarge, request, context)
        }
        guard
            let file = Multipart.files(in: Array(buffer: body), boundary: boundary).first(where: {
                $0.field == "avatar"
            }),
            !file.bytes.isEmpty
        else {
            let problem = Problem(status: .unprocessableContent, title: "No image chosen", field: "avatar")
            return try await refuse(Refusal(problem: problem, words: language.text(.avatarMissing)), request, context)
        }
        guard file.bytes.count <= UploadPolicy.avatarLimit else { return try await refuse(tooLarge, request, context) }
        guard UploadPolicy.imageType(of: file.bytes) != nil else {
            let problem = Problem(
                status: .unsupportedMediaType,
                title: "Not an image",
                detail: "'\(file.fileName)' is not a PNG, JPEG, GIF or WebP image.",
                field: "avatar"
            )
            let words = language.text(.avatarNotImage, file.fileName)
            return try await refuse(Refusal(problem: problem, words: words), request, context)
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kidneyhub-upload-\(UUID().uuidString)"
        )
        // Owner-only, as the import's upload: other local users can list the temporary folder.
        try FileManager.default.createDirectory(
            at: folder,
            withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700]
        )
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = file.fileName.split(separator: "/").last.map(String.init) ?? "avatar"
        let path = folder.appendingPathComponent(name.isEmpty ? "avatar" : name).path
        try Data(file.bytes).write(to: URL(fileURLWithPath: path))
        var changes = ProfileChanges()
        changes.profile = await web.profileName(context)
        changes.avatarPath = path
        do {
            _ = try await web.app.profiles.save(changes)
        } catch let error as ProfileError {
            let problem = Problem(
                status: .unprocessableContent,
                title: "Avatar not saved",
                detail: error.description,
                field: "avatar"
            )
            return try await refuse(Refusal(problem: problem, words: language.refusal(error)), request, context)
        }
        return seeOther("/profiles")
    }

    /// A refused upload: the problem details for a program, and the same in the page's language.
    private struct Refusal {
        var problem: Problem
        var words: String
    }

    /// The profiles page with the refusal in the page's language for a browser's form (it accepts HTML), else the
    /// problem details.
    private func refuse(_ refusal: Refusal, _ request: Request, _ context: WebContext) async throws -> Response {
        guard let session = context.session, request.headers[.accept]?.contains("text/html") == true else {
            return refusal.problem.response()
        }
        let page = ProfilesPage(
            layout: await web.layout(context),
            session: session,
            profiles: try await web.app.profiles.list(),
            current: await web.profileName(context),
            errors: [refusal.words]
        )
        return htmlResponse(page.render(), status: HTTPResponse.Status(code: refusal.problem.status))
    }
}
