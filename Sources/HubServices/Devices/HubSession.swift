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
    ///
    /// `waitingForLock` is how long to wait while another command holds the lock (`serve` waits for a one-shot
    /// command on the same store to finish instead of failing at once); zero fails at once.
    public func withInProcessHub<T: Sendable>(
        _ setup: AdapterSetup,
        waitingForLock: Duration = .zero,
        _ body: (HubService) async throws -> T
    ) async throws -> T {
        let lock = try await takeLock(waitingUpTo: waitingForLock)
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
            // Weights stored by an earlier process that exited before its post-commit work (a kill) get their phase.
            await work.catchUp()
            lock.release()
            return result
        } catch {
            await hub.stop()
            lock.release()
            throw error
        }
    }

    /// The store's lock, retried every 100 ms for up to `limit` while another holder has it.
    private func takeLock(waitingUpTo limit: Duration) async throws -> StoreLock {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: limit)
        while true {
            do {
                return try StoreLock(storePath: store.path)
            } catch .storeLocked where clock.now < deadline {
                try await Task.sleep(for: .milliseconds(100))
            } catch {
                throw HubSessionError.storeBusy(error)
            }
        }
    }

    /// Sends `request` to the hub running on the store (`kidneyhub serve`), if one answers its control socket, and
    /// maps its answer; otherwise runs `inProcess`, which starts a hub of this process.
    ///
    /// A `serve` that has just started holds the store's lock a moment before its control socket listens (`serve &`
    /// followed at once by a command, as in the README): when `inProcess` finds the store busy and no socket
    /// answered, the request waits up to 10 s for the socket before the store-busy error stands.
    func viaRunningHub<R: RPCRequest, T>(
        _ request: R,
        _ map: (R.Result) -> T,
        orInProcess inProcess: () async throws -> T
    ) async throws -> T {
        let client: ControlClient
        if let running = ControlClient.connect(toStore: store.path) {
            client = running
        } else {
            do {
                return try await inProcess()
            } catch {
                guard case HubSessionError.storeBusy(.storeLocked) = error,
                    let starting = await controlClient(waitingUpTo: .seconds(10))
                else { throw error }
                client = starting
            }
        }
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
    /// A connection to the store's control socket once one answers, polled every 100 ms; nil after `limit`.
    fileprivate func controlClient(waitingUpTo limit: Duration) async -> ControlClient? {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: limit)
        while clock.now < deadline {
            if let client = ControlClient.connect(toStore: store.path) { return client }
            do { try await Task.sleep(for: .milliseconds(100)) } catch { return nil }
        }
        return nil
    }

    /// The store's path: the hub's lock and control socket sit beside it.
    public var storePath: String { store.path }
}
