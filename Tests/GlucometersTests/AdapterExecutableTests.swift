import Foundation
import Glucometers
import MeterSimulators
import Testing
import USBTransport

/// The `kidneyhub-usb-glucometer` executable, as the hub runs it, against the simulated meters
/// playing real session shapes: a test stands in for the hub on the adapter's stdin/stdout
/// (adapter-protocol.md: initialize, devices/attach, measurements/submit acknowledged).
struct AdapterExecutableTests {
    /// Where SwiftPM put the products of this build (beside the running test bundle).
    static let executable: String = {
        let bundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        return bundle.appendingPathComponent("kidneyhub-usb-glucometer").path
    }()

    /// What one attach sent: its records, its log messages and its result.
    struct Attach: Sendable {
        struct Record: Sendable {
            var kind: String
            var value: Double?
            var unit: String = ""
            var status: [String]
        }
        var records: [Record] = []
        var logs: [String] = []
        var submitted: Int?
        var error: String?
    }

    /// Runs the adapter, attaches the meter at `socket` and answers every submit as stored.
    static func attach(vendorId: String, productId: String, socket: String) async throws -> Attach {
        let path = executable
        return try await BlockingWork.run { () throws -> Attach in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: path)
            let input = Pipe()
            let output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            // A stuck adapter fails the test instead of hanging it.
            let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
            DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
            defer {
                watchdog.cancel()
                try? input.fileHandleForWriting.close()
                process.waitUntilExit()
            }
            func send(_ message: [String: Any]) throws {
                var data = try JSONSerialization.data(withJSONObject: message)
                data.append(0x0A)
                try input.fileHandleForWriting.write(contentsOf: data)
            }
            var buffer = Data()
            func nextMessage() throws -> [String: Any]? {
                while true {
                    if let newline = buffer.firstIndex(of: 0x0A) {
                        let line = buffer[buffer.startIndex..<newline]
                        buffer.removeSubrange(buffer.startIndex...newline)
                        return try JSONSerialization.jsonObject(with: line) as? [String: Any]
                    }
                    let chunk = output.fileHandleForReading.availableData
                    guard !chunk.isEmpty else { return nil }  // the adapter exited
                    buffer.append(chunk)
                }
            }
            try send([
                "jsonrpc": "2.0", "id": 1, "method": "initialize",
                "params": [
                    "protocolVersions": ["1.0"], "hubInfo": ["name": "test", "version": "0"],
                    "hubPid": Int(ProcessInfo.processInfo.processIdentifier), "adapterConfig": [:],
                    "logLevel": "info", "ingest": ["maxBatchRecords": 100, "maxUnacknowledgedBatches": 4],
                ],
            ])
            var attach = Attach()
            var attached = false
            while let message = try nextMessage() {
                if let id = message["id"] as? Int, id == 1, !attached {
                    attached = true
                    try send(["jsonrpc": "2.0", "method": "initialized", "params": [:]])
                    try send([
                        "jsonrpc": "2.0", "id": 50, "method": "devices/attach",
                        "params": ["node": "unix:\(socket)", "usb": ["vendorId": vendorId, "productId": productId]],
                    ])
                } else if let id = message["id"] as? Int, id == 50 {
                    attach.submitted = (message["result"] as? [String: Any])?["submitted"] as? Int
                    attach.error = (message["error"] as? [String: Any]).map { "\($0)" }
                    return attach
                } else if message["method"] as? String == "measurements/submit", let id = message["id"] {
                    let params = message["params"] as? [String: Any] ?? [:]
                    let records = params["records"] as? [[String: Any]] ?? []
                    attach.records += records.map { record in
                        Attach.Record(
                            kind: record["kind"] as? String ?? "",
                            value: record["value"] as? Double,
                            unit: record["unit"] as? String ?? "",
                            status: (record["context"] as? [String: Any])?["measurementStatus"] as? [String] ?? []
                        )
                    }
                    try send([
                        "jsonrpc": "2.0", "id": id,
                        "result": ["batchId": params["batchId"] ?? "", "stored": records.count, "duplicates": 0],
                    ])
                } else if message["method"] as? String == "log",
                    let text = (message["params"] as? [String: Any])?["message"] as? String
                {
                    attach.logs.append(text)
                }
            }
            return attach
        }
    }

    @Test func aNeoWithAHIReadingAndAKetoneThroughTheAdapterExecutable() async throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: Self.executable),
            "build the adapter first: swift build --build-tests (\(Self.executable))"
        )
        typealias Meter = SimulatedFreeStyleMeter
        var state = DriverSessionTests.neoState(results: 2)
        state.results.append(Meter.Result(id: 3, month: 3, day: 15, year: 24, hour: 22, minute: 5, value: "HI"))
        state.otherRecords = [Meter.neoKetoneLine(id: 4, month: 3, day: 16, year: 24, hour: 8, minute: 0, value: "27")]
        let meter = try SimulatedFreeStyleMeter(path: DriverSessionTests.socketPath(), state: state)
        defer { meter.stop() }
        let attach = try await Self.attach(vendorId: "1a61", productId: "3850", socket: meter.path)
        #expect(attach.error == nil, "\(attach.error ?? "")")
        #expect(attach.submitted == 4)
        let high = try #require(attach.records.first { $0.status.contains("above_meter_range") })
        #expect(high.value == 500 && high.kind == "blood_glucose")
        // The ketone strip result (record type 9, 27 / 18 = 1.5 mmol/L) is its own kind, in its own unit.
        let ketone = try #require(attach.records.first { $0.kind == "blood_ketone" })
        #expect(ketone.value == 1.5 && ketone.unit == "mmol/L")
        #expect(attach.records.filter { $0.kind == "blood_glucose" }.count == 3)
        #expect(attach.logs.contains { $0.contains("1 β-ketone readings") })
        #expect(attach.logs.contains { $0.contains("3 glucose readings (1 beyond the meter's range)") })
    }

    @Test func aContourThatSendsItsHeaderWithTheWakeUpThroughTheAdapterExecutable() async throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: Self.executable),
            "build the adapter first: swift build --build-tests (\(Self.executable))"
        )
        var state = DriverSessionTests.contourState(results: 2)
        state.wakeUp = .headerThenENQ
        state.repeatENQ = true
        state.results.append(SimulatedContourMeter.Result(sequence: 3, value: "HI", time: "202403152200"))
        let meter = try SimulatedContourMeter(path: DriverSessionTests.socketPath(), state: state)
        defer { meter.stop() }
        let attach = try await Self.attach(vendorId: "1a79", productId: "6002", socket: meter.path)
        #expect(attach.error == nil, "\(attach.error ?? "")")
        #expect(attach.records.count == 3)
        let high = try #require(attach.records.first { $0.status.contains("above_meter_range") })
        #expect(high.value == 600)
        #expect(meter.hostControls.prefix(3) == ["EOT", "ACK", "ACK"])
    }
}
