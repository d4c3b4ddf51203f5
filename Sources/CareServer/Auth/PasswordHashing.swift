import HummingbirdBcrypt
import NIOPosix

/// bcrypt, run on NIO's blocking thread pool so that a sign-in's hashing (tens of milliseconds at cost 10) never
/// holds an event loop.
struct PasswordHashing: Sendable {
    /// OWASP's Password Storage Cheat Sheet (2023): bcrypt with a work factor of 10 or more.
    static let minimumCost: UInt8 = 10

    let cost: UInt8

    init(cost: UInt8) {
        self.cost = max(cost, Self.minimumCost)
    }

    func hash(_ password: String) async throws -> String {
        let cost = self.cost
        return try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: cost) }
    }

    func verify(_ password: String, hash: String) async throws -> Bool {
        try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: hash) }
    }
}
