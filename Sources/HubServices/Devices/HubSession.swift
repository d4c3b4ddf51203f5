import AdapterHost
import AdapterProtocol
import CareEngine
import HubRecords
import HubStore

/// Why the store's hub could not be had for an operation that runs adapters.
public enum HubSessionError: Error, Sendable, CustomStringConvertible {
    /// Another hub (a running `kidneyhub serve`, or another command) holds the store's lock.
    case storeBusy(HubStoreError)

    public var description: String {
        switch self {
        case .storeBusy(let error):
            "\(error)\nIs `kidneyhub serve` running on this store? Stop it, or pass another --store."
        }
    }
}

extension HubApplication {
    /// Runs `body` with a hub of this process on the store (ARCHITECTURE.md: one hub per store): takes the store's
    /// lock, builds the hub with the one post-commit function, and afterwards stops every adapter and catches up on
    /// the post-commit work the hub's queue had not reached, whether `body` succeeded or not.
    public func withInProcessHub<T: Sendable>(
        _ setup: AdapterSetup,
        _ body: (HubService) async throws -> T
    ) async throws -> T {
        let lock: StoreLock
        do {
            lock = try StoreLock(storePath: store.path)
        } catch {
            throw HubSessionError.storeBusy(error)
        }
        let work = postCommitWork()
        let hub = HubService(
            store: store,
            catalog: setup.catalog,
            settings: setup.settings,
            adapterConfigs: setup.configs,
            hook: work,
            onActivity: setup.onActivity
        )
        do {
            let result = try await body(hub)
            await hub.stop()
            // The hook runs on its own queue and may not have reached the last batches before the process exits.
            await work.catchUp()
            lock.release()
            return result
        } catch {
            await hub.stop()
            lock.release()
            throw error
        }
    }

    /// Sends `request` to the hub running on the store (`kidneyhub serve`), if one answers its control socket, and
    /// maps its answer; otherwise runs `inProcess`, which starts a hub of this process.
    func viaRunningHub<R: RPCRequest, T>(
        _ request: R,
        _ map: (R.Result) -> T,
        orInProcess inProcess: () async throws -> T
    ) async throws -> T {
        guard let client = ControlClient.connect(toStore: store.path) else { return try await inProcess() }
        do {
            let result = try await client.send(request)
            await client.close()
            return map(result)
        } catch {
            await client.close()
            throw error
        }
    }
}

extension HubApplication {
    /// The store's path: the hub's lock and control socket sit beside it.
    public var storePath: String { store.path }
}
