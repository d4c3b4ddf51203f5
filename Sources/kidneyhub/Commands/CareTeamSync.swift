import ArgumentParser
import HubRecords
import HubServices

/// `kidneyhub care-team sync`.
struct CareTeamSync: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Send the readings your care team has not received yet, and take in their medication orders.",
        discussion: """
            Readings go in FHIR R4 Bundles; each is counted as sent only after the server confirms it, so an \
            interrupted sync sends the rest next time and the server stores every reading once. Then the \
            medicines your care team ordered or stopped are added to or stopped in your list; a change you made \
            yourself to an ordered medicine is kept.
            """
    )
    @OptionGroup var store: StoreOptions
    @Option(help: "The profile (needed when the store holds several).") var profile: String?
    @Option(help: "Readings per Bundle (1 to 1000).") var bundleSize = 200
    @Option(help: "Attempts per Bundle before giving up.") var attempts = 4

    func run() async throws {
        do {
            let options = CareTeamSyncOptions(bundleSize: bundleSize, attempts: attempts)
            let report = try await store.openForWriting().careTeam.sync(profile: profile, options: options)
            let kinds = [
                ("reading", "readings"), ("lab", "labs"), ("intake", "intake totals"), ("dose", "doses"),
                ("questionnaire-response", "questionnaire answers"),
            ]
            .compactMap { kind, name in report.sentByKind[kind].map { "\($0) \(name)" } }
            print(
                "Sent \(report.sent) resources\(kinds.isEmpty ? "" : " (\(kinds.joined(separator: ", ")))") in "
                    + "\(report.bundles) Bundles: \(report.created) new, \(report.alreadyStored) already on the server "
                    + "or updated; \(report.pending) readings still to send."
            )
            for (kind, count) in report.leftOut.sorted(by: { $0.key < $1.key }) {
                print("left out: \(count) \(kind) (no verified code)")
            }
            if let orders = report.orders {
                for name in orders.added { print("ordered by your care team: \(name)") }
                for name in orders.stopped { print("stopped by your care team: \(name)") }
                for name in orders.besideOwn {
                    print("note: \(name) is also on your own list; both are kept, check with your care team")
                }
                if orders.added.isEmpty && orders.stopped.isEmpty { print("No new orders from your care team.") }
            }
            if let assigned = report.questionnaires {
                print("\(assigned) questionnaires assigned by your care team (`kidneyhub questionnaire list`).")
            }
        } catch let error as CareTeamError {
            throw CommandFailure("\(error)")
        }
    }
}
