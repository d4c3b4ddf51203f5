import Clinical
import Foundation

extension Language {
    /// The name of a lab in this language: the catalog's display name in English, the Spanish table's otherwise.
    func labName(_ analyte: LabAnalyte) -> String {
        self == .spanish ? Spanish.labNames[analyte.id] ?? analyte.displayName : analyte.displayName
    }

    /// The message of `key` with each `%@` replaced by the next of `values`, in order.
    func text(_ key: MessageKey, _ values: String...) -> String {
        Self.filled(text(key), with: values)
    }
}
