import Crypto
import Foundation

/// Opaque tokens that are stored only as their SHA-256.
///
/// The document's clients sign in once and keep the token, and its server hands the same token back on every
/// sign-in (one per account). To do that without storing the token, each token is derived from a random 128-bit salt
/// kept in the database and a 256-bit server secret kept outside it: HMAC-SHA-256(secret, salt), its first 160 bits
/// as 40 hex digits (the shape of the document's tokens). A copy of the database alone yields no token; revoking
/// or expiring one replaces the salt, so the next sign-in gets a new token.
struct TokenDerivation: Sendable {
    let secret: SymmetricKey

    init(secret: [UInt8]) {
        self.secret = SymmetricKey(data: secret)
    }

    /// A new random salt (128 bits).
    static func newSalt() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    /// Random text of a token's shape, for a decoy password hash.
    static func randomText() -> String {
        Hex.string(newSalt())
    }

    /// The token for a salt.
    func token(salt: [UInt8]) -> String {
        let mac = HMAC<SHA256>.authenticationCode(for: salt, using: secret)
        return Hex.string(Array(mac).prefix(20))
    }

    /// What the database holds for a token: its SHA-256.
    static func storedHash(of token: String) -> [UInt8] {
        Array(SHA256.hash(data: Array(token.utf8)))
    }
}

/// Lower-case hexadecimal text of bytes.
enum Hex {
    static func string(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
