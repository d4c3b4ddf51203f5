import CareServerStore
import NIOCore

/// A FHIR R4 `transaction-response` Bundle: one entry per request entry, in order, with `201 Created` for a
/// resource this push stored and `200 OK` for one that was stored already (conditional create) or that this push
/// replaced (conditional update), each with the stored resource's location, the same on every push.
///
/// Written straight into the response's buffer: every byte of it is fixed text, a resource type or a row id, so it
/// needs no escaping, and a `JSONEncoder` of structs per entry was a measurable part of a push's CPU.
enum TransactionResponse {
    /// The response body for `stored`, in the Bundle's order.
    static func body(_ stored: [StoredSyncReading]) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(64 + stored.count * 80)
        buffer.writeString(#"{"resourceType":"Bundle","type":"transaction-response","entry":["#)
        for (index, item) in stored.enumerated() {
            if index > 0 { buffer.writeInteger(UInt8(ascii: ",")) }
            buffer.writeString(
                item.created
                    ? #"{"response":{"status":"201 Created","location":""#
                    : #"{"response":{"status":"200 OK","location":""#
            )
            // `resourceType` is one of the store's two literals (Observation, MedicationAdministration).
            buffer.writeString(item.resourceType)
            buffer.writeInteger(UInt8(ascii: "/"))
            buffer.writeString(String(item.id))
            buffer.writeString(#""}}"#)
        }
        buffer.writeString("]}")
        return buffer
    }
}
