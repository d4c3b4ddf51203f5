import Foundation

/// One cell of a backup: the SQLite storage classes, written to JSON losslessly.
///
/// Integers are JSON integers, reals the shortest decimal that reads back to the same double, text a JSON string,
/// blobs `{"base64": "..."}`, NULL `null`.
public enum BackupValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)

    /// The value as JSON text.
    func json() -> String {
        switch self {
        case .null: "null"
        case let .integer(value): String(value)
        case let .real(value): Self.shortest(value)
        case let .text(value): CompactJSON.quoted(value)
        case let .blob(data): "{\"base64\":\"\(data.base64EncodedString())\"}"
        }
    }

    /// The value as a CSV field (NULL empty, blobs in base64).
    package func csvField() -> String {
        switch self {
        case .null: ""
        case let .integer(value): String(value)
        case let .real(value): Self.shortest(value)
        case let .text(value): value
        case let .blob(data): data.base64EncodedString()
        }
    }

    /// Swift prints the shortest digits that read back to the same double; a whole number keeps its ".0".
    static func shortest(_ value: Double) -> String { "\(value)" }
}

/// A JSON cell as read back, before the column's declared type decides what it becomes.
package enum BackupCell: Decodable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)

    private struct Blob: Decodable { let base64: String }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let text = try? container.decode(String.self) {
            self = .text(text)
        } else if let blob = try? container.decode(Blob.self) {
            guard let data = Data(base64Encoded: blob.base64) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "base64 is not valid")
            }
            self = .blob(data)
        } else if let integer = try? container.decode(Int64.self) {
            self = .integer(integer)
        } else {
            self = .real(try container.decode(Double.self))
        }
    }
}
