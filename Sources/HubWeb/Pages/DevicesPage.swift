import Foundation
import HubRecords
import HubServices

/// The devices: the adapters with their health (a failed one with a retry button), a scan and what it found with a
/// pair button each (a passkey field when the device shows one), the known devices with "sync now" (live progress
/// by server-sent events when the script runs) and whom their readings go to, and the form that assigns them.
struct DevicesPage {
    var layout: Layout
    var session: WebSession
    var overview: DevicesOverview
    /// The profiles of the store, for the assignment form.
    var profiles: [String]
    /// What the last scan found; nil when none was run for this answer.
    var found: ScanSummary? = nil
    /// A device that asked for a passkey: its pair form is shown alone, with the passkey field.
    var passkeyFor: (adapterId: String, deviceId: String)? = nil
    var notice: String? = nil
    var errors: [String] = []

    func render() -> String {
        let t = layout.language.text
        var body = "<p>\(t(.devicesIntro))</p>\n"
        if let passkeyFor { body += passkeyForm(passkeyFor) }
        body += known() + scan() + assign() + adapters()
        return layout.page(title: t(.devicesTitle), path: "/devices", notice: notice, errors: errors, body: body)
    }

    /// The known devices, each with its "sync now" button, and the live progress region the script fills.
    private func known() -> String {
        let t = layout.language.text
        var html = "<section aria-labelledby=\"known-heading\"><h2 id=\"known-heading\">\(t(.knownHeading))</h2>"
        guard !overview.devices.isEmpty else {
            return html + "<p id=\"no-devices\">\(t(.noKnownDevices))</p></section>"
        }
        let rows = overview.devices.map { device in
            let owners =
                device.assignments.isEmpty
                ? t(.nobodyYet)
                : device.assignments.map { owner in
                    owner.userIndex.map { layout.language.text(.userSlot, owner.profile, String($0)) }
                        ?? layout.language.text(.everyUser, owner.profile)
                }.joined(separator: ", ")
            let name = device.model.map { "\(device.deviceId) · \($0)" } ?? device.deviceId
            return """
                <tr data-device="\(esc(device.deviceId))"><th scope="row">\(esc(name))</th>\
                <td data-label="\(t(.adapter))">\(esc(device.adapterId))</td>\
                <td data-label="\(t(.lastSeen))">\(esc(moment(device.lastSeenAtMs)))</td>\
                <td data-label="\(t(.readingsGoTo))">\(esc(owners))</td>\
                <td><form method="post" action="/devices/sync" data-progress="sync:\(esc(device.deviceId))" \
                data-progress-region="sync-progress">\(csrfField(session))\
                <input type="hidden" name="device" value="\(esc(device.deviceId))">\
                <input type="hidden" name="adapter" value="\(esc(device.adapterId))">\
                <button type="submit" aria-label="\(esc(layout.language.text(.syncLabel, device.deviceId)))">\(t(.syncNow))</button>\
                </form></td></tr>
                """
        }.joined()
        html += """
            <div class="table-wrap"><table id="devices" class="cards" aria-labelledby="known-heading"><thead><tr>\
            <th scope="col">\(t(.device))</th><th scope="col">\(t(.adapter))</th>\
            <th scope="col">\(t(.lastSeen))</th><th scope="col">\(t(.readingsGoTo))</th>\
            <th scope="col">\(t(.syncNow))</th></tr></thead><tbody>\(rows)</tbody></table></div>
            \(progressRegion("sync-progress"))
            </section>
            """
        return html
    }

    /// The region the script shows progress in; hidden until a sync or import starts.
    func progressRegion(_ id: String) -> String {
        progressMarkup(id: id, language: layout.language)
    }

    /// The scan button and, after a scan, what it found with a pair form each.
    private func scan() -> String {
        let t = layout.language.text
        var html = """
            <section aria-labelledby="scan-heading"><h2 id="scan-heading">\(t(.scanHeading))</h2>\
            <p>\(t(.scanIntro))</p>\
            <form method="post" action="/devices/scan" id="scan-form">\(csrfField(session))\
            <button type="submit">\(t(.scanButton))</button></form>
            """
        if let found {
            html += "<h3 id=\"found-heading\">\(t(.foundHeading))</h3>"
            if found.devices.isEmpty {
                html += "<p id=\"none-found\">\(t(.noDevicesFound))</p>"
            } else {
                let rows = found.devices.enumerated().map { index, device in
                    let paired = device.paired.map { $0 ? t(.isPaired) : t(.notPaired) } ?? ""
                    let signal = device.rssi.map { layout.language.text(.signalValue, String($0)) } ?? ""
                    let name = device.model.map { "\(device.name) · \($0)" } ?? device.name
                    return """
                        <tr data-found="\(esc(device.deviceId))"><th scope="row">\(esc(name))\
                        <br><span class="hint">\(esc(device.deviceId))</span></th>\
                        <td data-label="\(t(.adapter))">\(esc(device.adapterId))</td>\
                        <td data-label="\(t(.signal))">\(esc(signal))</td>\
                        <td data-label="\(t(.pairedState))">\(esc(paired))</td>\
                        <td>\(pairForm(device.adapterId, device.deviceId, index: index))</td></tr>
                        """
                }.joined()
                html += """
                    <div class="table-wrap"><table id="found" class="cards" aria-labelledby="found-heading"><thead>\
                    <tr><th scope="col">\(t(.device))</th><th scope="col">\(t(.adapter))</th>\
                    <th scope="col">\(t(.signal))</th><th scope="col">\(t(.pairedState))</th>\
                    <th scope="col">\(t(.pairButton))</th></tr></thead><tbody>\(rows)</tbody></table></div>
                    """
            }
            if !found.problems.isEmpty {
                html +=
                    "<ul class=\"problems\">"
                    + found.problems.map {
                        "<li>\(esc(layout.language.text(.scanFailed, Self.scanProblem($0, layout.language))))</li>"
                    }.joined() + "</ul>"
            }
        }
        return html + "</section>"
    }

    /// A found device's pair form: a passkey field (optional) and the button.
    private func pairForm(_ adapterId: String, _ deviceId: String, index: Int) -> String {
        let t = layout.language.text
        let id = "passkey-\(index)"
        return """
            <form method="post" action="/devices/pair" class="inline">\(csrfField(session))\
            <input type="hidden" name="device" value="\(esc(deviceId))">\
            <input type="hidden" name="adapter" value="\(esc(adapterId))">\
            <label for="\(id)">\(t(.passkey))</label> \
            <input id="\(id)" name="passkey" inputmode="numeric" autocomplete="one-time-code" size="8"> \
            <button type="submit" aria-label="\(esc(layout.language.text(.pairLabel, deviceId)))">\(t(.pairButton))</button></form>
            """
    }

    /// The pair form of a device that asked for its passkey, shown first.
    private func passkeyForm(_ device: (adapterId: String, deviceId: String)) -> String {
        let t = layout.language.text
        return """
            <section aria-labelledby="passkey-heading"><h2 id="passkey-heading">\
            \(esc(layout.language.text(.pairLabel, device.deviceId)))</h2>\
            <form method="post" action="/devices/pair" class="stack" id="passkey-form">\(csrfField(session))\
            <input type="hidden" name="device" value="\(esc(device.deviceId))">\
            <input type="hidden" name="adapter" value="\(esc(device.adapterId))">
            \(Controls.input("passkey", label: t(.passkey), hint: t(.passkeyHint), extra: "inputmode=\"numeric\" autocomplete=\"one-time-code\" required"))
            <button type="submit">\(t(.pairButton))</button></form></section>
            """
    }

    /// Giving a known device's readings (or one user slot's) to a profile.
    private func assign() -> String {
        let t = layout.language.text
        guard !overview.devices.isEmpty, !profiles.isEmpty else { return "" }
        let devices = overview.devices.map { ("\($0.adapterId)/\($0.deviceId)", $0.deviceId) }
        let names = profiles.map { ($0, $0) }
        return """
            <section aria-labelledby="assign-heading"><h2 id="assign-heading">\(t(.assignHeading))</h2>\
            <form method="post" action="/devices/assign" class="stack" id="assign-form">\(csrfField(session))
            \(Controls.select("device", label: t(.device), options: devices))
            \(Controls.select("profile", label: t(.assignProfile), options: names))
            \(Controls.input("userIndex", label: t(.userSlotField), hint: t(.userSlotHint), extra: "inputmode=\"numeric\""))
            <button type="submit">\(t(.assignButton))</button></form></section>
            """
    }

    /// The adapters on the search path with their health; a failed one has a retry button.
    private func adapters() -> String {
        let t = layout.language.text
        var html =
            "<section aria-labelledby=\"adapters-heading\"><h2 id=\"adapters-heading\">\(t(.adaptersHeading))</h2>"
        if overview.adapters.isEmpty { html += "<p>\(t(.noAdapters))</p>" }
        let rows = overview.adapters.map { adapter in
            let retry =
                adapter.failed
                ? """
                <form method="post" action="/devices/retry">\(csrfField(session))\
                <input type="hidden" name="adapter" value="\(esc(adapter.id))">\
                <button type="submit" aria-label="\(esc(layout.language.text(.retryAdapterLabel, adapter.name)))">\(t(.retryAdapter))\
                </button></form>
                """ : ""
            return """
                <tr data-adapter="\(esc(adapter.id))" data-state="\(adapter.state.rawValue)">\
                <th scope="row">\(esc(adapter.name))</th>\
                <td data-label="\(t(.adapterKind))">\(t(adapter.findsDevices ? .adapterFindsDevices : .adapterReadsFiles))</td>\
                <td data-label="\(t(.adapterState))" class="\(adapter.failed ? "failed" : "")">\
                \(t(Self.stateKey(adapter.state)))\(retry)</td></tr>
                """
        }.joined()
        if !overview.adapters.isEmpty {
            html += """
                <div class="table-wrap"><table id="adapters" class="cards" aria-labelledby="adapters-heading"><thead>\
                <tr><th scope="col">\(t(.adapter))</th><th scope="col">\(t(.adapterKind))</th>\
                <th scope="col">\(t(.adapterState))</th></tr></thead><tbody>\(rows)</tbody></table></div>
                """
        }
        if !overview.problems.isEmpty {
            html +=
                "<h3>\(t(.adapterProblems))</h3><ul>"
                + overview.problems.map { "<li>\(esc(Self.inLanguage($0, layout.language)))</li>" }.joined()
                + "</ul>"
        }
        return html + "</section>"
    }

    /// A moment in the hub's local time, as the language writes it.
    private func moment(_ ms: Int64) -> String {
        Date(timeIntervalSince1970: Double(ms) / 1000).formatted(
            Date.FormatStyle(date: .abbreviated, time: .shortened, locale: layout.language.locale)
        )
    }

    /// The words of an adapter's state.
    static func stateKey(_ state: AdapterState) -> MessageKey {
        switch state {
        case .idle: .adapterIdle
        case .running: .adapterRunning
        case .backoff: .adapterBackoff
        case .failed: .adapterFailed
        case .stopped: .adapterStopped
        }
    }
}

/// The live progress region of the devices and import pages: hidden until the script shows a sync's or an import's
/// progress in it; its templates come from the catalogue.
func progressMarkup(id: String, language: Language) -> String {
    let t = language.text
    return """
        <div id="\(id)" class="progress" hidden data-of="\(esc(t(.syncProgress)))" \
        data-count="\(esc(t(.syncProgressCount)))" data-starting="\(esc(t(.syncStarting)))">\
        <label for="\(id)-bar">\(t(.progressLabel))</label> <progress id="\(id)-bar" max="100"></progress> \
        <span id="\(id)-text" role="status" aria-live="polite"></span></div>
        """
}

extension DevicesPage {
    /// An adapter's problem (`adapter or manifest: reason`, the adapter's or the hub's English) in the page's language:
    /// whole in English; the adapter or file it names in any other (the reason has no translation).
    static func inLanguage(_ problem: String, _ language: Language) -> String {
        language == .english ? problem : language.text(.adapterNotRead, named(problem))
    }

    /// An adapter's scan problem (`adapter: reason`) whole in English, by the adapter's name in any other language.
    static func scanProblem(_ problem: String, _ language: Language) -> String {
        language == .english ? problem : named(problem)
    }

    /// What a problem names before its reason.
    private static func named(_ problem: String) -> String {
        problem.range(of: ": ").map { String(problem[..<$0.lowerBound]) } ?? problem
    }
}
