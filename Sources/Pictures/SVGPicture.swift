import LayoutEngine

/// `export FILE.svg`: the picture at 1 pt = 1 px (its viewBox lets a browser scale it),
/// self-contained. Each view is a `<g
/// class="view …" id="view-NAME">` holding its `<rect>` and its `<text>`; each constraint a
/// `<g class="constraint …" id="constraint-NAME">` drawn as Interface Builder draws it.
public enum SVGPicture {
    static let margin = 24.0

    /// - Complexity: O(views + constraints); about 300 bytes per view.
    public static func render(_ picture: Picture) -> String { String(decoding: document(picture), as: UTF8.self) }

    /// The SVG document as UTF-8, for a file.
    public static func document(_ picture: Picture) -> [UInt8] { markup(picture).bytes }

    /// The SVG document, in its own buffer.
    public static func markup(_ picture: Picture) -> Markup {
        var out = Markup(capacity: 300 * (picture.boxes.count + picture.lines.count) + 2_000)
        render(picture, into: &out, standalone: true)
        return out
    }

    /// - Parameter standalone: a file of its own, which a browser shows at most as wide as its
    ///   window (the page zooms the picture itself).
    static func render(_ picture: Picture, into out: inout Markup, standalone: Bool = false) {
        let b = picture.bounds
        out.add("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
        out.add(number: b.width + 2 * margin)
        out.add("\" height=\"")
        out.add(number: b.height + 2 * margin)
        out.add("\" viewBox=\"")
        out.add(number: -margin)
        out.add(" ")
        out.add(number: -margin)
        out.add(" ")
        out.add(number: b.width + 2 * margin)
        out.add(" ")
        out.add(number: b.height + 2 * margin)
        out.add("\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"11\"")
        if standalone { out.add(" style=\"max-width: 100%; height: auto\"") }
        out.add(">\n")
        out.add(style)
        for box in picture.boxes {
            out.add("<g class=\"view ")
            out.add(box.kind.rawValue)
            for mark in box.marks {
                out.add(" ")
                out.add(mark.rawValue)
            }
            out.add("\" id=\"view-")
            out.add(escaped: box.name)
            out.add("\" data-name=\"")
            out.add(escaped: box.name)
            out.add("\">")
            rect(box.frame, class: "frame", into: &out)
            // The name and text in full as the box's tooltip; drawn, cut to the box's width.
            var label = box.name
            if let text = box.text, !text.isEmpty { label += " “\(text)”" }
            out.add("><title>")
            out.add(escaped: label)
            out.add("</title></rect>")
            // The drawn view's name above it, where no subview covers it.
            let top = box.depth == 0
            let room = top ? Int.max : Int((box.frame.width - 6) / characterWidth)
            let shown = fitted(label, room: room)
            if !shown.isEmpty && (top || box.frame.height >= 12) {
                out.add("<text x=\"")
                out.add(number: box.frame.x + (top ? 0 : 3))
                out.add("\" y=\"")
                out.add(number: box.frame.y + (top ? -6 : 12))
                out.add("\">")
                out.add(escaped: shown)
                out.add("</text>")
            }
            if let ghost = box.ghost {
                rect(ghost, class: "ghost", into: &out)
                out.add("><title>")
                out.add(escaped: box.name)
                out.add(": another layout as good as this one (")
                out.add(box.components.map(\.rawValue).joined(separator: ", "))
                out.add(" not unique)</title></rect>")
            }
            out.add("</g>\n")
        }
        for line in picture.lines { render(line, into: &out) }
        if let (count, depth) = picture.leftOut {
            out.add("<text x=\"0\" y=\"")
            out.add(number: b.height + 16)
            out.add("\">left out \(counted(count, "view")) below depth \(depth - 1)</text>\n")
        }
        out.add("</svg>\n")
    }

    /// The average advance of the 11-point label font, for cutting names to a box.
    static let characterWidth = 6.2

    /// `text` in at most `room` characters, cut with `…`; empty when not even two fit.
    static func fitted(_ text: String, room: Int) -> String {
        if text.count <= room { return text }
        guard room >= 2 else { return "" }
        return String(text.prefix(room - 1)) + "…"
    }

    static let style = """
        <style>
        .view rect.frame { fill: #ffffff; fill-opacity: 0.6; stroke: #5a6b7d; stroke-width: 1; }
        .view text { fill: #26323f; }
        .view.hidden rect.frame { stroke-dasharray: 2 3; fill-opacity: 0.2; }
        .view.conflict rect.frame { stroke: #d0021b; stroke-width: 2; }
        .view.violated rect.frame { stroke: #c2185b; stroke-width: 2; }
        .view.ambiguous rect.frame { stroke: #f5a623; stroke-width: 2; }
        .view.truncated rect.frame { stroke: #d0021b; stroke-dasharray: 6 2; stroke-width: 2; }
        .view.outside rect.frame { stroke: #b36b00; stroke-dasharray: 2 2; stroke-width: 2; }
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

    /// `<rect class="…" x="…" y="…" width="…" height="…"`, the tag left open.
    static func rect(_ r: Rect, class name: String, into out: inout Markup) {
        out.add("<rect class=\"")
        out.add(name)
        out.add("\" x=\"")
        out.add(number: r.x)
        out.add("\" y=\"")
        out.add(number: r.y)
        out.add("\" width=\"")
        out.add(number: r.width)
        out.add("\" height=\"")
        out.add(number: r.height)
        out.add("\"")
    }

    static func render(_ line: ConstraintLine, into out: inout Markup) {
        let marked = line.state == .broken || line.state == .violated
        out.add(line.isRequired ? "<g class=\"constraint required" : "<g class=\"constraint optional")
        if marked {
            out.add(" ")
            out.add(line.state.rawValue)
        }
        out.add("\" id=\"constraint-")
        out.add(escaped: line.name)
        out.add("\" data-items=\"")
        for (k, item) in line.items.enumerated() {
            if k > 0 { out.add(" ") }
            out.add(escaped: item)
        }
        out.add("\"><title>")
        out.add(escaped: line.name)
        out.add(": ")
        out.add(escaped: line.text)
        out.add("</title>")
        var label = line.label
        if marked { label += " (\(line.state.rawValue), off by \(number(line.amount)))" }
        let cap = 4.0
        switch line.shape {
        case let .spacing(axis, from, to, across), let .dimension(axis, from, to, across):
            // A constant is written where it fits along its line (its tooltip says it always).
            let fits = Double(label.count) * 5.6 + 4 <= abs(to - from)
            if axis == .horizontal {
                segment(from, across, to, across, into: &out)
                segment(from, across - cap, from, across + cap, into: &out)
                segment(to, across - cap, to, across + cap, into: &out)
                if fits || marked { text((from + to) / 2, across - 3, label, anchor: "middle", into: &out) }
            } else {
                segment(across, from, across, to, into: &out)
                segment(across - cap, from, across + cap, from, into: &out)
                segment(across - cap, to, across + cap, to, into: &out)
                if abs(to - from) >= 12 || marked { text(across + 4, (from + to) / 2 + 3, label, anchor: "start", into: &out) }
            }
        case let .centring(x1, y1, x2, y2), let .other(x1, y1, x2, y2):
            segment(x1, y1, x2, y2, into: &out)
            text((x1 + x2) / 2 + 4, (y1 + y2) / 2 - 3, label, anchor: "start", into: &out)
        }
        out.add("</g>\n")
    }

    static func segment(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, into out: inout Markup) {
        out.add("<line x1=\"")
        out.add(number: x1)
        out.add("\" y1=\"")
        out.add(number: y1)
        out.add("\" x2=\"")
        out.add(number: x2)
        out.add("\" y2=\"")
        out.add(number: y2)
        out.add("\"/>")
    }

    static func text(_ x: Double, _ y: Double, _ content: String, anchor: String, into out: inout Markup) {
        out.add("<text x=\"")
        out.add(number: x)
        out.add("\" y=\"")
        out.add(number: y)
        out.add("\" text-anchor=\"")
        out.add(anchor)
        out.add("\">")
        out.add(escaped: content)
        out.add("</text>")
    }

    /// At most two decimals; huge values clamped so the document stays well formed.
    static func number(_ value: Double) -> String {
        var out = Markup()
        out.add(number: value)
        return out.text
    }

    /// XML text and attribute escaping.
    public static func escape(_ text: String) -> String {
        var out = Markup()
        out.add(escaped: text)
        return out.text
    }
}
