import Crypto

/// A one-time code a clinician reads out or prints for a patient's hub: 20 characters of Crockford's base32 (100
/// random bits) in four groups of five, typed once into `kidneyhub care-team connect`. Stored only as the SHA-256
/// of its normalized form; Crockford's alphabet has no I, L, O or U, and reading accepts the look-alikes (O as 0,
/// I and L as 1), lower case, and the groups with or without hyphens or spaces.
enum EnrollmentCode {
    static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")
    static let length = 20

    /// A new random code, grouped for reading.
    static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        let characters = (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
        return stride(from: 0, to: length, by: 5).map { String(characters[$0..<($0 + 5)]) }.joined(separator: "-")
    }

    /// The code as stored (upper case, look-alikes mapped, separators dropped), or nil when it cannot be a code.
    static func normalized(_ text: String) -> String? {
        var out: [Character] = []
        for character in text.uppercased() where character != "-" && character != " " {
            let mapped: Character =
                switch character {
                case "O": "0"
                case "I", "L": "1"
                default: character
                }
            guard alphabet.contains(mapped) else { return nil }
            out.append(mapped)
        }
        return out.count == length ? String(out) : nil
    }

    /// What the database holds for a normalized code: its SHA-256.
    static func storedHash(of normalized: String) -> [UInt8] {
        Array(SHA256.hash(data: Array(normalized.utf8)))
    }
}
