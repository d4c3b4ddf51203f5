import Care
import Foundation
import GRDB
import HubRecords
import HubStore
import Testing

/// Migration v19: a notification's message is stored beside its English words and read back; a row without one, or
/// with one a newer hub wrote, reads back with none and still opens.
struct NotificationMessageStoreTests {
    static func draft(_ key: String, _ message: NotificationMessage?) -> NotificationDraft {
        NotificationDraft(type: .alert, title: "T \(key)", body: "B \(key)", dedupeKey: key, message: message)
    }

    @Test func aMessageIsStoredAndReadBackBesideItsWords() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("hub/db.sqlite").path
            let store = try HubDatabase.open(atPath: path)
            let message = NotificationMessage.doseNotTaken(name: "sevelamer", time: "08:00", minutes: 60)
            for draft in [Self.draft("with", message), Self.draft("without", nil), Self.draft("newer", message)] {
                _ = try await store.postNotification(draft, profileId: nil, atMs: 1, timeZone: .gmt)
            }
            // What a newer hub might write: a case this build does not know.
            let queue = try DatabaseQueue(path: path)
            try await queue.write { db in
                try db.execute(
                    sql: "UPDATE notification SET message = ? WHERE dedupeKey = 'newer'",
                    arguments: [#"{"somethingNewer":{"level":3}}"#]
                )
            }
            try queue.close()
            let stored = try await store.notifications(profileId: nil)
            let byTitle = Dictionary(uniqueKeysWithValues: stored.map { ($0.title, $0) })
            #expect(byTitle["T with"]?.message == message)
            #expect(byTitle["T without"].map { $0.message == nil } == true)
            #expect(byTitle["T newer"].map { $0.message == nil && $0.body == "B newer" } == true)
        }
    }

    @Test func aMessageThatIsNotJSONIsRefusedByTheTable() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("hub/db.sqlite").path
            let store = try HubDatabase.open(atPath: path)
            _ = try await store.postNotification(Self.draft("k", nil), profileId: nil, atMs: 1, timeZone: .gmt)
            let queue = try DatabaseQueue(path: path)
            defer { try? queue.close() }
            #expect(throws: DatabaseError.self) {
                try queue.write { db in try db.execute(sql: "UPDATE notification SET message = 'not json'") }
            }
        }
    }
}
