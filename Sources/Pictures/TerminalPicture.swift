import LayoutEngine

/// `draw`: the picture as nested boxes of box-drawing characters, scaled to a width in
/// columns, a row taken as twice as tall as a column is wide, with rulers in points along the
/// top and the left. Marked views are drawn in their own line style (and colour, when asked)
/// and listed under the picture, so that they stand out without colour too.
public enum TerminalPicture {
    /// The narrowest picture that still shows anything.
    public static let minimumColumns = 30
    /// Taller pictures are squeezed vertically to this many rows (and say so).
    public static let maximumRows = 120
    /// How many views the terminal shows before it leaves deeper levels out.
    public static let viewLimit = 300

    struct Style {
        let horizontal: Character, vertical: Character
        let topLeft: Character, topRight: Character, bottomLeft: Character, bottomRight: Character
    }

    static func style(_ mark: Picture.Mark?) -> Style {
        switch mark {
        case .conflict: Style(horizontal: "━", vertical: "┃", topLeft: "┏", topRight: "┓", bottomLeft: "┗", bottomRight: "┛")
        case .violated: Style(horizontal: "═", vertical: "║", topLeft: "╔", topRight: "╗", bottomLeft: "╚", bottomRight: "╝")
        case .ambiguous: Style(horizontal: "╌", vertical: "╎", topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘")
        case .truncated: Style(horizontal: "╍", vertical: "╏", topLeft: "┍", topRight: "┑", bottomLeft: "┕", bottomRight: "┙")
        case .outside: Style(horizontal: "┉", vertical: "┋", topLeft: "┎", topRight: "┒", bottomLeft: "┖", bottomRight: "┚")
        case .hidden: Style(horizontal: "┈", vertical: "┊", topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘")
        case nil: Style(horizontal: "─", vertical: "│", topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘")
        }
    }

    static func colourCode(_ mark: Picture.Mark) -> String {
        switch mark {
        case .conflict: "31"
        case .violated: "35"
        case .ambiguous: "33"
        case .truncated: "31"
        case .outside: "33"
        case .hidden: "2"
        }
    }

    /// The picture in `columns` columns (rulers included).
    /// - Complexity: O(rows × columns + the boxes' perimeters and areas on the grid).
    public static func render(_ picture: Picture, columns: Int, colour: Bool) -> String {
        let bounds = picture.bounds
        let width = max(bounds.width, 1), height = max(bounds.height, 1)
        // The left ruler holds the largest label; the grid takes the rest.
        let rulerWidth = String(Int(height.rounded(.down))).count + 1
        let gridColumns = max(columns - rulerWidth, 2)
        let sx = Double(gridColumns - 1) / width
        var sy = sx / 2
        var squeezed = false
        if height * sy + 1 > Double(maximumRows) {
            sy = Double(maximumRows - 1) / height
            squeezed = true
        }
        let gridRows = Int((height * sy).rounded()) + 1
        var grid = [[Character]](repeating: [Character](repeating: " ", count: gridColumns), count: gridRows)
        var marks = [[Picture.Mark?]](repeating: [Picture.Mark?](repeating: nil, count: gridColumns), count: gridRows)
        func column(_ x: Double) -> Int { min(max(Int((x * sx).rounded()), 0), gridColumns - 1) }
        func row(_ y: Double) -> Int { min(max(Int((y * sy).rounded()), 0), gridRows - 1) }
        func put(_ r: Int, _ c: Int, _ ch: Character, _ mark: Picture.Mark?) {
            grid[r][c] = ch
            marks[r][c] = mark
        }

        var zeroSize: [String] = []
        for box in picture.boxes {
            let f = box.frame
            let c0 = column(f.x), c1 = column(f.maxX), r0 = row(f.y), r1 = row(f.maxY)
            let mark = box.strongest
            if c1 - c0 < 1 || r1 - r0 < 1 {
                // Too small to draw as a box: a marker where it is, its name beside it if free.
                put(r0, c0, "•", mark)
                if f.width == 0 || f.height == 0 { zeroSize.append(box.name) }
                var c = c0 + 1
                for ch in box.name where c < gridColumns && grid[r0][c] == " " {
                    put(r0, c, ch, mark)
                    c += 1
                }
                continue
            }
            let s = style(mark)
            if box.depth > 0 {
                for r in (r0 + 1)..<r1 { for c in (c0 + 1)..<c1 { put(r, c, " ", nil) } }
            }
            for c in (c0 + 1)..<c1 {
                put(r0, c, s.horizontal, mark)
                put(r1, c, s.horizontal, mark)
            }
            for r in (r0 + 1)..<r1 {
                put(r, c0, s.vertical, mark)
                put(r, c1, s.vertical, mark)
            }
            put(r0, c0, s.topLeft, mark); put(r0, c1, s.topRight, mark)
            put(r1, c0, s.bottomLeft, mark); put(r1, c1, s.bottomRight, mark)
            let room = c1 - c0 - 1
            for (k, ch) in label(box, room: room).enumerated() { put(r0, c0 + 1 + k, ch, mark) }
        }
        // The drawn view's name, where a subview at its top left drew over it: on its bottom
        // edge instead, where that is still its own.
        if let top = picture.boxes.first {
            let f = top.frame
            let c0 = column(f.x), c1 = column(f.maxX), r0 = row(f.y), r1 = row(f.maxY)
            let text = Array(label(top, room: c1 - c0 - 1))
            if c1 - c0 > 1, r1 > r0, !text.isEmpty, !text.indices.allSatisfy({ grid[r0][c0 + 1 + $0] == text[$0] }) {
                let edge = style(top.strongest).horizontal
                if text.indices.allSatisfy({ grid[r1][c0 + 1 + $0] == edge }) {
                    for (k, ch) in text.enumerated() { put(r1, c0 + 1 + k, ch, top.strongest) }
                }
            }
        }

        // Rulers: a label at every step of at least 10 columns (4 rows down the side).
        let xStep = step(minimum: 10 / sx), yStep = step(minimum: 4 / sy)
        var top = [Character](repeating: " ", count: gridColumns)
        var x = 0.0
        while x <= width + 1e-9 {
            let text = Array(formatNumber(x))
            let c = column(x)
            if c + text.count <= gridColumns { for (k, ch) in text.enumerated() { top[c + k] = ch } }
            x += xStep
        }
        var left = [String](repeating: String(repeating: " ", count: rulerWidth), count: gridRows)
        var y = 0.0
        while y <= height + 1e-9 {
            let text = formatNumber(y)
            left[row(y)] = String(repeating: " ", count: max(rulerWidth - 1 - text.count, 0)) + text + " "
            y += yStep
        }

        var lines: [String] = []
        let scale = "1 column = \(formatNumber(rounded(1 / sx))) pt, 1 row = \(formatNumber(rounded(1 / sy))) pt"
        lines.append("\(picture.boxes.first?.name ?? "") \(formatNumber(bounds.width)) x \(formatNumber(bounds.height)); \(scale)\(squeezed ? " (squeezed to \(maximumRows) rows)" : "")")
        lines.append(String(repeating: " ", count: rulerWidth) + String(top).trailingSpacesRemoved)
        for r in 0..<gridRows {
            var line = left[r]
            var current: Picture.Mark?
            for c in 0..<gridColumns {
                let mark = colour ? marks[r][c] : nil
                if mark != current {
                    if current != nil { line += "\u{1B}[0m" }
                    if let mark { line += "\u{1B}[\(colourCode(mark))m" }
                    current = mark
                }
                line.append(grid[r][c])
            }
            if current != nil { line += "\u{1B}[0m" }
            lines.append(line.trailingSpacesRemoved)
        }
        lines += legend(picture, zeroSize: zeroSize)
        if let (count, depth) = picture.leftOut {
            lines.append("left out \(counted(count, "view")) below depth \(depth - 1) ('draw NAME' draws a subtree)")
        }
        return lines.joined(separator: "\n")
    }

    /// `title "Hello"` when it fits in `room` columns, else the name, cut with `…`.
    static func label(_ box: Picture.Box, room: Int) -> String {
        guard room > 0 else { return "" }
        if let text = box.text, !text.isEmpty {
            let full = "\(box.name) \"\(text)\""
            if full.count <= room { return full }
        }
        if box.name.count <= room { return box.name }
        return String(box.name.prefix(max(room - 1, 0))) + "…"
    }

    /// One line per kind of mark present: its line style and the views that carry it.
    static func legend(_ picture: Picture, zeroSize: [String]) -> [String] {
        var lines: [String] = []
        for mark in Picture.Mark.allCases {
            // What `warnings` says is listed whatever else a view is.
            let always: Set<Picture.Mark> = [.hidden, .truncated, .outside]
            let named = picture.boxes.filter { $0.strongest == mark || ($0.marks.contains(mark) && always.contains(mark)) }
            guard !named.isEmpty else { continue }
            let names = named.map { box in
                mark == .ambiguous ? "\(box.name) (\(box.components.map(\.rawValue).joined(separator: ", ")))" : box.name
            }
            let what = switch mark {
            case .conflict: "in a conflict"
            case .violated: "violated"
            case .ambiguous: "ambiguous"
            case .truncated: "smaller than its content (truncated)"
            case .outside: "outside its superview"
            case .hidden: "hidden"
            }
            lines.append("\(style(mark).horizontal) \(what): \(list(names))")
        }
        if !zeroSize.isEmpty { lines.append("• zero size: \(list(zeroSize))") }
        return lines
    }

    static func list(_ names: [String]) -> String {
        names.count <= 12 ? names.joined(separator: ", ") : names.prefix(12).joined(separator: ", ") + " and \(names.count - 12) more"
    }

    /// The smallest of 1, 2, 5 × 10ⁿ (and 25 × 10ⁿ) at least `minimum`.
    static func step(minimum: Double) -> Double {
        var scale = 1.0
        while true {
            for base in [1.0, 2, 2.5, 5] where base * scale >= minimum { return base * scale }
            scale *= 10
        }
    }

    static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }
}

extension String {
    var trailingSpacesRemoved: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
