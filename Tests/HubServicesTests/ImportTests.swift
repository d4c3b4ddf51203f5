import Foundation
import HubRecords
import HubServices
import Synchronization
import TestSupport
import Testing

/// File imports through the application layer: each path gets an outcome of its own, and a path no adapter takes
/// does not stop the others.
struct ImportTests {
    @Test func aPathNoAdapterRecognisesFailsOnItsOwnAndEachPathIsAnnounced() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let simulated = try SimulatedDevices(in: directory)
        let app = try HubApplication.open(atPath: directory.file("store.sqlite"), durability: .normal)
        _ = try await app.terms.acceptCurrent()
        let unknown = try directory.write("not an export", to: "notes.txt")
        let started = Counter()
        let outcomes = try await app.imports(simulated.setup).importFiles(
            [unknown, directory.file("missing.zip")],
            adapterId: nil,
            onStart: { _ in started.add() }
        )
        #expect(outcomes.count == 2)
        for outcome in outcomes {
            guard case .failed(let path, let error) = outcome else {
                Issue.record("\(outcome) should have failed")
                continue
            }
            #expect(!error.isEmpty, "\(path) failed without a reason")
        }
        #expect(started.value == 2)
        #expect(simulated.adapterProcesses().isEmpty)
    }
}

/// Counts calls from any thread.
final class Counter: Sendable {
    private let count = Synchronization.Mutex(0)
    func add() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}
