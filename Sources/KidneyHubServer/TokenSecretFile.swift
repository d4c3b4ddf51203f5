import ArgumentParser
import Foundation

/// The token secret on disk: 32 random bytes, created owner-only on first use and read as they are after.
enum TokenSecretFile {
    static func load(_ path: String) throws -> [UInt8] {
        if let data = FileManager.default.contents(atPath: path) {
            guard data.count == 32 else {
                throw ValidationError("token secret file \(path) holds \(data.count) bytes, not 32")
            }
            return Array(data)
        }
        var generator = SystemRandomNumberGenerator()
        let secret = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        guard
            FileManager.default.createFile(atPath: path, contents: Data(secret), attributes: [.posixPermissions: 0o600])
        else { throw ValidationError("cannot create the token secret file \(path)") }
        return secret
    }
}
