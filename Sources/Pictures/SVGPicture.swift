import LayoutEngine

/// `export FILE.svg`: the picture at 1 pt = 1 px, self-contained. Each view is a `<g
/// class="view …" id="view-NAME">` holding its `<rect>` and its `<text>`; each constraint a
/// `<g class="constraint …" id="constraint-NAME">` drawn as Interface Builder draws it.
public enum SVGPicture {
    static let margin = 24.0

    /// - Complexity: O(views + constraints); about 300 bytes per view.
    public static func render(_ picture: Picture) -> String {
        let b = picture.bounds
        var out = ""
        out.reserveCapacity(400 * (picture.boxes.count + picture.lines.count) + 2_000)
        let w = number(b.width + 2 * margin), h = number(b.height + 2 * margin)
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(w)\" height=\"\(h)\" viewBox=\"\(number(-margin)) \(number(-margin)) \(w) \(h)\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"11\">\n"
        out += """
        <style>
        .view rect.frame { fill: #ffffff; fill-opacity: 0.6; stroke: #5a6b7d; stroke-width: 1; }
        .view text { fill: #26323f; }
        .view.hidden rect.frame { stroke-dasharray: 2 3; fill-opacity: 0.2; }
        .view.conflict rect.frame { stroke: #d0021b; stroke-width: 2; }
        .view.violated rect.frame { stroke: #c2185b; stroke-width: 2; }
        .view.ambiguous rect.frame { stroke: #f5a623; stroke-width: 2; }
        .ghost { fill: none; stroke: #f5a623; stroke-dasharray: 4 3; opacity: 0.8; }
        .constraint line, .constraint path { stroke: #1e6bd6; stroke-width: 1; fill: none; }
        .constraint text { fill: #1e6bd6; font-size: 10; }
        .constraint.optional line { stroke-dasharray: 4 2; }
        .constraint.broken line, .constraint.violated line { stroke: #d0021b; }
        .constraint.broken text, .constraint.violated text { fill: #d0021b; }
        .highlight rect.frame { stroke: #7b2ff7; stroke-width: 3; }
        .constraint.highlight line { stroke: #7b2ff7; stroke-width: 2; }
        </style>

        """
        for box in picture.boxes {
            let classes = (["view", box.kind.rawValue] + box.marks.map(\.rawValue)).joined(separator: " ")
            let f = box.frame
            out += "<g class=\"\(classes)\" id=\"view-\(escape(box.name))\" data-name=\"\(escape(box.name))\">"
            out += "<rect class=\"frame\" x=\"\(number(f.x))\" y=\"\(number(f.y))\" width=\"\(number(f.width))\" height=\"\(number(f.height))\"/>"
            var label = box.name
            if let text = box.text, !text.isEmpty { label += " “\(text)”" }
            out += "<text x=\"\(number(f.x + 3))\" y=\"\(number(f.y + 12))\">\(escape(label))</text>"
            if let ghost = box.ghost {
                out += "<rect class=\"ghost\" x=\"\(number(ghost.x))\" y=\"\(number(ghost.y))\" width=\"\(number(ghost.width))\" height=\"\(number(ghost.height))\"><title>\(escape(box.name)): another layout as good as this one (\(box.components.map(\.rawValue).joined(separator: ", ")) not unique)</title></rect>"
            }
            out += "</g>\n"
        }
        for line in picture.lines { out += render(line) }
        if let (count, depth) = picture.leftOut {
            out += "<text x=\"0\" y=\"\(number(b.height + 16))\">left out \(count) views below depth \(depth - 1)</text>\n"
        }
        out += "</svg>\n"
        return out
    }

    static func render(_ line: ConstraintLine) -> String {
        var classes = ["constraint", line.isRequired ? "required" : "optional"]
        if line.state == .broken || line.state == .violated { classes.append(line.state.rawValue) }
        var label = line.label
        if line.state == .broken || line.state == .violated { label += " (\(line.state.rawValue), off by \(number(line.amount)))" }
        var out = "<g class=\"\(classes.joined(separator: " "))\" id=\"constraint-\(escape(line.name))\" data-items=\"\(escape(line.items.joined(separator: " ")))\">"
        out += "<title>\(escape(line.name)): \(escape(line.text))</title>"
        let cap = 4.0
        switch line.shape {
        case let .spacing(axis, from, to, across), let .dimension(axis, from, to, across):
            if axis == .horizontal {
                out += segment(from, across, to, across)
                out += segment(from, across - cap, from, across + cap) + segment(to, across - cap, to, across + cap)
                out += text((from + to) / 2, across - 3, label, anchor: "middle")
            } else {
                out += segment(across, from, across, to)
                out += segment(across - cap, from, across + cap, from) + segment(across - cap, to, across + cap, to)
                out += text(across + 4, (from + to) / 2 + 3, label, anchor: "start")
            }
        case let .centring(x1, y1, x2, y2), let .other(x1, y1, x2, y2):
            out += segment(x1, y1, x2, y2)
            out += text((x1 + x2) / 2 + 4, (y1 + y2) / 2 - 3, label, anchor: "start")
        }
        return out + "</g>\n"
    }

    static func segment(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> String {
        "<line x1=\"\(number(x1))\" y1=\"\(number(y1))\" x2=\"\(number(x2))\" y2=\"\(number(y2))\"/>"
    }

    static func text(_ x: Double, _ y: Double, _ content: String, anchor: String) -> String {
        "<text x=\"\(number(x))\" y=\"\(number(y))\" text-anchor=\"\(anchor)\">\(escape(content))</text>"
    }

    /// At most two decimals; huge values clamped so the document stays well formed.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let clamped = min(max(value, -1e7), 1e7)
        return formatNumber((clamped * 100).rounded() / 100)
    }

    /// XML text and attribute escaping.
    public static func escape(_ text: String) -> String {
        // Most names and texts need nothing escaped.
        let plain = !text.utf8.contains { byte in
            byte < 0x20 || byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || byte == 0x27
        }
        if plain { return text }
        var out = ""
        out.reserveCapacity(text.count)
        for ch in text {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default:
                // Control characters are not allowed in XML 1.0.
                if let scalar = ch.unicodeScalars.first, scalar.value < 0x20, ch != "\n", ch != "\t" { out += " " } else { out.append(ch) }
            }
        }
        return out
    }
}
