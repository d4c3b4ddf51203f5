import AdapterProtocol
import FoundationEssentials

@testable import Importers

/// Runs a parser against an `ImportOutput` that never blocks, and keeps what it produced.
struct Collected {
    var records: [(device: DeviceIdentity, record: MeasurementRecord)] = []
    var problems: [ImportProblem] = []
    var failure: (any Error)?
    var progress: [(done: Int, total: Int)] = []

    static func run(_ parse: (ImportOutput) throws -> Void) async -> Collected {
        let output = ImportOutput(batchSize: 1, maxPending: 100_000)
        var collected = Collected()
        do {
            try parse(output)
            try output.flush()
        } catch {
            collected.failure = error
            try? output.flush()
        }
        output.finish()
        for await event in output.events {
            switch event {
            case .records(let device, let records):
                for record in records { collected.records.append((device, record)) }
            case .problem(let problem):
                collected.problems.append(problem)
            case .progress(let done, let total):
                collected.progress.append((done, total))
            }
        }
        return collected
    }

    /// The problems that are records that could not be read (not the counts of skipped types).
    var unreadable: [ImportProblem] {
        problems.filter { ![ImportOutput.skippedLocation, ImportOutput.foundLocation].contains($0.location) }
    }

    /// The counts of skipped types: "skipped: 2 HKQuantityTypeIdentifierBasalEnergyBurned (…)" → name: 2.
    var skipped: [String: Int] {
        var counts: [String: Int] = [:]
        for problem in problems where problem.location == ImportOutput.skippedLocation {
            let words = problem.reason.dropFirst("skipped: ".count).split(separator: " ", maxSplits: 1)
            guard words.count == 2, let count = Int(words[0].filter { $0 != "," }) else { continue }
            // Fitbit says "altitude files in X", Apple "HKQuantityTypeIdentifier…": both keep their words.
            let name = words[1].components(separatedBy: " (not a kind")[0]
            counts[name] = count
        }
        return counts
    }

    /// The records of one kind, in order.
    func records(_ kind: String) -> [MeasurementRecord] {
        records.map(\.record).filter { $0.kind == kind }
    }
}
