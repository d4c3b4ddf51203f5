import HubStore

/// The application layer's root: the store every area service works on.
///
/// Every front end (the command line, the daemon, the web app) reaches the store only through the area services
/// this type hands out; none of them sees SQL or the database connection.
public struct HubApplication: Sendable {
    /// The store, private to the application layer.
    let store: HubDatabase

    /// The application over an open store.
    public init(store: HubDatabase) {
        self.store = store
    }
}
