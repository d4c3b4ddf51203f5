import Care
import Clinical
import Foundation
import GRDB
import HubCore
import HubRecords

enum GoalJSON {
    static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func decode<T: Decodable>(_ type: T.Type, _ text: String, table: String, id: Int64) throws -> T {
        do {
            return try JSONDecoder().decode(T.self, from: Data(text.utf8))
        } catch {
            throw HubStoreError.corruptRow(table: table, id: id, reason: "\(error)")
        }
    }
}
