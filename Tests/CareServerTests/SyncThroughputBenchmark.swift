import CareServerStore
import Clinical
import Foundation
import HubRecords
import HubServices
import HubStore
import HummingbirdTesting
import Logging
import Reports
import SampleData
import TestSupport
import Testing

@testable import CareServer

/// The sync throughput benchmark (issue 20, performance: "at least 20,000 readings per second from one hub into
/// PostgreSQL, deduplicated"), run only when asked (`KIDNEYHUB_SYNC_BENCH=1`, docs/benchmarks.md): a generated
/// patient's history pushed end to end (the hub building Bundles, HTTP, the server reading them, PostgreSQL), then
/// the same again after a new enrollment (every resource already there: the deduplicating path), then the parts
/// alone: reading the Bundles' JSON, and storing pre-read resources. Prints one line per figure.
@Suite(
    "Sync throughput (benchmark)",
    .throwawayCluster,
    .enabled(if: ProcessInfo.processInfo.environment["KIDNEYHUB_SYNC_BENCH"] != nil)
)
struct SyncThroughputBenchmark {
    static var days: Int { ProcessInfo.processInfo.environment["KIDNEYHUB_SYNC_BENCH_DAYS"].flatMap(Int.init) ?? 1095 }
    static var bundleSize: Int {
        ProcessInfo.processInfo.environment["KIDNEYHUB_SYNC_BENCH_BUNDLE"].flatMap(Int.init) ?? 500
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func report(_ what: String, _ count: Int, _ duration: Duration) {
        let perSecond = Double(count) / seconds(duration)
        print("sync-bench: \(what): \(count) in \(String(format: "%.2f", seconds(duration))) s = \(Int(perSecond))/s")
    }

    @Test("a generated history from one hub into PostgreSQL, first push and repeated push, and its parts")
    func throughput() async throws {
        try await CareHarness.with { harness async throws in
            let clinic = try await harness.clinic("North")
            let ada = try await harness.patient("9000000001", in: clinic)
            let port = try #require(harness.client.port)
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let path = directory.file("hub.sqlite")
            let store = try HubDatabase.open(atPath: path)
            let written = try await SamplePatientHistory.write(
                into: store,
                name: "Ana",
                days: Self.days,
                lastDay: try CalendarDate(year: 2026, month: 10, day: 31)
            )
            let hub = try HubApplication.open(atPath: path)
            let options = CareTeamSyncOptions(bundleSize: Self.bundleSize)
            let clock = ContinuousClock()

            for round in ["first push (all new)", "repeated push (all already stored)"] {
                _ = try await hub.careTeam.connect(
                    serverURL: "http://127.0.0.1:\(port)",
                    code: try await harness.enrollmentCode(for: ada.id, clinic: clinic)
                )
                var report: CareTeamSyncReport?
                let took = try await clock.measure { report = try await hub.careTeam.sync(options: options) }
                Self.report("\(round), end to end, bundles of \(Self.bundleSize)", report?.sent ?? 0, took)
                #expect(report?.pending == 0)
            }

            // The parts alone: the hub reading its store and writing the Bundles' text, the server reading that text
            // into resources (its own reader, and for comparison Foundation's JSONDecoder, which the sync used
            // before), and the resources stored.
            let patient = "Patient/\(ada.id)"
            var bundles: [String] = []
            let buildTook = try await clock.measure {
                let readings = try await store.careTeamPendingReadings(
                    profileId: written.profile.id,
                    afterId: 0,
                    limit: 1_000_000
                )
                bundles = stride(from: 0, to: readings.count, by: Self.bundleSize).map {
                    FHIRBundleBuilder.transaction(
                        readings: Array(readings[$0..<min($0 + Self.bundleSize, readings.count)]),
                        weightPhases: [:],
                        patientReference: patient
                    ).bundle.text()
                }
            }
            var parsed: [SyncBundle] = []
            let parseTook = try clock.measure {
                for text in bundles {
                    guard case .object(let fields) = try SyncJSON.parse(Array(text.utf8)) else {
                        throw CareHarness.Unexpected(description: "no object")
                    }
                    parsed.append(try SyncBundle(fields, patientID: Int64(ada.id)))
                }
            }
            let resources = parsed.reduce(0) { $0 + $1.readings.count }
            Self.report("hub reading its store and writing Bundles", resources, buildTook)
            Self.report("server reading Bundles (SyncJSON, validation)", resources, parseTook)
            let sample = bundles.prefix(2)
            var sampled = 0
            let decoderTook = try clock.measure {
                for text in sample {
                    let value = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
                    guard case .object(let fields) = value else {
                        throw CareHarness.Unexpected(description: "no object")
                    }
                    sampled += try SyncBundle(fields, patientID: Int64(ada.id)).readings.count
                }
            }
            Self.report("server reading Bundles (JSONDecoder, as before; two Bundles)", sampled, decoderTook)

            let ben = try await harness.patient("9000000002", in: clinic)
            let audit: @Sendable (Int) -> AuditEvent = { _ in
                AuditEvent(
                    clinicID: 1,
                    actorID: Int64(ben.id),
                    actorRole: .patient,
                    action: "create",
                    resource: "reading",
                    patientID: Int64(ben.id),
                    resourceID: nil,
                    address: "benchmark"
                )
            }
            for round in ["storing new resources", "storing resources already there"] {
                let took = try await clock.measure {
                    for bundle in parsed {
                        _ = try await harness.server.store.storeSync(
                            patientID: Int64(ben.id),
                            readings: bundle.readings,
                            administrations: [],
                            audit: audit
                        )
                    }
                }
                Self.report("\(round) (PostgreSQL alone)", resources, took)
            }
        }
    }
}
