import Foundation
import HTTPTypes
import HubServices
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import HubWeb

/// The export upload of the import page: only export formats (by their first bytes), only up to the limit; a refusal
/// names the field; and the progress feed the page's stream reads.
@Suite struct ImportUploadTests {
    static let boundary = "kidneyhub-import-boundary"

    static func multipart(fileName: String, bytes: [UInt8]) -> ByteBuffer {
        var body = ByteBuffer()
        body.writeString(
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"export\"; filename=\"\(fileName)\"\r\n"
                + "Content-Type: application/octet-stream\r\n\r\n"
        )
        body.writeBytes(bytes)
        body.writeString("\r\n--\(boundary)--\r\n")
        return body
    }

    @Test func exportsAreKnownByTheirFirstBytesAndOtherFilesAreNot() {
        let fit: [UInt8] = [14, 0x10, 0, 0, 0, 0, 0, 0] + Array(".FIT".utf8) + [0, 0]
        #expect(UploadPolicy.exportType(of: fit, fileName: "activity.fit") == "application/vnd.ant.fit")
        #expect(UploadPolicy.exportType(of: [0x50, 0x4B, 0x03, 0x04, 0], fileName: "export.zip") == "application/zip")
        let health = Array("<?xml version=\"1.0\"?>\n<!DOCTYPE HealthData [\n]>\n<HealthData locale=\"en_US\">".utf8)
        #expect(UploadPolicy.exportType(of: health, fileName: "export.xml") == "application/xml")
        #expect(UploadPolicy.exportType(of: health, fileName: "export.txt") == nil)
        #expect(UploadPolicy.exportType(of: Array("<?xml version=\"1.0\"?><note/>".utf8), fileName: "a.xml") == nil)
        #expect(UploadPolicy.exportType(of: Array("potassium 5.1\n".utf8), fileName: "notes.fit") == nil)
    }

    @Test func aTextFileIsRefusedNamingTheFieldAndAnOversizedOneAsTooLarge() async throws {
        let world = try WebWorld()
        defer { world.remove() }
        try await world.finishFirstRun()
        let (cookie, csrf) = await world.signedIn()
        var fields = WebWorld.headers(cookie: cookie)
        fields[.contentType] = "multipart/form-data; boundary=\(Self.boundary)"
        let headers = fields
        let text = Self.multipart(fileName: "notes.txt", bytes: Array("potassium 5.1 on Tuesday\n".utf8))
        try await world.test { client in
            try await client.execute(uri: "/import?csrf=\(csrf)", method: .post, headers: headers, body: text) {
                #expect($0.status == .unsupportedMediaType)
                #expect($0.body.text.contains("Export file: “notes.txt” is not an Apple Health export"))
            }
            // A zip over the limit (the browser test sends a false Content-Length; the router's test client sets
            // the real one): refused once the body passes the limit.
            let zip: [UInt8] = [0x50, 0x4B, 0x03, 0x04] + Array(repeating: 0, count: UploadPolicy.exportLimit + 16)
            let large = Self.multipart(fileName: "export.zip", bytes: zip)
            try await client.execute(uri: "/import?csrf=\(csrf)", method: .post, headers: headers, body: large) {
                #expect($0.status == .contentTooLarge)
                #expect($0.body.text.contains("Export file: the file is larger than 64 MB."))
            }
        }
    }

    @Test func theProgressFeedKeepsTheNewestReportsInOrder() {
        let feed = DeviceProgressFeed()
        #expect(feed.latestSequence == 0)
        feed.record(adapterId: "simulator", token: "sync:sim-scale-1", stage: .begin, done: 0, total: 3)
        let start = feed.latestSequence
        feed.record(adapterId: "simulator", token: "sync:sim-scale-1", stage: .report, done: 3, total: 3)
        #expect(feed.entries(after: start).map(\.done) == [3])
        for index in 0..<(DeviceProgressFeed.capacity + 10) {
            feed.record(adapterId: "apple-health", token: "import", stage: .report, done: index, total: nil)
        }
        let kept = feed.entries(after: 0)
        #expect(kept.count == DeviceProgressFeed.capacity)
        #expect(kept.last?.done == DeviceProgressFeed.capacity + 9)
        #expect(zip(kept, kept.dropFirst()).allSatisfy { $0.sequence + 1 == $1.sequence })
    }
}
