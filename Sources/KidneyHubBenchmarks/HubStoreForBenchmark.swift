import HubStore

/// A store in the run's scratch directory.
enum HubStoreForBenchmark {
    static func open(in directory: String) throws -> HubDatabase {
        try HubDatabase.open(atPath: "\(directory)/hub.sqlite")
    }
}
