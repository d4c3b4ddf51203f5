import Care
import Clinical
import Foundation
import HubRecords
import HubServices

/// How the medication commands print an order, within 100 columns.
enum MedicationOutput {
    /// The terminal width the text keeps to.
    static let width = 100

    /// `name  status  id` then the instructions, indented and wrapped.
    static func lines(_ view: MedicationsService.OrderView) -> [String] {
        let order = view.order
        var head = "\(order.medication.name)"
        if let code = order.medication.rxNorm { head += " (RxNorm \(code))" }
        head += "  [\(order.status.rawValue)]  id \(order.id.uuidString.lowercased().prefix(8))"
        var lines = wrap(head, indent: "")
        lines += wrap(view.instructions, indent: "    ")
        if let reason = order.reason { lines += wrap("for: \(reason)", indent: "    ") }
        if let note = order.note { lines += wrap("note: \(note)", indent: "    ") }
        return lines
    }

    /// Words wrapped to `width` columns after `indent`; a word longer than the line is cut.
    static func wrap(_ text: String, indent: String) -> [String] {
        var lines: [String] = []
        var line = indent
        for word in text.split(separator: " ") {
            let piece = String(word.prefix(width - indent.count))
            if line.count > indent.count, line.count + 1 + piece.count > width {
                lines.append(line)
                line = indent
            }
            line += (line.count > indent.count ? " " : "") + piece
        }
        if line.count > indent.count { lines.append(line) }
        return lines
    }
}
