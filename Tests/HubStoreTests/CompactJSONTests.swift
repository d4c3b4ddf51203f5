import Foundation
import HubCore
import HubRecords
import Testing

@testable import HubStore

/// The hand-written JSON must be what `JSONDecoder` reads back.
struct CompactJSONTests {
    @Test func componentsAreSortedAndDecodable() throws {
        let text = try #require(CompactJSON.object(["systolic": 120.5, "diastolic": 80, "mean": 1e-7]))
        #expect(text == #"{"diastolic":80.0,"mean":1e-07,"systolic":120.5}"#)
        let decoded = try JSONDecoder().decode([String: Double].self, from: Data(text.utf8))
        #expect(decoded == ["systolic": 120.5, "diastolic": 80, "mean": 1e-7])
        #expect(CompactJSON.object(nil) == nil)
    }

    @Test func contextOmitsUnsetFieldsAndEscapesText() throws {
        #expect(CompactJSON.context(nil) == nil)
        #expect(CompactJSON.context(MeasurementContext()) == nil)
        #expect(CompactJSON.context(MeasurementContext(dialysisPhase: .pre)) == #"{"dialysisPhase":"pre"}"#)

        let context = MeasurementContext(
            mealRelation: .beforeMeal,
            bodyPosition: .lying,
            measurementStatus: ["a\"b", "c\\d", "\u{1F}\u{7F}", ""],
            userIndex: 0,
            dialysisPhase: .noDialysis,
            sampleSite: "é\r\n"
        )
        let text = try #require(CompactJSON.context(context))
        #expect(try JSONDecoder().decode(MeasurementContext.self, from: Data(text.utf8)) == context)
        #expect(text.contains(#""dialysisPhase":"none""#))
        #expect(text.contains(#"\u001f"#))
    }
}
