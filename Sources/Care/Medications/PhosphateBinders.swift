import Clinical
import Foundation

/// Phosphate binders are taken with meals (KDIGO 2017 CKD-MBD update, chapter 4.1; the products' labels): a meal
/// logged without a dose of an active binder order raises one gentle reminder.
public enum PhosphateBinders {
    /// The binders' generic names (lower case), matched as words in an order's medication name.
    public static let generics = [
        "sevelamer", "calcium acetate", "lanthanum", "ferric citrate", "sucroferric oxyhydroxide",
    ]

    /// True when the order names a phosphate binder.
    public static func isBinder(_ order: MedicationOrder) -> Bool {
        let name = order.medication.name.lowercased()
        return generics.contains { name.contains($0) }
    }

    /// How long after a meal a binder dose still counts as taken with it: half an hour either side (product choice;
    /// binders act on the phosphate of the meal they are taken with).
    public static let mealWindowMinutes = 30

    /// A meal that needs a reminder: which binder, which meal, and the key that keeps it to one reminder.
    public struct MissedBinder: Sendable, Hashable {
        public var orderId: UUID
        public var medication: String
        public var mealAtMs: Int64
        /// `binder:<order>:<meal time>`: the notification's dedupe key.
        public var dedupeKey: String { "binder:\(orderId.uuidString.lowercased()):\(mealAtMs)" }
    }

    /// For each logged meal (instants) and active binder order, the meals with no binder dose taken within the
    /// window: one entry per meal and order.
    public static func missed(orders: [MedicationOrder], meals: [Int64], log: [DoseRecord]) -> [MissedBinder] {
        let window = Int64(mealWindowMinutes) * 60_000
        var missed: [MissedBinder] = []
        for order in orders where order.status.isActive && isBinder(order) {
            let taken = log.filter { $0.orderId == order.id && $0.status == .taken }.compactMap(\.takenAtMs)
            for meal in Set(meals).sorted() where !taken.contains(where: { abs($0 - meal) <= window }) {
                missed.append(MissedBinder(orderId: order.id, medication: order.medication.name, mealAtMs: meal))
            }
        }
        return missed
    }
}
