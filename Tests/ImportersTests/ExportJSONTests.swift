import Foundation
import Testing

@testable import Importers

/// The hand-written JSON reader of the Fitbit importer agrees with Foundation on what it reads.
struct ExportJSONTests {
    @Test func valuesEscapesAndOffsets() throws {
        let text = #"[ {"a" : "x\"y\\z\u00e9\n", "b" : -1.5e2, "c" : [true, false, null], "d" : {}} ,[] ]"#
        let (elements, offsets) = try ExportJSON.parseArray(Array(text.utf8))
        // The second element starts after the comma, at "[]".
        #expect(offsets == [2, text.utf8.count - 4])
        #expect(elements[0]["a"]?.string == "x\"y\\zé\n")
        #expect(elements[0]["b"]?.number == -150)
        #expect(elements[0]["c"] == .array([.bool(true), .bool(false), .null]))
        #expect(elements[0]["d"] == .object([]))
        #expect(elements[1] == .array([]))
        let foundation = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any]
        #expect((foundation?.first as? [String: Any])?["a"] as? String == elements[0]["a"]?.string)
    }

    @Test func numbersInStringsAndIds() throws {
        let (elements, _) = try ExportJSON.parseArray(Array(#"[{"v":"753.6","id":1431993599000,"s":"12"}]"#.utf8))
        #expect(elements[0]["v"]?.number == 753.6)
        #expect(elements[0]["id"]?.integer == 1_431_993_599_000)
        #expect(elements[0]["s"]?.integer == 12)
        #expect(elements[0]["missing"] == nil)
    }

    @Test(arguments: ["0", "57", "007", "123456789012345", "1234567890123456", "-3", "+4", "1e3", "", " 5", "5 ", "x"])
    func numbersInStringsReadAsDoubleReadsThem(_ text: String) throws {
        // Whole numbers take a shortcut; what it reads must be what Double(_:) reads, and what it
        // does not take must still be read (or refused) as before.
        let (elements, _) = try ExportJSON.parseArray(Array("[{\"v\":\"\(text)\"}]".utf8))
        #expect(elements[0]["v"]?.number == Double(text).flatMap { $0.isFinite ? $0 : nil })
    }

    @Test(arguments: [
        (#"[{"a" : 1"#, 9), (#"{"a":1}"#, 0), (#"[1,]"#, 3), (#"[1] x"#, 4), (#"["abc"#, 1), (#"[tru]"#, 1),
    ])
    func brokenDocumentsNameWhere(_ text: String, _ offset: Int) {
        do {
            _ = try ExportJSON.parseArray(Array(text.utf8))
            Issue.record("\(text) parsed")
        } catch {
            #expect(error.offset == offset, "\(text): \(error.reason)")
        }
    }
}
