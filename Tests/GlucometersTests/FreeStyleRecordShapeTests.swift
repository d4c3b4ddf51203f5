import Glucometers
import Testing

/// FreeStyle records in the shapes the public protocol descriptions give: glucometer-protocols
/// `src/abbott/freestyle-precision-neo.md` and `src/abbott/freestyle-libre.md` (the field lists
/// glucometerutils' `drivers/fsprecisionneo.py` and `support/freestyle_libre.py` read), and
/// Tidepool's `lib/drivers/abbott/abbottFreeStyleNeo.js` for the Neo's range and record types.
struct FreeStyleRecordShapeTests {
    static func lines(_ texts: [String]) -> [FreeStyleMultiRecord.Line] {
        texts.enumerated().map { FreeStyleMultiRecord.Line(number: $0 + 1, text: $1) }
    }

    @Test func aNeoHIOrLOReadingIsKeptAtTheMetersBoundAndFlagged() {
        // freestyle-precision-neo.md: "value = 1*DIGIT / "HI""; glucometerutils maps HI/LO to ±inf.
        let tally = FreeStyleNeoResults.parse(
            Self.lines([
                "7,1,3,15,24,7,42,0,95,0,1,0,0,0,0,0,0,0,0",
                "7,2,3,15,24,22,5,0,HI,0,1,0,0,0,0,0,0,0,0",
                "7,3,3,16,24,3,10,0,LO,0,1,0,0,0,0,0,0,0,0",
            ])
        )
        #expect(tally.readings.map(\.value) == [95, 500, 20])
        #expect(tally.readings.map(\.beyondRange) == [nil, .above, .below])
        #expect(tally.problems.isEmpty)
    }

    @Test func neoKetonesAreReadInMillimolesAndOtherRecordsAreCountedByWhatTheyAre() {
        let tally = FreeStyleNeoResults.parse(
            Self.lines([
                "9,4,3,15,24,8,0,0,27,1",  // β-ketone 27 / 18 = 1.5 mmol/L
                "9,5,3,15,24,8,5,0,HI,1",  // above 8.0 mmol/L
                "10,6,3,15,24,8,10,0,1,4,0,0,0",  // insulin
                "6,7,3,15,24,9,0,1,3,15,24,8,0",  // clock change (Tidepool RECORD_TYPE.TIME_CHANGE)
                "11,8,3,15,24,9,5,0,0",
            ])
        )
        #expect(tally.readings.isEmpty)
        #expect(tally.ketones.map(\.value) == [1.5, 8.0] && tally.ketones.map(\.beyondRange) == [nil, .above])
        #expect(tally.others == ["insulin": 1, "clock change": 1, "basal titration": 1])
    }

    @Test func libreHistoryRecordsOfType12AreReadAndAShortOneIsReportedWithItsLine() {
        // freestyle-libre.md `$history?`: id, "12", date and time, 1,0,0,0, first, value, runtime, error bits.
        let tally = FreeStyleLibreResults.history(
            Self.lines([
                "1,12,3,15,24,7,0,12,1,0,0,0,1,110,15,0",
                "2,12,3,15,24,7,15,12,1,0,0,0,0,0,30,32768",  // 0x8000: invalid
                "3,12,3,15,24,7,30,12,1,0,0,0,0,124",  // cut short
                "4,12,3,15,24,7,45,12,1,0,0,0,0,131,60,0",
            ])
        )
        #expect(tally.readings.map(\.value) == [110, 131])
        #expect(
            tally.readings.first?.time == MeterLocalTime(year: 2024, month: 3, day: 15, hour: 7, minute: 0, second: 12)
        )
        #expect(tally.others == ["invalid sensor reading": 1])
        #expect(tally.problems.map(\.location) == ["$history? line 3"])
        #expect(tally.problems.first?.reason == "14 fields; a sensor record needs at least 16")
    }

    @Test func libreResultsKeepScansStripsAndKetonesAndCountClockChanges() {
        var scan = Array(repeating: "0", count: 29)
        (scan[0], scan[1], scan[2], scan[3], scan[4], scan[5], scan[6], scan[7]) = (
            "1", "2", "3", "15", "24", "8", "5", "0"
        )
        (scan[8], scan[9], scan[12], scan[13], scan[14], scan[25]) = ("1", "2", "131", "1", "3", "1")
        var ketone = scan
        (ketone[0], ketone[9], ketone[12], ketone[13], ketone[25]) = ("2", "1", "18", "0", "0")
        // Custom comments are quoted and may hold commas (freestyle-libre.md fields 30–35).
        let comments = #","Sport, morning","","","","","""#
        let tally = FreeStyleLibreResults.results(
            Self.lines([
                scan.joined(separator: ",") + comments,
                ketone.joined(separator: ",") + comments,
                "3,5,3,15,24,9,0,0,0,3,15,24,8,0,0,0,0,0,0,0",  // time change: new, then old time
            ])
        )
        #expect(tally.readings.map(\.value) == [131])
        #expect(
            tally.readings.first?.markers == ["scan", "food"] && tally.readings.first?.sampleSite == "interstitial"
        )
        #expect(tally.ketones.map(\.value) == [1.0] && tally.ketones.first?.unit == "mmol/L")
        #expect(tally.others == ["clock change": 1])
        #expect(FreeStyleMultiRecord.Line(number: 1, text: "a,\"b, c\",\"d\"\"e\"").fields == ["a", "b, c", "d\"e"])
    }

    /// A Libre keeps a HI or LO result as the bound itself (Tidepool `abbottFreeStyleLibreView.js`: sensor
    /// 40–500 mg/dL, strip 20–500, ketone HI 8.0): kept as the bound and flagged, as the Neo's HI/LO are.
    @Test func libreResultsAtTheReadersBoundsAreKeptAsBeyondItsRange() {
        func result(id: String, type: String, value: String) -> String {
            var fields = Array(repeating: "0", count: 29)
            (fields[0], fields[1], fields[2], fields[3], fields[4], fields[5], fields[6]) = (
                id, "2", "3", "15", "24", "8", id
            )
            (fields[9], fields[12]) = (type, value)
            return fields.joined(separator: ",")
        }
        let tally = FreeStyleLibreResults.results(
            Self.lines([
                result(id: "1", type: "2", value: "500"),  // scan HI
                result(id: "2", type: "2", value: "40"),  // scan LO
                result(id: "3", type: "0", value: "20"),  // strip LO
                result(id: "4", type: "0", value: "41"),  // strip in range (its LO is 20)
                result(id: "5", type: "1", value: "144"),  // ketone 144 / 18 = 8.0: HI
            ])
        )
        #expect(tally.readings.map(\.value) == [500, 40, 20, 41])
        #expect(tally.readings.map(\.beyondRange) == [.above, .below, .below, nil])
        #expect(tally.ketones.map(\.value) == [8.0] && tally.ketones.map(\.beyondRange) == [.above])
        let history = FreeStyleLibreResults.history(
            Self.lines(["7,12,3,15,24,8,0,0,0,0,0,0,0,512,0,0", "8,12,3,15,24,8,15,0,0,0,0,0,0,97,0,0"])
        )
        #expect(history.readings.map(\.value) == [500, 97])
        #expect(history.readings.map(\.beyondRange) == [.above, nil])
    }
}
