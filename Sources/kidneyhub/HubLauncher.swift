import Foundation
import HubStore

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
