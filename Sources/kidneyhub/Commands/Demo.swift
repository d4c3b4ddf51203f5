import AdapterHost
import ArgumentParser
import Foundation
import HubServices

/// `kidneyhub demo`: the hub and the device simulator on a dialysis-day scenario.
struct Demo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the hub with the device simulator and show what was stored.",
        discussion: """
            Without --scenario the simulator plays its built-in dialysis day. Without --store (or \
            $KIDNEYHUB_STORE) the readings go to a demo store of their own (demo.sqlite in $XDG_DATA_HOME/kidneyhub, else ~/.local/share/kidneyhub), so simulated \
            weights never mix into a patient's record; that store holds simulated data only, so the demo \
            accepts the terms of use there itself. With --store, the store's own terms acceptance applies.
            """
    )
    @OptionGroup var store: StoreOptions
    @OptionGroup var search: AdapterOptions
    @Option(help: "A simulator scenario file.") var scenario: String?

    func run() async throws {
        bootstrapLogging()
        var store = store
        let isDemoStore = store.path == nil && (ProcessInfo.processInfo.environment["KIDNEYHUB_STORE"] ?? "").isEmpty
        if isDemoStore { store.path = StoreOptions.demoStorePath }
        let outcome: DemoService.Outcome
        do {
            outcome = try await store.openForWriting(creatingFolder: true).demo(search.setup()).playDay(
                scenario: scenario,
                isDemoStore: isDemoStore
            )
        } catch let failure as DemoService.Failure {
            if case .noScenario = failure { throw ValidationError(failure.description) }
            throw CommandFailure(failure.description)
        }
        if outcome.acceptedTermsForDemo {
            print(
                "Demo store \(store.resolvedPath): simulated readings only; the terms of use were accepted there for the demo.\n"
            )
        }
        print("Store: \(store.resolvedPath)\n")
        printTable(
            ["DEVICE", "NEW", "ALREADY STORED"],
            outcome.reports.map { [$0.deviceId, "\($0.stored)", "\($0.duplicates)"] }
        )
        print("")
        printMeasurementTable(outcome.readings)
    }
}
