import Foundation
import Testing

@testable import Importers

/// Issue 21, drill finding 5: import memory grew with the largest single item (a 256 MB attribute took the Apple
/// adapter to 2 GB; the Fitbit and FIT importers read a 1 GB archive member whole). An item past its stated limit is
/// refused with the place and the reason instead.
struct ItemSizeLimitTests {
    @Test func anAttributeOfMoreThan1MiBIsRefusedWithItsPlaceWithoutBeingReadWhole() async throws {
        let huge = String(repeating: "9", count: 3 << 20)
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
             <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" startDate="2024-03-01 07:00:00 +0100" endDate="2024-03-01 07:00:00 +0100" value="80"/>
             <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" startDate="2024-03-02 07:00:00 +0100" endDate="2024-03-02 07:00:00 +0100" value="\(huge)"/>
            </HealthData>

            """
        let result = await AppleHealthTests.parse(text, chunk: 64 << 10)
        let failure = try #require(result.failure as? ImportFailure)
        #expect(failure.reason.contains("more than 1048576 bytes (1 MiB)"), "\(failure.reason)")
        #expect(failure.location.hasPrefix("export.xml:"))
        // What came before the huge record was read.
        #expect(result.records.count == 1)
    }

    @Test func aMemberLargerThanTheStatedLimitIsRefusedBeforeItIsRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("size-limit-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A sparse file of 300 MiB: its size is on record at once, no byte of it is written or read.
        let path = "\(folder)/heart_rate-2024-01-01.json"
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 300 << 20)
        try handle.close()
        let source = try ImportSource(path: folder)
        let member = try #require(source.members.first)
        #expect(member.size == 300 << 20)
        #expect {
            _ = try source.read(member)
        } throws: { error in
            let reason = (error as? ImportFailure)?.reason ?? ""
            return reason.contains("more than the \(ImportSource.maxWholeMemberBytes) bytes")
                && reason.contains("256 MiB")
        }
    }

    @Test func aMemberThatInflatesPastTheLimitIsRefusedAsItGrows() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("size-limit-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(repeating: 0x20, count: 3000).write(to: URL(fileURLWithPath: "\(folder)/a.json"))
        let source = try ImportSource(path: folder)
        var member = try #require(source.members.first)
        member.size = 10  // as a zip entry that declares less than it holds
        #expect(throws: ImportFailure.self) { _ = try source.read(member, limit: 1000) }
    }
}
