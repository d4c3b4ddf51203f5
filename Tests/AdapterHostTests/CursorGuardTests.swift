import AdapterProtocol
import HubRecords
import Testing

@testable import AdapterHost

struct CursorGuardTests {
    private func batch(_ id: String, cursor: String?) -> SubmitMeasurementsRequest {
        SubmitMeasurementsRequest(batchId: id, device: DeviceIdentity(deviceId: "d"), cursor: cursor, records: [])
    }

    @Test func cursorsPassThroughWhileNothingIsRefused() {
        let guardian = CursorGuard()
        let first = batch("b1", cursor: "500")
        guardian.arrived(first)
        #expect(guardian.cursorToStore(for: first) == "500")
        guardian.settle(first, stored: true)
    }

    @Test func laterBatchesKeepTheirCursorBackUntilTheRefusedOneIsStored() {
        let guardian = CursorGuard()
        let (b1, b2, b3) = (batch("b1", cursor: "500"), batch("b2", cursor: "1000"), batch("b3", cursor: "1500"))
        for request in [b1, b2, b3] { guardian.arrived(request) }
        #expect(guardian.cursorToStore(for: b1) == "500")
        guardian.settle(b1, stored: false)  // refused: its records are not stored
        #expect(guardian.cursorToStore(for: b2) == nil)
        guardian.settle(b2, stored: true)
        #expect(guardian.cursorToStore(for: b3) == nil)
        guardian.settle(b3, stored: true)
        // b1 comes back and is stored: the newest cursor held back goes with it.
        #expect(guardian.cursorToStore(for: b1) == "1500")
        guardian.settle(b1, stored: true)
        let b4 = batch("b4", cursor: "2000")
        guardian.arrived(b4)
        #expect(guardian.cursorToStore(for: b4) == "2000")
    }

    @Test func aRefusalSeenBeforeEarlierBatchesAreWrittenDoesNotMoveTheCursorBackwards() {
        let guardian = CursorGuard()
        let (b1, b2) = (batch("b1", cursor: "500"), batch("b2", cursor: "1000"))
        guardian.arrived(b1)
        guardian.arrived(b2)
        guardian.settle(b2, stored: false)  // refused on arrival (window full) while b1 waits
        #expect(guardian.cursorToStore(for: b1) == nil)
        guardian.settle(b1, stored: true)
        #expect(guardian.cursorToStore(for: b2) == "1000")
    }

    @Test func otherDevicesAreUnaffected() {
        let guardian = CursorGuard()
        let refused = batch("b1", cursor: "5")
        let other = SubmitMeasurementsRequest(
            batchId: "c1",
            device: DeviceIdentity(deviceId: "e"),
            cursor: "9",
            records: []
        )
        guardian.arrived(refused)
        guardian.arrived(other)
        guardian.settle(refused, stored: false)
        #expect(guardian.cursorToStore(for: other) == "9")
    }
}

struct CursorGuardOrderTests {
    private func batch(_ id: String, cursor: String?) -> SubmitMeasurementsRequest {
        SubmitMeasurementsRequest(batchId: id, device: DeviceIdentity(deviceId: "d"), cursor: cursor, records: [])
    }

    @Test func aLaterRefusedBatchStoredFirstKeepsItsCursorForTheLastOne() {
        let guardian = CursorGuard()
        let (b1, b2) = (batch("b1", cursor: "500"), batch("b2", cursor: "1000"))
        guardian.arrived(b1)
        guardian.arrived(b2)
        guardian.settle(b1, stored: false)
        guardian.settle(b2, stored: false)
        // b2 comes back first and is stored while b1 still stands refused: its cursor waits.
        #expect(guardian.cursorToStore(for: b2) == nil)
        guardian.settle(b2, stored: true)
        // b1 is the last refused batch: it is stored with the newest cursor, b2's.
        #expect(guardian.cursorToStore(for: b1) == "1000")
        guardian.settle(b1, stored: true)
    }

    @Test func anUnreadableBatchHoldsEveryCursorForTheRestOfTheConnection() {
        let guardian = CursorGuard()
        guardian.holdAllCursors()
        let later = batch("b9", cursor: "9000")
        guardian.arrived(later)
        #expect(guardian.cursorToStore(for: later) == nil)
    }

    @Test func aBatchWithoutDeviceIsGuardedUnderItsFirstRecordsDevice() {
        let guardian = CursorGuard()
        let refused = batch("b1", cursor: "5")
        var record = MeasurementRecord(sourceRecordId: "r", kind: "body_weight", value: 80, unit: "kg")
        record.device = DeviceIdentity(deviceId: "d")
        let deviceless = SubmitMeasurementsRequest(batchId: "b2", device: nil, cursor: "9", records: [record])
        guardian.arrived(refused)
        guardian.arrived(deviceless)
        guardian.settle(refused, stored: false)
        #expect(guardian.cursorToStore(for: deviceless) == nil)
    }
}
