import Foundation
import TestSupport
import Testing

@testable import AdapterProtocol

/// `JSONParser` accepts exactly RFC 8259 JSON and reads it as Foundation does.
struct JSONParserTests {
    private func parse(_ text: String) -> ParsedJSON? {
        try? JSONParser.parse(Array(text.utf8))
    }

    /// The same document through `JSONDecoder`, the reference for accepted values.
    private func foundation(_ text: String) -> JSONValue? {
        try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    // MARK: Valid documents

    @Test(arguments: [
        "{}",
        "[]",
        #"{"a":{"b":[1,2,{"c":null}]},"d":[true,false,null],"e":"text"}"#,
        #"[[[]],[{}],{"x":[[1]]}]"#,
        "true",
        "false",
        "null",
        #""a string at the top level""#,
        "0",
        "-0",
        "7",
        "-12",
        "123456789",
        "1e5",
        "1E-3",
        "0.5",
        "-12.75e+2",
        "2.5E+10",
        "1e-7",
        "1e21",
        "0e999",
        "-0.0e-999",
        "1.7976931348623157e308",
        "4.9e-324",
        "123456789012345678901234567890",
        " \t\r\n[ 1 ,\t2 ,\r\n3 ] \n",
        #"{ "a" : 1 , "b" : [ ] }"#,
        #"{"":""}"#,
        #""\"\\\/\b\f\n\r\t""#,
        #""\u0041\u00e9\u20AC\uffff\u0000""#,
        #""\ud83d\ude00 \uD83D\uDE00""#,
        #""Körper – 日本語 😀""#,
        #""é\n😀\u00e9""#,
    ])
    func acceptsValidDocumentsAsFoundationReadsThem(text: String) throws {
        let parsed = try #require(parse(text), "rejected \(text)")
        let reference = try #require(foundation(text), "JSONDecoder rejects \(text)")
        #expect(parsed.jsonValue == reference)
        #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) != nil)
    }

    @Test func keepsObjectMembersInOrder() throws {
        let parsed = try #require(parse(#"{"z":1,"a":"x","m":[true,null]}"#))
        guard case .object(let members) = parsed else {
            Issue.record("not an object: \(parsed)")
            return
        }
        #expect(members.map(\.key) == ["z", "a", "m"])
        #expect(members[0].value == .number(1))
        #expect(members[1].value == .string("x"))
        #expect(members[2].value == .array([.bool(true), .null]))
        #expect(parsed["a"] == .string("x"))
        #expect(parsed["missing"] == nil)
        #expect(ParsedJSON.string("x")["a"] == nil)
    }

    @Test func aDuplicateMemberNameReadsAsTheFirstLikeJSONDecoder() throws {
        let text = #"{"a":1,"b":true,"a":"two"}"#
        let parsed = try #require(parse(text))
        #expect(parsed["a"] == .number(1))
        #expect(parsed.jsonValue == foundation(text))
        struct A: Decodable { var a: Double }
        #expect(try JSONDecoder().decode(A.self, from: Data(text.utf8)).a == 1)
    }

    @Test(arguments: [
        ("0", 0.0),
        ("-0", -0.0),
        ("-0.0", -0.0),
        ("1e5", 100_000),
        ("1E5", 100_000),
        ("1e+5", 100_000),
        ("1E-3", 0.001),
        ("0.5", 0.5),
        ("0.1", 0.1),
        ("82.4", 82.4),
        ("-273.15", -273.15),
        ("1e-7", 1e-7),
        ("1e21", 1e21),
        ("9007199254740993", 9_007_199_254_740_992),
        ("1.7976931348623157e308", .greatestFiniteMagnitude),
        ("4.9e-324", .leastNonzeroMagnitude),
        ("2.2250738585072014e-308", .leastNormalMagnitude),
        ("0e999", 0),
    ])
    func readsNumbersBitForBit(text: String, expected: Double) throws {
        let parsed = try #require(parse(text)?.numberValue)
        #expect(parsed.bitPattern == expected.bitPattern, "\(text) → \(parsed)")
    }

    /// `JSONDecoder` refuses a number a Double cannot hold (1e999 would be infinity, 1e-400
    /// zero; `JSONSerialization` refuses the first kind too); the parser refuses it as well, so
    /// that a submit carrying one goes down the Codable path, which names the field malformed,
    /// instead of storing infinity or zero.
    @Test(arguments: ["1e999", "-1e999", "1.7976931348623159e308", "1e-400", "-2e-324", "123e-500"])
    func refusesNumbersADoubleCannotHold(text: String) {
        #expect(parse(text) == nil)
        #expect(parse("[\(text)]") == nil)
        #expect(foundation("[\(text)]") == nil)
        if Double(text)?.isFinite == false {
            #expect((try? JSONSerialization.jsonObject(with: Data("[\(text)]".utf8))) == nil)
        }
    }

    @Test func readsNumbersExactlyAsJSONDecoderDoes() {
        var generator = SplitMix64(seed: 0x5EED_0001)
        func digits(_ count: Int) -> String {
            String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
        }
        for _ in 0..<3000 {
            var text = Bool.random(using: &generator) ? "-" : ""
            var integer = digits(Int.random(in: 1...22, using: &generator))
            while integer.count > 1, integer.first == "0" { integer.removeFirst() }
            text += integer
            if Int.random(in: 0..<3, using: &generator) == 0 {
                text += "." + digits(Int.random(in: 1...22, using: &generator))
            }
            if Int.random(in: 0..<3, using: &generator) == 0 {
                text +=
                    ["e", "E"].randomElement(using: &generator)! + ["", "+", "-"].randomElement(using: &generator)!
                text += String(Int.random(in: 0...340, using: &generator))
            }
            let parsed = parse("[\(text)]").map { value -> UInt64? in
                guard case .array(let items) = value, let number = items.first?.numberValue else { return nil }
                return number.bitPattern
            }
            let reference = (try? JSONDecoder().decode([Double].self, from: Data("[\(text)]".utf8)))?.first?.bitPattern
            #expect((parsed ?? nil) == reference, "\(text)")
        }
    }

    @Test func readsEveryEscape() throws {
        #expect(parse(#""\"\\\/\b\f\n\r\t""#) == .string("\"\\/\u{08}\u{0C}\n\r\t"))
        #expect(parse(#""\u0041\u00e9\u20AC\u20ac""#) == .string("Aé€€"))
        #expect(parse(#""a\u0000b""#) == .string("a\u{0}b"))
        #expect(parse(#""\u001f""#) == .string("\u{1F}"))
        #expect(parse(#""\ud83d\ude00""#) == .string("😀"))
        #expect(parse(#""\uD83D\uDE00x\uDBFF\uDFFF""#) == .string("😀x\u{10FFFF}"))
        #expect(parse(#""plain 😀 日本 \u00e9""#) == .string("plain 😀 日本 é"))
        #expect(parse("\"Körper – 日本語 😀\"") == .string("Körper – 日本語 😀"))
        // A member name is a string like any other.
        #expect(parse(#"{"k\u00e9y\n":1}"#)?["kéy\n"] == .number(1))
    }

    // MARK: Invalid documents

    @Test(arguments: [
        // Structure.
        "",
        " ",
        "[1,]",
        "[1,2,]",
        #"{"a":1,}"#,
        "[,1]",
        "[1,,2]",
        "[1 2]",
        #"{"a":1 "b":2}"#,
        #"{"a" 1}"#,
        #"{"a":}"#,
        #"{"a"}"#,
        "{,}",
        "{a:1}",
        "{'a':1}",
        "['a']",
        #"{"a":1}}"#,
        "[1]]",
        "[1] x",
        "{} {}",
        "1 2",
        "nulll",
        "truex",
        // Truncated.
        "[",
        "{",
        #"{"a""#,
        #"{"a":"#,
        #"{"a":1"#,
        "[1",
        "[1,",
        #""abc"#,
        #""abc\"#,
        #""\u12"#,
        "tru",
        "nul",
        "f",
        "-",
        // Numbers.
        "01",
        "-01",
        "00",
        "[01]",
        "+1",
        ".5",
        "-.5",
        "1.",
        "1.e5",
        "1e",
        "1e+",
        "1E-",
        "0x10",
        "1_000",
        "--1",
        "- 1",
        "NaN",
        "-NaN",
        "Infinity",
        "-Infinity",
        "[NaN]",
        "[Infinity]",
        "inf",
        // Literals are lower case.
        "True",
        "NULL",
        // Escapes.
        #""\x41""#,
        #""\U0041""#,
        #""\u004""#,
        #""\u00G1""#,
        #""\'""#,
        #""\a""#,
        // Lone and mismatched surrogates.
        #""\ud83d""#,
        #""\ud83dx""#,
        #""\ud83d\n""#,
        #""\ud83d\u0041""#,
        #""\ud83d\ud83d""#,
        #""\ude00""#,
        #""\ude00\ud83d""#,
        // Whitespace RFC 8259 does not allow.
        "\u{0C}[]",
        "[\u{A0}1]",
        "\u{FEFF}[]",
    ])
    func rejectsInvalidDocuments(text: String) {
        #expect(parse(text) == nil, "accepted \(text.debugDescription)")
    }

    /// Raw control characters (U+0000–U+001F) must be escaped inside strings, both before and
    /// after an escape sequence (the parser has two loops).
    @Test(arguments: Array(0x00...0x1F))
    func rejectsRawControlCharactersInStrings(byte: Int) {
        let control = UInt8(byte)
        #expect((try? JSONParser.parse([0x22, 0x61, control, 0x22])) == nil)
        #expect((try? JSONParser.parse([0x22, 0x5C, 0x6E, control, 0x22])) == nil)
        #expect((try? JSONParser.parse(Array(#"{"k"#.utf8) + [control] + Array(#"":1}"#.utf8))) == nil)
    }

    @Test(
        arguments: [
            [0x22, 0xFF, 0x22],  // never valid in UTF-8
            [0x22, 0xC3, 0x22],  // truncated two-byte sequence
            [0x22, 0xE2, 0x82, 0x22],  // truncated three-byte sequence
            [0x22, 0xC0, 0xAF, 0x22],  // overlong "/"
            [0x22, 0xED, 0xA0, 0x80, 0x22],  // an encoded surrogate
            [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],  // beyond U+10FFFF
            [0x22, 0x80, 0x22],  // a lone continuation byte
            [0x22, 0x5C, 0x6E, 0xFF, 0x22],  // after an escape
            [0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D],  // in a member name
            [0x5B, 0xC3, 0xA9, 0x5D],  // valid UTF-8, but outside a string
        ] as [[UInt8]]
    )
    func rejectsInvalidUTF8(bytes: [UInt8]) {
        #expect((try? JSONParser.parse(bytes)) == nil)
    }

    @Test func rejectsEveryTruncationOfAValidDocument() {
        let text = #"{"a":[1,-2.5e3,true,false,null,"x\u00e9\ud83d\ude00"],"b":{"c":{}}}"#
        let bytes = Array(text.utf8)
        #expect(parse(text) != nil)
        for length in 0..<bytes.count {
            #expect((try? JSONParser.parse(Array(bytes[..<length]))) == nil, "accepted \(length) bytes")
        }
    }

    @Test func nestingIsLimitedTo64Levels() {
        func arrays(_ depth: Int) -> String {
            String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        }
        func objects(_ depth: Int) -> String {
            String(repeating: #"{"a":"#, count: depth - 1) + "{}" + String(repeating: "}", count: depth - 1)
        }
        #expect(parse(arrays(64)) != nil)
        #expect(parse(arrays(65)) == nil)
        #expect(parse(objects(64)) != nil)
        #expect(parse(objects(65)) == nil)
        // Deep input fails cleanly instead of exhausting the stack.
        #expect(parse(arrays(100_000)) == nil)
        #expect(parse(String(repeating: "[", count: 100_000)) == nil)
    }

    @Test func aFailureSaysWhere() {
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(Array("[1,]".utf8)) }
        do {
            _ = try JSONParser.parse(Array("[1] x".utf8))
        } catch {
            #expect(error.offset == 4)
            #expect(error.reason == "trailing characters")
        }
    }
}
