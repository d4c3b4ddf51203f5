import CareEngine
import DesktopNotifications
import Foundation
import HubCore
import HubRecords
import HubStore

/// The application layer's root: the store every area service works on, and the clock they read.
///
/// Every front end (the command line, the daemon, the web app) reaches the store only through the area services this
/// type hands out (`labs`, `weight`, `foods`, …, each in a file of its own); none of them sees SQL or the database.
/// Methods are the operations a user can do and return values, never formatted text.
public struct HubApplication: Sendable {
    /// The store, private to the application layer.
    let store: HubDatabase
    /// The clock services read "now" from (tests drive a manual one).
    let clock: any HubClock
    /// Readings this process commits, announced to listeners right after the commit (the web app's Today pages).
    public let readingArrivals: ReadingArrivals

    init(store: HubDatabase, clock: any HubClock = SystemClock()) {
        self.store = store
        self.clock = clock
        self.readingArrivals = ReadingArrivals()
    }

    /// Opens the store at `path` for an operation that writes, creating the store file when it does not exist yet.
    ///
    /// The store's folder is created only when `creatingFolder` says so (accepting the terms, the demo, restoring a
    /// backup, or the user's explicit `--create-folder`): a mistyped `--store` must not silently start a second, split record
    /// in a new folder.
    ///
    /// Takes no lock: the hub's lock guards adapter supervision, and SQLite serializes writers, so a manual entry works
    /// beside a running `kidneyhub serve`.
    public static func open(
        atPath path: String,
        durability: StoreDurability = .full,
        creatingFolder: Bool = false,
        clock: any HubClock = SystemClock()
    ) throws(ApplicationError) -> HubApplication {
        let folder = (path as NSString).deletingLastPathComponent
        if !creatingFolder, !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) {
            throw .noFolder(path: path, folder: folder)
        }
        do {
            return HubApplication(store: try HubDatabase.open(atPath: path, durability: durability), clock: clock)
        } catch {
            throw .store(error)
        }
    }

    /// Opens an existing store at `path` for reading; needs no lock, since WAL lets readers work beside the hub.
    public static func openExisting(
        atPath path: String,
        clock: any HubClock = SystemClock()
    ) throws(ApplicationError) -> HubApplication {
        guard FileManager.default.fileExists(atPath: path) else { throw .noStore(path: path) }
        do {
            return HubApplication(store: try HubDatabase.open(atPath: path), clock: clock)
        } catch {
            throw .store(error)
        }
    }

    /// The current instant in UTC epoch milliseconds, by the application's clock.
    public func now() -> Int64 { clock.now() }

    /// Who a correction is recorded as made by: the account running this process, through KidneyHub.
    var changeAuthor: String { "\(ProcessInfo.processInfo.userName) (kidneyhub)" }

    /// Where notifications are pushed: the configured command, and the desktop when a session bus is there.
    public func notificationDispatcher() -> NotificationDispatcher {
        NotificationDispatcher(
            store: store,
            sinks: [CommandNotifier()] + (DesktopNotifier.fromEnvironment().map { [$0] } ?? [])
        )
    }

    /// The one piece of work after readings are stored, by any path: announcing them (`readingArrivals`), tagging,
    /// goals, alerts, pushes.
    public func postCommitWork() -> CarePostCommitWork {
        let arrivals = readingArrivals
        return CarePostCommitWork(
            store: store,
            dispatcher: notificationDispatcher(),
            clock: clock,
            announce: { arrivals.announce() }
        )
    }
}
