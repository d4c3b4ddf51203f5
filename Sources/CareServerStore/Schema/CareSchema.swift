/// The server's migrations, in order. A new step is a new file `CareSchema+<Feature>.swift` and one line here.
enum CareSchema {
    static let numbered: [Migration] = [
        v1Accounts,
        v2Lists,
        v3Audit,
        v4Sync,
        v5SyncKinds,
        v6Portal,
        v7PatientSummary,
        v8Orders,
        v9Questionnaires,
    ]
}
