import Care
import Foundation
import HubRecords
import HubStore

extension CareTeamService {
    /// Pulls the orders the care team wrote or changed after the order cursor (`GET /api/v1/sync/orders`, retried
    /// as every request of a sync: `exchange`) and applies them to the profile's medications with the cursor, in one
    /// transaction (`applyCareTeamOrders`). Each order is read by the same reader and rules as an imported one; an
    /// order the hub cannot read refuses the whole pull (nothing applied, the cursor stays), naming the field.
    func pullOrders(_ run: inout PushRun) async throws(CareTeamError) {
        let profileId = run.stored.id
        let after = try await storeCall { try await app.store.careTeamOrderCursor(profileId: profileId) }
        let url = "\(run.link.serverURL)/api/v1/sync/orders?after=\(after)"
        let token = run.link.deviceToken
        let timeout = run.options.requestTimeout
        let answer = try await exchange(.pull("orders"), &run) { http in
            try await http.get(url, token: token, timeout: timeout)
        } read: { answer throws(UnusableAnswer) in
            guard answer.status == 200 else { throw UnusableAnswer("instead of 200") }
            return answer
        }
        let (pulled, cursor) = try Self.readPull(answer)
        run.report.orders = try await storeCall {
            try await app.store.applyCareTeamOrders(pulled, profileId: profileId, cursor: cursor, atMs: app.now())
        }
    }

    /// The orders and cursor of a pull's answer.
    static func readPull(_ answer: CareTeamHTTP.Answer) throws(CareTeamError) -> ([PulledCareTeamOrder], Int64) {
        guard let object = answer.object, let resources = object["orders"] as? [[String: Any]],
            let cursor = (object["cursor"] as? NSNumber)?.int64Value
        else { throw .unreachable("the server answered the order pull without orders and a cursor") }
        var pulled: [PulledCareTeamOrder] = []
        for (index, resource) in resources.enumerated() {
            let order: MedicationOrder
            do { order = try MedicationFHIRImport.order(resource, path: "orders[\(index)].") } catch {
                throw .refused(status: 200, detail: "an order the hub cannot read: \(error)")
            }
            let meta = resource["meta"] as? [String: Any]
            guard let versionText = meta?["versionId"] as? String, let version = Int(versionText), version >= 1 else {
                throw .refused(status: 200, detail: "orders[\(index)].meta.versionId: missing or not a version")
            }
            let requester = resource["requester"] as? [String: Any]
            pulled.append(
                PulledCareTeamOrder(
                    order: order,
                    version: version,
                    origin: CareTeamOrderOrigin(
                        orderedBy: (requester?["display"] as? String).flatMap { $0.isEmpty ? nil : $0 } ?? "care team",
                        orderedAt: resource["authoredOn"] as? String ?? ""
                    )
                )
            )
        }
        return (pulled, cursor)
    }
}
