/// Form controls with their labels: every control is labelled, hints are tied by `aria-describedby`.
enum Controls {
    /// A labelled input.
    static func input(
        _ name: String,
        label: String,
        type: String = "text",
        value: String = "",
        hint: String? = nil,
        extra: String = ""
    ) -> String {
        let hintId = "\(name)-hint"
        let described = hint == nil ? "" : " aria-describedby=\"\(hintId)\""
        let hintHTML = hint.map { "<span class=\"hint\" id=\"\(hintId)\">\(esc($0))</span>" } ?? ""
        return """
            <div class="field"><label for="\(name)">\(esc(label))</label>\(hintHTML)\
            <input id="\(name)" name="\(name)" type="\(type)" value="\(esc(value))"\(described) \(extra)></div>
            """
    }

    /// A labelled select of `(value, text)` options.
    static func select(_ name: String, label: String, options: [(String, String)], selected: String? = nil) -> String {
        let items = options.map { option in
            let mark = option.0 == selected ? " selected" : ""
            return "<option value=\"\(esc(option.0))\"\(mark)>\(esc(option.1))</option>"
        }.joined()
        return """
            <div class="field"><label for="\(name)">\(esc(label))</label>\
            <select id="\(name)" name="\(name)">\(items)</select></div>
            """
    }
}
