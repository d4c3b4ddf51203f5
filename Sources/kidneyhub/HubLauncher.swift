import AdapterHost
import AdapterProtocol
import ArgumentParser
import CareEngine
import Foundation
import HubStore

/// Runs a body with an in-process hub on the store: takes the store's lock (one hub per
/// store), opens it, and stops every adapter afterwards, whether the body succeeded or not.
func withHub<T: Sendable>(
    store storeOptions: StoreOptions,
    search: AdapterOptions,
    adapterConfigs: [String: JSONValue] = [:],
    onActivity: @escaping @Sendable (String, AdapterActivity) -> Void = { _, _ in },
    _ body: (HubService) async throws -> T
) async throws -> T {
    let path = storeOptions.resolvedPath
    let lock: StoreLock
    do {
        lock = try StoreLock(storePath: path)
    } catch {
        throw CommandFailure("\(error)\nIs `kidneyhub serve` running on this store? Stop it, or pass another --store.")
    }
    let store = try HubDatabase.open(atPath: path, durability: storeOptions.durability)
    let tagger = WeightPhaseTagger(store: store)
    let hub = HubService(
        store: store,
        catalog: search.catalog(),
        settings: search.settings,
        adapterConfigs: adapterConfigs,
        hook: CarePostCommitWork(
            tagger: tagger,
            engine: GoalEngine(store: store),
            dispatcher: notificationDispatcher(store)
        ),
        onActivity: onActivity
    )
    do {
        let result = try await body(hub)
        await hub.stop()
        // The hook runs on its own queue and may not have reached the last batches before the process exits.
        _ = try? await tagger.tagPending()
        lock.release()
        return result
    } catch {
        await hub.stop()
        lock.release()
        throw error
    }
}

/// Sends a request to the `kidneyhub serve` running on the store, if one is, and maps its
/// answer; otherwise runs `inProcess`, which starts a hub of its own (ARCHITECTURE.md: one hub
/// per store).
func viaRunningHub<R: RPCRequest, T>(
    _ storeOptions: StoreOptions,
    _ request: R,
    _ map: (R.Result) -> T,
    orInProcess inProcess: () async throws -> T
) async throws -> T {
    guard let client = ControlClient.connect(toStore: storeOptions.resolvedPath) else { return try await inProcess() }
    do {
        let result = try await client.send(request)
        await client.close()
        return map(result)
    } catch {
        await client.close()
        throw error
    }
}

/// Opens the store for reading only; needs no lock, since WAL lets readers work beside the hub.
func openStoreForReading(_ options: StoreOptions) throws -> HubDatabase {
    let path = options.resolvedPath
    guard FileManager.default.fileExists(atPath: path) else {
        throw CommandFailure(
            "no store at \(path) yet: run `kidneyhub demo` or `kidneyhub devices sync` first, or pass --store"
        )
    }
    return try HubDatabase.open(atPath: path)
}

/// A failure the user can act on: printed as is, exit status 1.
struct CommandFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Opens (creating if needed) the store for a command that writes patient data or the terms acceptance.
///
/// Takes no lock: the hub's lock guards adapter supervision, and SQLite serializes writers, so a manual entry works
/// beside a running `kidneyhub serve`.
func openStoreForWriting(_ options: StoreOptions) throws -> HubDatabase {
    try HubDatabase.open(atPath: options.resolvedPath, durability: options.durability)
}
