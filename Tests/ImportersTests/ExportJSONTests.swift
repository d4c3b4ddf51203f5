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
        (#"[{"dateTime":"01/01/23 00:01:00","value":"1"},]"#, 46), (#"[{"dateTime":"x","value":"1"}"#, 29),
    ])
    func brokenDocumentsNameWhere(_ text: String, _ offset: Int) {
        do {
            _ = try ExportJSON.parseArray(Array(text.utf8))
            Issue.record("\(text) parsed")
        } catch {
            #expect(error.offset == offset, "\(text): \(error.reason)")
        }
        do {
            _ = try ExportJSON.parseIntradayArray(Array(text.utf8))
            Issue.record("\(text) parsed as an intraday file")
        } catch {
            #expect(error.offset == offset, "\(text) as an intraday file: \(error.reason)")
        }
    }

    @Test func intradaySamplesAreTheUsualShapeOnlyAndAgreeWithTheFullParse() throws {
        let text = #"""
            [ { "dateTime" : "05/18/15 14:01:00", "value" : "57" },{"dateTime":"05/18/15 14:02:00","value":"0"},
              { "value" : "3", "dateTime" : "05/18/15 14:03:00" },
              { "dateTime" : "05/18/15 14:04:00", "value" : 4 },
              { "dateTime" : "05\/18\/15 14:05:00", "value" : "5" },
              { "dateTime" : "05/18/15 14:06:00", "value" : "6", "extra" : true },
              [] ]
            """#
        let bytes = Array(text.utf8)
        let (elements, offsets) = try ExportJSON.parseArray(bytes)
        let (intraday, intradayOffsets) = try ExportJSON.parseIntradayArray(bytes)
        #expect(intradayOffsets == offsets)
        #expect(intraday.count == elements.count)
        var samples = 0
        for (element, full) in zip(intraday, elements) {
            switch element {
            case .sample(let dateTime, let value):
                samples += 1
                #expect(full["dateTime"]?.string == String(decoding: bytes[dateTime], as: UTF8.self))
                #expect(full["value"]?.string == String(decoding: bytes[value], as: UTF8.self))
            case .other(let value):
                #expect(value == full)
            }
        }
        // Only the first two have the usual shape: other key orders, a number, an escape or an extra
        // member are parsed in full.
        #expect(samples == 2)
    }
}
