import AdapterProtocol
import Foundation
import Glucometers
import Testing

/// The sync cursor, the clock check and the records a download becomes.
struct CursorAndRecordTests {
    static func reading(_ number: Int, minute: Int, marker: [String] = [], control: Bool = false) -> MeterReading {
        MeterReading(
            recordNumber: number,
            time: MeterLocalTime(year: 2024, month: 3, day: 15, hour: 7, minute: minute)!,
            value: 100,
            unit: "mg/dL",
            mealRelation: marker.contains("B") ? "before_meal" : nil,
            markers: marker,
            isControlSolution: control
        )
    }

    @Test func theCursorSelectsOnlyNewerRecordsUnlessTheMemoryWasCleared() {
        let readings = (1...5).map { Self.reading($0, minute: $0) }
        let cursor = MeterCursor.after(Array(readings.prefix(3)))
        #expect(cursor?.description == "v1:3@202403150703")
        #expect(MeterCursor(cursor?.description)?.anchors[""]?.recordNumber == 3)
        #expect(MeterCursor.newReadings(readings, after: cursor).map(\.recordNumber) == [4, 5])
        // Record 3 now has another time: the meter's memory was cleared, so everything is new.
        let cleared = [Self.reading(1, minute: 40), Self.reading(3, minute: 41)]
        #expect(MeterCursor.newReadings(cleared, after: cursor).count == 2)
        #expect(MeterCursor("someone else's") == nil)
    }

    @Test func aCursorOfSeveralStreamsKeepsEachStreamsPlace() {
        func libre(_ number: Int, _ stream: String, minute: Int) -> MeterReading {
            var reading = Self.reading(number, minute: minute)
            reading.stream = stream
            return reading
        }
        let first = [libre(1, "history", minute: 1), libre(2, "history", minute: 2), libre(1, "arresult", minute: 3)]
        let cursor = MeterCursor.after(first)
        #expect(cursor?.description == "v1:arresult:1@202403150703,history:2@202403150702")
        #expect(MeterCursor(cursor?.description) == cursor)
        let later = first + [libre(3, "history", minute: 4)]
        let fresh = MeterCursor.newReadings(later, after: cursor)
        #expect(fresh.map { "\($0.stream)-\($0.recordNumber)" } == ["history-3"])
        // A stream with nothing new keeps its place in the next cursor.
        #expect(
            MeterCursor.after(fresh, previous: cursor)?.description
                == "v1:arresult:1@202403150703,history:3@202403150704"
        )
        #expect(MeterCursor("v1:x:1@2,x:2@3") == nil, "a stream named twice")
    }

    @Test func aClockADayOffOrNotSetIsSuspect() throws {
        let zone = try #require(TimeZone(identifier: "Europe/Berlin"))
        let now = MeterLocalTime(year: 2024, month: 3, day: 15, hour: 12, minute: 0)!.date(in: zone)
        #expect(
            MeterClockCheck.problem(
                meterClock: MeterLocalTime(year: 2024, month: 3, day: 15, hour: 13, minute: 0),
                now: now,
                zone: zone
            ) == nil
        )
        #expect(
            MeterClockCheck.problem(
                meterClock: MeterLocalTime(year: 2010, month: 1, day: 1, hour: 0, minute: 0),
                now: now,
                zone: zone
            )?.contains("behind") == true
        )
        #expect(MeterClockCheck.problem(meterClock: nil, now: now, zone: zone) != nil)
    }

    @Test func recordsKeepTheUnitTheMarkersAndFlagControlAndClock() throws {
        let zone = try #require(TimeZone(identifier: "Europe/Berlin"))
        let records = ReadingRecords.records(
            [Self.reading(1, minute: 5, marker: ["B", "M1"]), Self.reading(2, minute: 6, control: true)],
            serial: "SN1",
            zone: zone,
            clockSuspect: true
        )
        #expect(records[0].sourceRecordId == "SN1/1/202403150705")
        #expect(records[0].effectiveTime == "2024-03-15T07:05:00+01:00")
        #expect(records[0].unit == "mg/dL" && records[0].value == 100 && records[0].kind == "blood_glucose")
        #expect(records[0].context?.mealRelation == "before_meal")
        #expect(records[0].context?.measurementStatus == ["meter_marker:B", "meter_marker:M1", "device_clock_suspect"])
        #expect(records[1].context?.measurementStatus == ["control_solution", "device_clock_suspect"])
    }

    @Test func aReadingBeyondTheMetersRangeKeepsItsBoundAndIsFlaggedAboveOrBelow() throws {
        let zone = try #require(TimeZone(identifier: "Europe/Berlin"))
        var high = Self.reading(1, minute: 5)
        (high.value, high.beyondRange) = (500, .above)
        var low = Self.reading(2, minute: 6)
        (low.value, low.beyondRange) = (20, .below)
        let records = ReadingRecords.records([high, low], serial: "SN1", zone: zone, clockSuspect: false)
        #expect(records.map(\.value) == [500, 20])
        #expect(records.map { $0.context?.measurementStatus ?? [] } == [["above_meter_range"], ["below_meter_range"]])
    }
}
