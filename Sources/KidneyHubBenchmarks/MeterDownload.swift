import ArgumentParser
import Foundation
import Glucometers
import MeterSimulators
import USBTransport

/// How long the adapter's drivers take to read a full meter from a simulated FreeStyle Neo and a
/// simulated Contour over the seqpacket report channel: framing, checksums, records (issue 6).
/// The wire of a real meter is slower (64-byte interrupt transfers every 1–10 ms); this measures
/// our side of it.
struct MeterDownload: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "meter-download")
    @Option(help: "Results in each simulated meter's memory.") var results = 1000
    @Option(help: "How many downloads of each meter to time.") var runs = 10

    func run() async throws {
        let directory = try BenchmarkEnvironment.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var neoState = SimulatedFreeStyleMeter.State()
        neoState.results = (1...results).map {
            SimulatedFreeStyleMeter.Result(
                id: $0,
                month: 1 + $0 % 12,
                day: 1 + $0 % 28,
                year: 24,
                hour: $0 % 24,
                minute: $0 % 60,
                value: "\(70 + $0 % 200)"
            )
        }
        var contourState = SimulatedContourMeter.State()
        contourState.results = (1...results).map {
            SimulatedContourMeter.Result(
                sequence: $0,
                value: "\(70 + $0 % 200)",
                markers: "B",
                time: String(format: "2024%02d%02d%02d%02d", 1 + $0 % 12, 1 + $0 % 28, $0 % 24, $0 % 60)
            )
        }
        let neo = try SimulatedFreeStyleMeter(path: "\(directory)/neo.sock", state: neoState)
        let contour = try SimulatedContourMeter(path: "\(directory)/contour.sock", state: contourState)
        defer {
            neo.stop()
            contour.stop()
        }
        for (name, path, meterProtocol) in [
            ("FreeStyle Neo", neo.path, MeterProtocol.freeStyle), ("Contour USB", contour.path, .contour),
        ] {
            var times: [Double] = []
            for _ in 0..<runs {
                let started = ContinuousClock.now
                let count = try await BlockingWork.run { () throws(GlucometerError) -> Int in
                    let channel: SeqPacketReportChannel
                    do throws(ReportChannelError) { channel = try SeqPacketReportChannel(path: path) } catch {
                        throw .transport(error, during: "connect")
                    }
                    defer { channel.close() }
                    return try meterProtocol.download(channel: channel, productId: 0x3850, timeout: .seconds(10))
                        .readings.count
                }
                guard count == results else { throw ValidationError("\(name): read \(count) of \(results) results") }
                times.append(seconds(ContinuousClock.now - started) * 1000)
            }
            times.sort()
            print(
                String(
                    format: "meter-download %@: %d results, median %.1f ms (%.0f results/s), min %.1f ms, max %.1f ms",
                    name,
                    results,
                    percentile(times, 50),
                    Double(results) / percentile(times, 50) * 1000,
                    times.first ?? .nan,
                    times.last ?? .nan
                )
            )
        }
    }
}
