import ArgumentParser
import Foundation
import Importers

/// `KidneyHubBenchmarks fit-decode DIR`: decodes every .fit file of a folder with the hub's FIT reader
/// (file read, CRC check, every message), as `scripts/bench/fitparse_decode.py` does with fitparse.
struct FITDecode: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fit-decode",
        abstract: "Decode the .fit files of a folder with the hub's FIT reader; compare with fitparse."
    )

    @Argument(help: "A folder of .fit files.") var directory: String
    @Option(help: "Decode the folder this many times and report the best run.") var runs = 3

    func run() async throws {
        let paths = try FileManager.default.contentsOfDirectory(atPath: directory)
            .filter { $0.lowercased().hasSuffix(".fit") }.sorted().map { "\(directory)/\($0)" }
        var best = Double.infinity
        var messages = 0
        for _ in 0..<max(1, runs) {
            let start = ContinuousClock.now
            messages = 0
            for path in paths {
                let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
                messages += try FITDecoder.decode(bytes).messages.count
            }
            let elapsed = ContinuousClock.now - start
            best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        print(
            "kidneyhub FIT reader: \(paths.count) files, \(messages) messages in \(String(format: "%.3f", best)) s (\(Int(Double(messages) / best)) messages/s, best of \(runs))"
        )
    }
}
