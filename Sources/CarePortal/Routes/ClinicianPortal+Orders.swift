import CareServer
import CareServerStore
import Foundation
import Hummingbird

extension ClinicianPortal {
    /// Adds the order routes: writing an order from the patient page's form and stopping one.
    static func registerOrders(_ portal: ClinicianPortal, on group: RouterGroup<CareRequestContext>) {
        group.post("patients/:id/orders") { request, context in try await portal.writeOrder(request, context) }
        group.post("patients/:id/orders/:order/stop") { request, context in
            try await portal.stopOrder(request, context)
        }
    }

    /// `POST /portal/patients/<id>/orders`: the form's order, written through the API's own check and storage;
    /// back to the patient's page when written, else the form again with each refused field named (400).
    func writeOrder(_ request: Request, _ context: CareRequestContext) async throws -> Response {
        let (caller, csrf, form) = try await signedInForm(request)
        guard let patientID = context.parameters.get("id", as: Int64.self) else { return Self.notFound(csrf) }
        let values = OrderForm.Values(form)
        let errors: [OrderForm.FieldError]
        switch OrderForm.request(values) {
        case .refused(let refused):
            errors = refused
        case .json(let json):
            switch try await gate.writeOrder(caller, patientID: patientID, json: json, address: context.clientAddress)
            {
            case .written:
                return Self.redirect("/portal/patients/\(patientID)#orders-heading")
            case .notAllowed(let status):
                return status == 404
                    ? Self.notFound(csrf)
                    : Self.html(
                        MessagePage.render(title: "Not allowed", message: "You may not write this order.", csrf: csrf),
                        status: .forbidden
                    )
            case .refused(let problems):
                errors = problems.map { (OrderForm.field(forPointer: $0.pointer), $0.detail) }
            }
        }
        return Self.html(
            PortalLayout.page(
                title: "Write an order",
                csrf: csrf,
                body: """
                    <p><a href="/portal/patients/\(patientID)">Back to the patient</a></p>\
                    \(OrderForm.render(patientID: patientID, csrf: csrf, form: values, errors: errors))
                    """
            ),
            status: .badRequest
        )
    }

    /// `POST /portal/patients/<id>/orders/<identifier>/stop`: stops the order, then back to the patient's page.
    func stopOrder(_ request: Request, _ context: CareRequestContext) async throws -> Response {
        let (caller, csrf, _) = try await signedInForm(request)
        guard let patientID = context.parameters.get("id", as: Int64.self),
            let identifier = context.parameters.get("order").flatMap(UUID.init(uuidString:)),
            try await gate.stopOrder(
                caller,
                patientID: patientID,
                identifier: identifier,
                address: context.clientAddress
            )
        else { return Self.notFound(csrf) }
        return Self.redirect("/portal/patients/\(patientID)#orders-heading")
    }

    private static func notFound(_ csrf: String) -> Response {
        html(
            MessagePage.render(
                title: "Not found",
                message: "There is no such patient or order in your clinic.",
                csrf: csrf
            ),
            status: .notFound
        )
    }

    /// The page's care sections for a patient the caller may read (orders, doses, symptom score), with their reads
    /// audited.
    func careSections(
        patientID: Int64,
        symptomLists: [StoredList<SymptomEntry>],
        caller: Principal,
        csrf: String,
        address: String
    ) async throws -> String {
        let now = Date()
        let orders = try await gate.orders(patientID: patientID)
        let tallies = try await gate.store.doseTallies(patientID: patientID, now: now)
        for resource in ["medication_orders", "medication_administrations"] {
            await gate.auditRead(caller, resource: resource, patientID: patientID, address: address)
        }
        return PatientCareSections.render(
            PatientCareSections.Content(
                patientID: patientID,
                orders: orders,
                tallies: tallies,
                symptomLists: symptomLists,
                days: Self.trendDays,
                now: now
            ),
            csrf: csrf
        )
    }
}
