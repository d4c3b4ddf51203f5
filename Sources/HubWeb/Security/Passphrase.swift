import HummingbirdBcrypt

/// The web app's passphrase: bcrypt, a slow salted hash (OWASP Password Storage Cheat Sheet: bcrypt with a work
/// factor of at least 10).
enum Passphrase {
    /// bcrypt's cost: 2^12 rounds, about a quarter of a second here; OWASP asks for at least 10.
    static let cost: UInt8 = 12
    /// The shortest passphrase accepted (NIST SP 800-63B §5.1.1.2: at least 8 characters).
    static let minimumLength = 8
    /// bcrypt reads at most 72 bytes; longer input would be cut silently, so it is refused.
    static let maximumBytes = 72

    /// Why a passphrase cannot be used, or nil when it can.
    static func problem(_ text: String, confirmation: String) -> MessageKey? {
        if text.count < minimumLength { return .passphraseTooShort }
        if text.utf8.count > maximumBytes { return .passphraseTooLong }
        if text != confirmation { return .passphraseMismatch }
        return nil
    }

    /// The hash to store, on a thread outside the cooperative pool's hot path (bcrypt is slow on purpose).
    static func hash(_ text: String) async -> String {
        await Task.detached(priority: .utility) { Bcrypt.hash(text, cost: cost) }.value
    }

    /// True when `text` is the passphrase `hash` was made from.
    static func verify(_ text: String, against hash: String) async -> Bool {
        await Task.detached(priority: .utility) { Bcrypt.verify(text, hash: hash) }.value
    }
}
