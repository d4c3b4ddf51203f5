import Foundation
import HTTPTypes
import HubRecords
import HubServices
import Hummingbird

/// The devices page and its actions: scan, pair (asking for the passkey when the device shows one), sync now,
/// assign to a profile and user slot, retry a failed adapter. Each action calls one service method; after a pairing,
/// a sync, an assignment or a retry the page is loaded again with what happened.
struct DevicesRoutes {
    let web: WebApp

    /// How long a scan looks for devices: long enough for a device that advertises every second or two.
    static let scanSeconds = 4.0

    func register(on router: Router<WebContext>) {
        router.get("/devices") { request, context in
            guard let session = context.session else { return seeOther("/signin") }
            let layout = await web.layout(context)
            return try await basePage(layout, context, session, notice: Self.notice(request, layout)).response()
        }
        router.post("/devices/scan") { _, context in
            guard let session = context.session else { return seeOther("/signin") }
            let layout = await web.layout(context)
            var page = try await basePage(layout, context, session)
            page.found = try await web.app.devices(web.adapters).scanSummary(seconds: Self.scanSeconds)
            return page.response()
        }
        router.post("/devices/pair") { _, context in
            guard let session = context.session else { return seeOther("/signin") }
            let form = context.form
            let layout = await web.layout(context)
            guard let deviceId = form.text("device") else { throw HTTPError(.badRequest, message: "device is missing") }
            let adapterId = form.text("adapter")
            switch try await web.app.devices(web.adapters).pairOutcome(
                deviceId: deviceId,
                adapterId: adapterId,
                passkey: form.text("passkey")
            ) {
            case .paired:
                return seeOther("/devices?paired=\(Self.query(deviceId))")
            case .needsPasskey(let refusedGiven):
                var page = try await basePage(layout, context, session)
                page.passkeyFor = (adapterId: adapterId ?? "", deviceId: deviceId)
                page.errors = [layout.language.text(refusedGiven ? .passkeyRefused : .passkeyNeeded, deviceId)]
                return page.response(status: .unprocessableContent)
            case .refused(let reason):
                var page = try await basePage(layout, context, session)
                // The adapter's reason is English: other languages say what to try instead.
                page.errors = [
                    layout.language == .english
                        ? layout.language.text(.pairRefused, reason)
                        : layout.language.text(.pairRefusedShort, deviceId)
                ]
                return page.response(status: .unprocessableContent)
            }
        }
        router.post("/devices/sync") { _, context in
            guard let session = context.session else { return seeOther("/signin") }
            let form = context.form
            guard let deviceId = form.text("device") else { throw HTTPError(.badRequest, message: "device is missing") }
            do {
                let summary = try await web.app.devices(web.adapters).syncSummary(
                    deviceId: deviceId,
                    adapterId: form.text("adapter")
                )
                return seeOther(
                    "/devices?synced=\(Self.query(deviceId))&stored=\(summary.stored)"
                        + "&duplicates=\(summary.duplicates)&resumptions=\(summary.resumptions)"
                )
            } catch {
                let layout = await web.layout(context)
                var page = try await basePage(layout, context, session)
                // The adapter's reason is English: other languages say what to try instead.
                page.errors = [
                    layout.language == .english
                        ? layout.language.text(.syncFailed, deviceId, "\(error)")
                        : layout.language.text(.syncFailedShort, deviceId)
                ]
                return page.response(status: .unprocessableContent)
            }
        }
        router.post("/devices/assign") { _, context in
            guard let session = context.session else { return seeOther("/signin") }
            let form = context.form
            let layout = await web.layout(context)
            let chosen = (form.text("device") ?? "").split(separator: "/", maxSplits: 1).map(String.init)
            guard chosen.count == 2 else { throw HTTPError(.badRequest, message: "device is missing") }
            var userIndex: Int?
            if let text = form.text("userIndex") {
                guard let number = Int(text), (0...255).contains(number) else {
                    var page = try await basePage(layout, context, session)
                    page.errors = [layout.language.text(.userSlotInvalid, text)]
                    return page.response(status: .unprocessableContent)
                }
                userIndex = number
            }
            do {
                let outcome = try await web.app.deviceAssignments.assign(
                    deviceId: chosen[1],
                    adapterId: chosen[0],
                    profile: form.text("profile"),
                    userIndex: userIndex,
                    from: .always
                )
                return seeOther(
                    "/devices?assigned=\(Self.query(chosen[1]))&to=\(Self.query(outcome.profileName))"
                )
            } catch {
                var page = try await basePage(layout, context, session)
                page.errors = [layout.language.refusal(error)]
                return page.response(status: .unprocessableContent)
            }
        }
        router.post("/devices/retry") { _, context in
            guard context.session != nil else { return seeOther("/signin") }
            guard let adapterId = context.form.text("adapter") else {
                throw HTTPError(.badRequest, message: "adapter is missing")
            }
            try await web.app.devices(web.adapters).retry(adapterId: adapterId)
            return seeOther("/devices?done=adapterRetried")
        }
    }

    /// The page with the adapters, the known devices and the profiles, before any action's result.
    private func basePage(_ layout: Layout, _ context: WebContext, _ session: WebSession, notice: String? = nil)
        async throws -> DevicesPage
    {
        DevicesPage(
            layout: layout,
            session: session,
            overview: try await web.app.devices(web.adapters).overview(),
            profiles: try await web.profileNames(context),
            notice: notice
        )
    }

    /// What the query of a redirect after an action says happened, in the page's language.
    static func notice(_ request: Request, _ layout: Layout) -> String? {
        let query = request.uri.queryParameters
        let t = layout.language.text
        let number = { (name: String) in
            layout.language.number(Double(query[Substring(name)].flatMap { Int(String($0)) } ?? 0))
        }
        if let device = query["synced"].map(String.init) {
            var text = layout.language.text(.syncDone, device, number("stored"), number("duplicates"))
            if let resumed = query["resumptions"].flatMap({ Int(String($0)) }), resumed > 0 {
                text += " " + layout.language.text(.syncResumed, number("resumptions"))
            }
            return text
        }
        if let device = query["paired"].map(String.init) { return layout.language.text(.devicePaired, device) }
        if let device = query["assigned"].map(String.init), let profile = query["to"].map(String.init) {
            return layout.language.text(.deviceAssigned, device, profile)
        }
        if query["done"] == "adapterRetried" { return t(.adapterRetried) }
        return nil
    }

    /// `text` for a query value.
    static func query(_ text: String) -> String {
        // RFC 3986's unreserved characters stay as they are; everything else is escaped.
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~")))
            ?? ""
    }
}

extension DevicesPage {
    /// The page as an HTML answer.
    func response(status: HTTPResponse.Status = .ok) -> Response { htmlResponse(render(), status: status) }
}
