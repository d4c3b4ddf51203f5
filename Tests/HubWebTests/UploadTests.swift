import Foundation
import HTTPTypes
import HubServices
import HubWeb
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// The avatar upload: only images, only up to the limit; a refusal names the field and stores nothing.
@Suite struct UploadTests {
    static let boundary = "kidneyhub-test-boundary"

    static func multipart(fileName: String, type: String, bytes: [UInt8]) -> ByteBuffer {
        var body = ByteBuffer()
        body.writeString(
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"avatar\"; filename=\"\(fileName)\"\r\n"
                + "Content-Type: \(type)\r\n\r\n"
        )
        body.writeBytes(bytes)
        body.writeString("\r\n--\(boundary)--\r\n")
        return body
    }

    func upload(_ world: WebWorld, _ body: ByteBuffer, expect status: HTTPResponse.Status) async throws {
        let (cookie, csrf) = await world.signedIn()
        var fields = WebWorld.headers(cookie: cookie)
        fields[.contentType] = "multipart/form-data; boundary=\(Self.boundary)"
        let headers = fields
        try await world.test { client in
            try await client.execute(uri: "/profiles/avatar?csrf=\(csrf)", method: .post, headers: headers, body: body)
            {
                response in
                #expect(response.status == status)
                if status != .seeOther { #expect(response.body.text.contains("\"field\":\"avatar\"")) }
            }
        }
    }

    @Test func aTextFileCalledPNGIsRefusedAsNotAnImage() async throws {
        let world = try WebWorld()
        defer { world.remove() }
        try await world.finishFirstRun()
        let text = Array("This is a shopping list, not a picture.\n".utf8)
        try await upload(
            world,
            Self.multipart(fileName: "me.png", type: "image/png", bytes: text),
            expect: .unsupportedMediaType
        )
        await #expect(throws: (any Error).self) { try await world.app.profiles.avatar(nil) }
    }

    @Test func anImageOverTheLimitIsRefusedAsTooLarge() async throws {
        let world = try WebWorld()
        defer { world.remove() }
        try await world.finishFirstRun()
        let png: [UInt8] =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0, count: 6 * 1024 * 1024)
        try await upload(
            world,
            Self.multipart(fileName: "big.png", type: "image/png", bytes: png),
            expect: .contentTooLarge
        )
        await #expect(throws: (any Error).self) { try await world.app.profiles.avatar(nil) }
    }
}
