import CareServerStore

/// A FHIR R4 `transaction-response` Bundle: one entry per request entry, in order, with `201 Created` for a
/// resource this push stored and `200 OK` for one that was stored already (conditional create) or that this push
/// replaced (conditional update), each with the stored resource's location, the same on every push.
struct TransactionResponse: Encodable, Sendable {
    struct Entry: Encodable, Sendable {
        struct Outcome: Encodable, Sendable {
            var status: String
            var location: String
        }
        var response: Outcome
    }

    var resourceType = "Bundle"
    var type = "transaction-response"
    var entry: [Entry]

    init(_ stored: [StoredSyncReading]) {
        entry = stored.map {
            Entry(
                response: .init(status: $0.created ? "201 Created" : "200 OK", location: "\($0.resourceType)/\($0.id)")
            )
        }
    }
}
