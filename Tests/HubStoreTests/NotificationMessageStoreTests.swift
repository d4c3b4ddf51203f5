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

    @Test func aReadNotificationEqualsOneMadeWithItsMessageAndWritesItAsAnObject() async throws {
        try await withTemporaryStore { store in
            let message = NotificationMessage.criticalValue(
                threshold: "alert-lab-potassium-critical",
                value: 6.6,
                takenAtMs: 1,
                zone: "Europe/Madrid",
                gain: nil
            )
            _ = try await store.postNotification(Self.draft("k", message), profileId: nil, atMs: 1, timeZone: .gmt)
            let stored = try #require(try await store.notifications(profileId: nil).first)
            // The store writes the message's keys sorted; one made here writes them in declaration order.
            var made = stored
            made.message = message
            #expect(made == stored && made.hashValue == stored.hashValue)
            // `notifications --json` writes the message as an object, and reads back the same notification.
            let json = try JSONEncoder().encode(stored)
            let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
            #expect(object["message"] is [String: Any] && object["messageJSON"] == nil)
            #expect(try JSONDecoder().decode(StoredNotification.self, from: json) == stored)
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
