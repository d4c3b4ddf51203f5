import Care
import Foundation
import HubCore
import HubRecords
import HubStore
import MeterSimulators
import TestSupport
import Testing

/// Issue 6 end to end: `kidneyhub serve` hears a (scripted) plug-in, launches the usb-glucometer
/// adapter, which reads a simulated meter over the real protocol bytes; the readings land in the
/// store once and the user is told.
@Suite(.serialized) struct USBGlucometerTests {
    static let neoSerial = "ABCD1234567"
    static let contourSerial = "7390-2336773"

    static func neoResults(_ ids: ClosedRange<Int>) -> [SimulatedFreeStyleMeter.Result] {
        ids.map {
            SimulatedFreeStyleMeter.Result(
                id: $0,
                month: 3,
                day: 1 + $0 % 28,
                year: 24,
                hour: 7,
                minute: $0 % 60,
                value: "\(90 + $0)"
            )
        }
    }

    static func contourResults(_ ids: ClosedRange<Int>) -> [SimulatedContourMeter.Result] {
        ids.map {
            SimulatedContourMeter.Result(
                sequence: $0,
                value: "\(100 + $0)",
                markers: $0 % 2 == 0 ? "B/M1" : "A",
                time: String(format: "202403%02d1200", 1 + $0 % 28)
            )
        }
    }

    /// A meter clock near now, so the readings are not flagged.
    static var meterNow: (date: (month: Int, day: Int, year: Int), time: (hour: Int, minute: Int), astm: String) {
        let parts = Calendar.current.dateComponents([.year, .month, .day, .hour, .minute], from: Date())
        let (y, mo, d, h, mi) = (
            parts.year ?? 2026, parts.month ?? 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0
        )
        return ((mo, d, y % 100), (h, mi), String(format: "%04d%02d%02d%02d%02d", y, mo, d, h, mi))
    }

    func neo(_ workspace: Workspace, results: ClosedRange<Int>, ketone: Bool = false) throws
        -> SimulatedFreeStyleMeter
    {
        var state = SimulatedFreeStyleMeter.State()
        state.serial = Self.neoSerial
        state.results = Self.neoResults(results)
        // A β-ketone strip test (record type 9, 18 / 18 = 1.0 mmol/L), numbered after the glucose results as the
        // Neo numbers every record of its log: stored as `blood_ketone`, not as a glucose reading.
        if ketone { state.otherRecords = ["9,\(results.upperBound + 1),3,15,24,8,0,0,18,0"] }
        state.date = Self.meterNow.date
        state.time = Self.meterNow.time
        return try SimulatedFreeStyleMeter(path: workspace.meterSocket("neo"), state: state)
    }

    func contour(_ workspace: Workspace, results: ClosedRange<Int>, control: Bool = true) throws
        -> SimulatedContourMeter
    {
        var state = SimulatedContourMeter.State()
        state.serial = Self.contourSerial
        state.meterTime = Self.meterNow.astm
        state.results = Self.contourResults(results)
        if control {
            state.results.append(
                SimulatedContourMeter.Result(
                    sequence: results.upperBound + 1,
                    value: "118",
                    markers: "C",
                    time: "202403281300"
                )
            )
        }
        return try SimulatedContourMeter(path: workspace.meterSocket("contour"), state: state)
    }

    @Test func plugInStoresEveryReadingOnceNotifiesAndPlugInAgainStoresOnlyNewOnes() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.acceptTerms()
        let neo = try neo(workspace, results: 1...12, ketone: true)
        let contour = try contour(workspace, results: 1...5)
        defer {
            neo.stop()
            contour.stop()
        }
        let hub = try USBHubSession(workspace)
        try await hub.ready()

        try hub.plugIn(vendorId: "1a61", productId: "3850", serial: Self.neoSerial, port: "1-1", socket: neo.path)
        var lines = try await hub.waitForNotifications(1)
        #expect(
            lines == ["12 new glucose readings, 1 new ketone reading from FreeStyle Precision Neo"],
            "\(hub.stderr)"
        )
        try hub.plugIn(
            vendorId: "1a79",
            productId: "6002",
            serial: Self.contourSerial,
            port: "1-2",
            socket: contour.path
        )
        lines = try await hub.waitForNotifications(2)
        #expect(
            lines.last == "5 new glucose readings from Contour USB; 1 control-solution test kept apart",
            "\(hub.stderr)"
        )

        let store = try workspace.openStore()
        let feed = try await store.notifications(profileId: nil)
        #expect(
            Set(feed.filter { $0.type == .import }.map(\.body)) == [
                "12 new glucose readings, 1 new ketone reading from FreeStyle Precision Neo",
                "5 new glucose readings from Contour USB; 1 control-solution test kept apart",
            ]
        )
        let stored = try await store.measurements()
        #expect(stored.count == 19)
        #expect(Set(stored.map(\.measurement.sourceRecordId)).count == 19)
        let ketones = stored.filter { $0.measurement.kind == .bloodKetone }
        #expect(ketones.map(\.measurement.value) == [1.0] && ketones.map(\.measurement.unit) == ["mmol/L"])
        #expect(Set(stored.map(\.device.identity.adapterId)) == ["usb-glucometer"])
        #expect(stored.filter { $0.device.identity.deviceId == Self.contourSerial }.count == 6)
        #expect(
            stored.filter { $0.measurement.context?.measurementStatus?.contains("control_solution") == true }.count == 1
        )
        #expect(stored.filter { $0.measurement.context?.mealRelation == .beforeMeal }.count == 2)
        #expect(
            stored.allSatisfy { $0.measurement.context?.measurementStatus?.contains("device_clock_suspect") != true }
        )
        // The right adapter was launched, once, and the hub kept the attach and the notifications.
        #expect(try await workspace.events([.started]).map(\.adapterId) == ["usb-glucometer"])
        #expect(try await workspace.events([.deviceAttached]).count == 2)
        #expect(try await workspace.events([.notification]).map(\.message) == lines)

        // Unplug, take three more readings, plug in again: only those are new.
        try hub.unplug(port: "1-1")
        try hub.unplug(port: "1-2")
        try await workspace.waitForEvents(.deviceDetached, count: 2)
        neo.update { $0.results += Self.neoResults(14...16) }
        try hub.plugIn(vendorId: "1a61", productId: "3850", serial: Self.neoSerial, port: "1-1", socket: neo.path)
        lines = try await hub.waitForNotifications(3)
        #expect(lines.last == "3 new glucose readings from FreeStyle Precision Neo")
        try hub.plugIn(
            vendorId: "1a79",
            productId: "6002",
            serial: Self.contourSerial,
            port: "1-2",
            socket: contour.path
        )
        lines = try await hub.waitForNotifications(4)
        #expect(lines.last == "No new readings from Contour USB")
        #expect(try await store.measurements().count == 22)
        #expect(
            try await store.syncCursor(adapterId: "usb-glucometer", deviceId: Self.neoSerial)?.hasPrefix("v1:16@")
                == true
        )
        // The second plug-ins carried the stored cursors: the adapter sent only what was new.
        let details = try await workspace.events([.notification]).compactMap(\.detail)
        #expect(details.count == 4)
        #expect(
            details[0]
                == "device \(Self.neoSerial): the adapter submitted 13 records (no cursor: every record on the device)"
        )
        #expect(details[2].hasPrefix("device \(Self.neoSerial): the adapter submitted 3 records after cursor v1:13@"))
        #expect(
            details[3].hasPrefix("device \(Self.contourSerial): the adapter submitted 0 records after cursor v1:6@")
        )

        #expect(await hub.stop() == 0)
        await expectNoLeftovers(workspace)
    }

    @Test func unpluggedMidDownloadThenPluggedInAgainLosesNothingAndDuplicatesNothing() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.acceptTerms()
        let neo = try neo(workspace, results: 1...40)
        let contour = try contour(workspace, results: 1...10, control: false)
        defer {
            neo.stop()
            contour.stop()
        }
        neo.update { $0.faults.disconnectAfterResultReports = 6 }
        contour.update { $0.faults.disconnectAfterFrames = 5 }
        let hub = try USBHubSession(workspace)
        try await hub.ready()

        try hub.plugIn(vendorId: "1a61", productId: "3850", serial: Self.neoSerial, port: "1-1", socket: neo.path)
        try hub.plugIn(
            vendorId: "1a79",
            productId: "6002",
            serial: Self.contourSerial,
            port: "1-2",
            socket: contour.path
        )
        var lines = try await hub.waitForNotifications(2)
        #expect(lines.count == 2 && lines.allSatisfy { $0.contains("was unplugged before it was read") }, "\(lines)")
        #expect(try await workspace.openStore().measurementCount() == 0)
        try hub.unplug(port: "1-1")
        try hub.unplug(port: "1-2")

        try hub.plugIn(vendorId: "1a61", productId: "3850", serial: Self.neoSerial, port: "1-1", socket: neo.path)
        try hub.plugIn(
            vendorId: "1a79",
            productId: "6002",
            serial: Self.contourSerial,
            port: "1-2",
            socket: contour.path
        )
        lines = try await hub.waitForNotifications(4)
        #expect(
            Set(lines.suffix(2)) == [
                "40 new glucose readings from FreeStyle Precision Neo", "10 new glucose readings from Contour USB",
            ],
            "\(hub.stderr)"
        )
        let stored = try await workspace.openStore().measurements()
        #expect(stored.count == 50)
        #expect(Set(stored.map { "\($0.device.identity.deviceId)|\($0.measurement.sourceRecordId)" }).count == 50)
        #expect(await hub.stop() == 0)
        await expectNoLeftovers(workspace)
    }

    @Test func anUnknownDeviceIsLoggedAsUnsupportedAndNothingIsLaunched() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let hub = try USBHubSession(workspace)
        try await hub.ready()
        try hub.plugIn(
            vendorId: "0bda",
            productId: "5411",
            serial: nil,
            port: "1-3",
            socket: workspace.meterSocket("none")
        )
        try await workspace.waitForEvents(.deviceUnsupported, count: 1)
        let event = try #require(try await workspace.events([.deviceUnsupported]).first)
        #expect(event.message.contains("0bda:5411") && event.message.contains("nothing launched"))
        #expect(event.adapterId == "hotplug")
        #expect(hub.stderr.contains("unsupported USB device 0bda:5411"))
        #expect(try await workspace.events([.started, .deviceAttached]).isEmpty)
        #expect(try await workspace.openStore().adapters().isEmpty, "no adapter was even set up")
        #expect(await hub.stop() == 0)
    }

    @Test func aCorruptFrameIsRetriedThenTheSessionFailsClearlyWithNothingStored() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.acceptTerms()
        let contour = try contour(workspace, results: 1...6, control: false)
        let neo = try neo(workspace, results: 1...8)
        defer {
            contour.stop()
            neo.stop()
        }
        contour.update { $0.faults.corruptFrame = (index: 3, times: 6) }  // every copy of frame 4 is bad
        neo.update { $0.faults.badResultChecksums = 3 }
        let hub = try USBHubSession(workspace)
        try await hub.ready()
        try hub.plugIn(
            vendorId: "1a79",
            productId: "6002",
            serial: Self.contourSerial,
            port: "1-2",
            socket: contour.path
        )
        var lines = try await hub.waitForNotifications(1)
        #expect(lines.first?.contains("could not be read") == true)
        #expect(
            lines.first?.contains("frame 4 failed 6 times") == true
                && lines.first?.contains("checksum mismatch") == true,
            "\(lines)"
        )
        #expect(lines.first?.contains("nothing stored") == true)
        #expect(contour.hostControls.filter { $0 == "NAK" }.count == 5, "NAK after each of the first five bad copies")
        try hub.plugIn(vendorId: "1a61", productId: "3850", serial: Self.neoSerial, port: "1-1", socket: neo.path)
        lines = try await hub.waitForNotifications(2)
        #expect(lines.last?.contains("the command $result? failed 3 times") == true, "\(lines)")
        #expect(try await workspace.openStore().measurementCount() == 0)

        // A frame that is bad only twice is sent again after each NAK and the session succeeds.
        try hub.unplug(port: "1-2")
        contour.update { $0.faults.corruptFrame = (index: 3, times: 2) }
        try hub.plugIn(
            vendorId: "1a79",
            productId: "6002",
            serial: Self.contourSerial,
            port: "1-2",
            socket: contour.path
        )
        lines = try await hub.waitForNotifications(3)
        #expect(lines.last == "6 new glucose readings from Contour USB")
        #expect(await hub.stop() == 0)
        await expectNoLeftovers(workspace)
    }

    @Test func aWrongMeterClockFlagsTheReadingsAndAnEmptyLogIsNoNews() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.acceptTerms()
        let contour = try contour(workspace, results: 1...3, control: false)
        let neo = try neo(workspace, results: 1...1)
        defer {
            contour.stop()
            neo.stop()
        }
        contour.update { $0.meterTime = "201001010000" }
        neo.update {
            $0.results = []
            $0.otherRecords = []
        }
        let hub = try USBHubSession(workspace)
        try await hub.ready()
        try hub.plugIn(
            vendorId: "1a79",
            productId: "6002",
            serial: Self.contourSerial,
            port: "1-2",
            socket: contour.path
        )
        var lines = try await hub.waitForNotifications(1)
        #expect(
            lines.first == "3 new glucose readings from Contour USB; 3 flagged because the meter's clock looks wrong"
        )
        let stored = try await workspace.openStore().measurements()
        #expect(stored.count == 3)
        #expect(
            stored.allSatisfy { $0.measurement.context?.measurementStatus?.contains("device_clock_suspect") == true }
        )
        try hub.plugIn(vendorId: "1a61", productId: "3850", serial: Self.neoSerial, port: "1-1", socket: neo.path)
        lines = try await hub.waitForNotifications(2)
        #expect(lines.last == "No new readings from FreeStyle Precision Neo")
        #expect(await hub.stop() == 0)
        await expectNoLeftovers(workspace)
    }
}

extension USBGlucometerTests {
    @Test func unpluggingDuringTheDownloadEndsTheSessionCleanlyAndAReplugReadsEverything() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.acceptTerms()
        let neo = try neo(workspace, results: 1...30)
        defer { neo.stop() }
        neo.update { $0.faults.stallAfterResultReports = 3 }
        let hub = try USBHubSession(workspace)
        try await hub.ready()
        try hub.plugIn(vendorId: "1a61", productId: "3850", serial: Self.neoSerial, port: "1-1", socket: neo.path)
        // Mid-download: the meter has sent 3 reports of its `$result?` reply and gone silent.
        try await eventually("the meter to stall in its $result? reply (commands so far: \(neo.commands))") {
            neo.stalledReplies == 1
        }
        // The hub hears of the departure first and cancels the read; only then is the cable out (the other order is
        // a device lost mid-read, which is reported).
        try hub.unplug(port: "1-1")
        try await eventually("serve to cancel the read on the departure (stderr: \(hub.stderr))") {
            hub.stderr.contains("left; cancelling its read by usb-glucometer")
        }
        neo.unplug()
        // Recorded after the read has ended, so a notification of it would already be printed.
        try await workspace.waitForEvents(.deviceDetached, count: 1)
        #expect(hub.notifications.isEmpty, "an unplug is not a failure to report: \(hub.notifications)")
        #expect(try await workspace.openStore().measurementCount() == 0)
        #expect(hub.stderr.contains("ended: the device left"), "\(hub.stderr)")

        try hub.plugIn(vendorId: "1a61", productId: "3850", serial: Self.neoSerial, port: "1-1", socket: neo.path)
        let lines = try await hub.waitForNotifications(1)
        #expect(lines == ["30 new glucose readings from FreeStyle Precision Neo"], "\(hub.stderr)")
        #expect(try await workspace.events([.started]).count == 1, "the adapter kept running across the unplug")
        #expect(await hub.stop() == 0)
        await expectNoLeftovers(workspace)
    }
}

extension USBGlucometerTests {
    @Test func theShippedAdapterPassesTheConformanceChecks() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let manifest = try workspace.installUSBGlucometer()
        let check = try await CommandResult.run(
            Workspace.kidneyhub,
            ["adapters", "check", manifest],
            timeout: .seconds(120)
        )
        #expect(check.status == 0, "\(check.stdout)\n\(check.stderr)")
        #expect(check.stdout.contains("usb-glucometer: conformant"))
        #expect(!check.stdout.contains("FAIL"))
    }
}

extension USBGlucometerTests {
    @Test func aMeterWhoseBusReportsNoSerialResumesFromItsCursorByPlace() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.acceptTerms()
        let contour = try contour(workspace, results: 1...4, control: false)
        defer { contour.stop() }
        let hub = try USBHubSession(workspace)
        try await hub.ready()
        try hub.plugIn(vendorId: "1a79", productId: "6002", serial: nil, port: "2-4", socket: contour.path)
        _ = try await hub.waitForNotifications(1)
        try hub.unplug(port: "2-4")
        contour.update { $0.results += Self.contourResults(5...6) }
        try hub.plugIn(vendorId: "1a79", productId: "6002", serial: nil, port: "2-4", socket: contour.path)
        let lines = try await hub.waitForNotifications(2)
        #expect(lines == ["4 new glucose readings from Contour USB", "2 new glucose readings from Contour USB"])
        let details = try await workspace.events([.notification]).compactMap(\.detail)
        #expect(
            details.last?.hasPrefix("device \(Self.contourSerial): the adapter submitted 2 records after cursor v1:4@")
                == true,
            "\(details)"
        )
        #expect(try await workspace.openStore().measurementCount() == 6)
        #expect(await hub.stop() == 0)
        await expectNoLeftovers(workspace)
    }
}

extension USBGlucometerTests {
    @Test func aLibreIsReadAndPluggedInAgainSendsOnlyNewRecordsOfEachList() async throws {
        typealias Meter = SimulatedFreeStyleMeter
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.acceptTerms()
        var state = SimulatedFreeStyleMeter.State()
        state.serial = "JGGA123-A4567"
        (state.date, state.time) = (Self.meterNow.date, Self.meterNow.time)
        state.libreHistory = (1...8).map {
            Meter.libreSensorLine(id: $0, month: 3, day: 15, year: 24, hour: 6, minute: $0 * 5, value: 100 + $0)
        }
        state.libreResults = [
            Meter.libreResultLine(id: 1, month: 3, day: 15, year: 24, hour: 8, minute: 5, readingType: 0, value: 97)
        ]
        let libre = try SimulatedFreeStyleMeter(path: workspace.meterSocket("libre"), state: state)
        defer { libre.stop() }
        let hub = try USBHubSession(workspace)
        try await hub.ready()
        try hub.plugIn(vendorId: "1a61", productId: "3650", serial: "JGGA123-A4567", port: "1-4", socket: libre.path)
        var lines = try await hub.waitForNotifications(1)
        #expect(lines == ["9 new glucose readings from FreeStyle Libre"], "\(hub.stderr)")
        let stored = try await workspace.openStore().measurements()
        #expect(stored.filter { $0.measurement.context?.sampleSite == "interstitial" }.count == 8)
        try hub.unplug(port: "1-4")
        libre.update {
            $0.libreHistory.append(
                Meter.libreSensorLine(id: 9, month: 3, day: 15, year: 24, hour: 7, minute: 0, value: 120)
            )
        }
        try hub.plugIn(vendorId: "1a61", productId: "3650", serial: "JGGA123-A4567", port: "1-4", socket: libre.path)
        lines = try await hub.waitForNotifications(2)
        #expect(lines.last == "1 new glucose reading from FreeStyle Libre")
        let detail = try await workspace.events([.notification]).last?.detail ?? ""
        #expect(detail.contains("submitted 1 records after cursor v1:arresult:1@202403150805,history:8@"), "\(detail)")
        #expect(await hub.stop() == 0)
        await expectNoLeftovers(workspace)
    }
}

extension USBGlucometerTests {
    /// Issue 23: a FreeStyle Neo's HI result is the reading a patient most needs to see. It is stored as what it is (the
    /// meter's 500 mg/dL bound, flagged above the meter's range), raises an alert as it is stored, and the trends and
    /// the PDF say "above the meter's range" instead of drawing or averaging the bound as a measurement.
    @Test func aHIResultIsStoredAboveTheMetersRangeAlertedAndShownSoInTrendsAndThePDF() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.acceptTerms()
        let profile = try await workspace.kidneyhub(
            ["profile", "set", "--name", "Ana", "--category", "hemodialysis", "--time-zone", "UTC"],
            runsAdapters: false
        )
        #expect(profile.status == 0, "\(profile.stderr)")
        let neo = try neo(workspace, results: 1...2)
        defer { neo.stop() }
        neo.update {
            $0.results.append(
                SimulatedFreeStyleMeter.Result(id: 3, month: 3, day: 20, year: 24, hour: 7, minute: 45, value: "HI")
            )
        }
        let hub = try USBHubSession(workspace)
        try await hub.ready()
        try hub.plugIn(vendorId: "1a61", productId: "3850", serial: Self.neoSerial, port: "1-1", socket: neo.path)
        let lines = try await hub.waitForNotifications(1)
        #expect(lines.first?.contains("1 beyond the meter's range (HI or LO)") == true, "\(lines)")
        let store = try workspace.openStore()
        let stored = try await store.measurements(kind: .bloodGlucose)
        #expect(stored.count == 3)
        let high = try #require(stored.first { $0.measurement.meterRange == .above }, "\(stored)")
        #expect(high.measurement.value == 500, "the Neo's upper bound, not a measured value")

        try await eventually("the HI result's alert in the feed") {
            try await store.notifications(profileId: nil).contains {
                $0.type == .alert && $0.title == "Blood glucose above the meter's range (HI)"
                    && $0.body.contains("2024-03-20 07:45") && $0.body.contains("over 500 mg/dL")
            }
        }
        #expect(await hub.stop() == 0)

        let assigned = try await workspace.kidneyhub(
            ["devices", "assign", high.device.identity.deviceId, "--profile", "Ana"],
            runsAdapters: false
        )
        #expect(assigned.status == 0, "\(assigned.stderr)")
        let trend = try await workspace.kidneyhub(["trends", "blood_glucose", "--days", "3650"], runsAdapters: false)
        #expect(trend.status == 0, "\(trend.stderr)")
        let note = try #require(
            trend.stdout.split(separator: "\n").first { $0.contains("above the meter's range") },
            "\(trend.stdout)"
        )
        #expect(note.contains("above the meter's range (HI, over 500 mg/dL) at 2024-03-20 07:45"), "\(note)")
        #expect(note.count <= 100, "the note is \(note.count) columns: \(note)")
        let pdf = "\(workspace.path)/report.pdf"
        let report = try await workspace.kidneyhub(
            ["report", "pdf", "--from", "2024-03-01", "--to", "2024-03-31", "--out", pdf],
            runsAdapters: false
        )
        #expect(report.status == 0, "\(report.stderr)")
        let text = try await CommandResult.run("/usr/bin/pdftotext", [pdf, "-"], timeout: .seconds(60)).stdout
        let flat = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flat.contains("above the meter's range (HI, over 500 mg/dL) at 2024-03-20 07:45"), "\(flat)")
        #expect(flat.contains("2 readings, mean"), "the bound is not averaged in: \(flat)")
        await expectNoLeftovers(workspace)
    }
}
