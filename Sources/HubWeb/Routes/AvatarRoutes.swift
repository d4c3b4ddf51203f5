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
        let tooLarge = Problem(
            status: .contentTooLarge,
            title: "Image too large",
            detail: "The avatar may be at most \(UploadPolicy.avatarLimit / 1024 / 1024) MB.",
            field: "avatar"
        )
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > UploadPolicy.avatarLimit + 16_384
        {
            return tooLarge.response()
        }
        guard let boundary = request.headers[.contentType].flatMap(Multipart.boundary(of:)) else {
            return Problem(
                status: .unsupportedMediaType,
                title: "Send the form as multipart/form-data",
                field: "avatar"
            )
            .response()
        }
        var request = request
        guard let body = try? await request.collectBody(upTo: UploadPolicy.avatarLimit + 16_384) else {
            return tooLarge.response()
        }
        guard
            let file = Multipart.files(in: Array(buffer: body), boundary: boundary).first(where: {
                $0.field == "avatar"
            }),
            !file.bytes.isEmpty
        else {
            return Problem(status: .unprocessableContent, title: "No image chosen", field: "avatar").response()
        }
        guard file.bytes.count <= UploadPolicy.avatarLimit else { return tooLarge.response() }
        guard UploadPolicy.imageType(of: file.bytes) != nil else {
            return Problem(
                status: .unsupportedMediaType,
                title: "Not an image",
                detail: "'\(file.fileName)' is not a PNG, JPEG, GIF or WebP image.",
                field: "avatar"
            ).response()
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
            return Problem(
                status: .unprocessableContent,
                title: "Avatar not saved",
                detail: error.description,
                field: "avatar"
            )
            .response()
        }
        return seeOther("/profiles")
    }
}
