import CareServerStore
import Foundation
import Logging
import PostgresNIO
import Testing

@Suite("Care server store on PostgreSQL", .throwawayCluster)
struct CareStoreTests {
    let logger = Logger(label: "care-store-tests")

    /// Runs `body` with a store on a fresh database in the suite's cluster.
    func withStore(_ body: (CareStore) async throws -> Void) async throws {
        let store = CareStore(url: try await SuiteCluster.freshDatabase(), maximumConnections: 4, logger: logger)
        try await store.withRunningClient { try await body(store) }
    }

    @Test("migrations are applied once, in order, and recorded with their versions")
    func migrationsApplyOnce() async throws {
        try await withStore { store async throws in
            #expect(try await store.migrate() == [1, 2, 3, 4, 5, 6, 7, 8, 9])
            #expect(try await store.migrate() == [])
            #expect(try await store.appliedVersions() == [1, 2, 3, 4, 5, 6, 7, 8, 9])
        }
    }

    @Test("a duplicate username writes nothing and says so")
    func duplicateUsername() async throws {
        try await withStore { store async throws in
            try await store.migrate()
            let clinic = try await store.clinic(named: "North")
            let new = NewAccount(
                clinicID: clinic,
                role: .patient,
                username: "9000000001",
                passwordHash: "x",
                firstName: "Ada"
            )
            let first = try await store.createAccount(new) { _ in nil }
            await #expect(throws: StoreError.duplicateUsername) {
                try await store.createAccount(new) { _ in nil }
            }
            #expect(try await store.patients(ofClinic: clinic).map(\.id) == [first.id])
        }
    }

    /// The audit event of a symptom list the patient created.
    static func created(_ id: Int64, clinic: Int64, patient: Int64) -> AuditEvent {
        AuditEvent(
            clinicID: clinic,
            actorID: patient,
            actorRole: .patient,
            action: "create",
            resource: "symptom_list",
            patientID: patient,
            resourceID: id,
            address: "127.0.0.1"
        )
    }

    @Test("a symptom list is stored in one row with its entries in order, and read back by its owner's id")
    func symptomListRoundTrip() async throws {
        try await withStore { store async throws in
            try await store.migrate()
            let clinic = try await store.clinic(named: "North")
            let patient = try await store.createAccount(
                NewAccount(clinicID: clinic, role: .patient, username: "9000000002", passwordHash: "x", firstName: "B")
            ) { _ in nil }
            let entries = [SymptomEntry(symptomNo: 3, scale: 8), SymptomEntry(symptomNo: 1, scale: 0)]
            let stored = try await store.addSymptomList(patientID: patient.id, entries) { id in
                Self.created(id, clinic: clinic, patient: patient.id)
            }
            let read = try #require(try await store.symptomList(id: stored.id))
            #expect(read == stored)
            #expect(read.entries == entries)
            #expect(read.recordedAt.hasSuffix("Z") && read.recordedAt.count == 27)
            #expect(try await store.symptomLists(patientID: patient.id).map(\.id) == [stored.id])
            let audit = try await store.auditEvents(clinicID: clinic, limit: 10)
            #expect(audit.map(\.resourceID) == [stored.id])
            // A patient's lists (a prepared statement) come whole, oldest first, and only hers.
            let second = try await store.addSymptomList(patientID: patient.id, [SymptomEntry(symptomNo: 2, scale: 10)])
            { id in Self.created(id, clinic: clinic, patient: patient.id) }
            #expect(try await store.symptomLists(patientID: patient.id) == [stored, second])
            #expect(try await store.symptomLists(patientID: patient.id + 1_000).isEmpty)
        }
    }

    @Test("the database itself refuses a scale outside 0 to 10, and the refused list leaves no row and no audit")
    func scaleCheckInDatabase() async throws {
        try await withStore { store async throws in
            try await store.migrate()
            let clinic = try await store.clinic(named: "North")
            let patient = try await store.createAccount(
                NewAccount(clinicID: clinic, role: .patient, username: "9000000003", passwordHash: "x", firstName: "C")
            ) { _ in nil }
            await #expect(throws: PSQLError.self) {
                try await store.addSymptomList(patientID: patient.id, [SymptomEntry(symptomNo: 1, scale: 11)]) { id in
                    Self.created(id, clinic: clinic, patient: patient.id)
                }
            }
            #expect(try await store.symptomLists(patientID: patient.id).isEmpty)
            #expect(try await store.auditEvents(clinicID: clinic, limit: 10).isEmpty)
        }
    }

    @Test("a database URL names its socket folder, port, user and database; a wrong one says what is wrong")
    func databaseURL() throws {
        let url = try DatabaseURL("postgres://kidneyhub@/care?host=/run/pg&port=5433")
        #expect(url.socketPath == "/run/pg/.s.PGSQL.5433")
        #expect(url.user == "kidneyhub" && url.database == "care")
        let tcp = try DatabaseURL("postgresql://a:secret@db.example:6000/x")
        #expect(tcp.host == "db.example" && tcp.port == 6000 && tcp.password == "secret")
        #expect(throws: DatabaseURLError.self) { try DatabaseURL("mysql://a@b/c") }
        do {
            _ = try DatabaseURL("postgres://a:secret@host/")
            Issue.record("a URL without a database was taken")
        } catch {
            #expect(error.description.contains("database"))
            #expect(!error.description.contains("secret"))
        }
    }
}
