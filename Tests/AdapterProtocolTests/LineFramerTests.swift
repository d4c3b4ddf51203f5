import AdapterProtocol
import Testing

struct LineFramerTests {
    @Test func splitsOnLineFeedOnlyAndAcrossChunks() {
        var framer = LineFramer()
        var frames = framer.append(Array("{\"a\":\"x\u{2028}y\"}\r\n{\"b\"".utf8))
        frames += framer.append(Array(":2}\n".utf8))
        #expect(frames == [.line(Array("{\"a\":\"x\u{2028}y\"}".utf8)), .line(Array("{\"b\":2}".utf8))])
    }

    @Test func keepsAnUnterminatedLineUntilItsLineFeed() {
        var framer = LineFramer()
        #expect(framer.append(Array("{\"partial\":".utf8)).isEmpty)
        #expect(framer.unterminatedBytes == 11)
    }

    @Test func reportsAnOversizedLineOnceAndResumesAfterIt() {
        var framer = LineFramer(maximumLineLength: 10)
        var frames = framer.append(Array(repeating: UInt8(ascii: "x"), count: 8))
        frames += framer.append(Array(repeating: UInt8(ascii: "y"), count: 8))
        frames += framer.append(Array("zzz\nok\n".utf8))
        #expect(frames.count == 2)
        guard case .oversized(let prefix) = frames[0] else {
            Issue.record("expected an oversized frame first, got \(frames)")
            return
        }
        #expect(prefix.count == 16)
        #expect(frames[1] == .line(Array("ok".utf8)))
    }

    @Test func skipsEmptyLines() {
        var framer = LineFramer()
        #expect(framer.append(Array("\n\r\n{}\n".utf8)) == [.line(Array("{}".utf8))])
    }
}
