import LayoutEngine

/// A view as LLDB printed it in a view tree: `recursiveDescription`'s
/// `<UILabel: 0x7fc9…; frame = (166.5 110; 42 20.5); text = 'Label'; …>`, or a line of
/// `_autolayoutTrace` (`|   |   *UIButton:0x7f88…'Retrieve data'- AMBIGUOUS LAYOUT for …`).
public struct DumpedView: Sendable, Equatable {
    public var className: String
    public var address: String
    /// Depth in the tree: 0 for its top view.
    public var depth: Int
    public var frame: Rect?
    public var text: String?
    public var hidden = false
    /// `autoresize = W+H` (nil when the line does not say).
    public var mask: AutoresizingMask?
    /// `_autolayoutTrace`'s marker: `*` laid out by Auto Layout, `+` by its autoresizing mask in
    /// the engine, `•` an engine host; nil for none.
    public var marker: Character?
    /// The frame components `_autolayoutTrace` calls ambiguous (`x`, `y`, `width`, `height`).
    public var ambiguous: [String] = []
}

/// A view tree LLDB printed: which of the two, and its views in order (parents first).
public struct DumpedTree: Sendable {
    public enum Kind: Sendable { case recursiveDescription, autolayoutTrace }
    public var kind: Kind
    public var views: [DumpedView]
}

/// Reads what LLDB prints about views rather than constraints: `po view.recursiveDescription()`
/// (or `po [view recursiveDescription]`), the view debugger's "Print Description" of a view, and
/// `po [[UIWindow keyWindow] _autolayoutTrace]`. Layers, `(lldb)` prompts and paste damage
/// (`LogText.clean`) are left out.
public enum DebuggerText {
    /// Whether `text` is a list of constraints as LLDB prints one rather than UIKit's message:
    /// `po view.constraints`, `constraintsAffectingLayout(for:)` (`▿ 6 elements`, ` - 0 : <…>`,
    /// `<__NSArrayM 0x…>(`), or the view debugger's "Print Description".
    public static func isConstraintList(_ text: String) -> Bool {
        guard !text.contains(ConsoleLog.header), !text.contains(ConsoleLog.marker) else { return false }
        return text.contains("(lldb)") || text.contains(" elements\n") || text.contains("<__NS") || text.contains("Printing description of")
            || text.split(separator: "\n").contains { $0.trimmingPrefix(while: { $0 == " " || $0 == "\t" }).hasPrefix("- 0 : <") }
    }

    /// Whether a pasted text that starts with this line is something LLDB printed (a prompt, a
    /// view's or an array's description, Swift's dump of an array, a trace's window).
    public static func startsDebuggerOutput(_ line: String) -> Bool {
        let text = line.trimmingPrefix(while: { $0 == " " || $0 == "\t" })
        return text.hasPrefix("(lldb)") || text.hasPrefix("Printing description of") || text.hasPrefix("<__NS")
            || text.hasPrefix("▿ ") || describedView(Substring(text)) != nil || (tracedView(Substring(text))?.depth == 0 && text.contains(":0x"))
    }

    /// The tree in `text`, or nil when it holds none.
    public static func tree(_ text: String) -> DumpedTree? {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" })
        var described: [DumpedView] = []
        var traced: [DumpedView] = []
        for raw in lines {
            // `recursiveDescription` indents with `   | `, which a blockquote's `>` must not eat:
            // only comment and quote prefixes go, not the bars.
            let line = Substring(LogText.unescape(String(raw)))
            if let view = describedView(line) { described.append(view); continue }
            if let view = tracedView(line) { traced.append(view) }
        }
        if !described.isEmpty && described.count >= traced.count {
            return DumpedTree(kind: .recursiveDescription, views: described)
        }
        // A trace is a tree of at least its window and one view, or one marked line.
        if traced.count >= 2 || traced.contains(where: { $0.marker != nil || !$0.ambiguous.isEmpty }) {
            return DumpedTree(kind: .autolayoutTrace, views: traced)
        }
        return nil
    }

    // MARK: - recursiveDescription

    /// `   |    | <UILabel: 0x7fc9…; frame = (166.5 110; 42 20.5); text = 'Label'; …>`: the
    /// depth is the number of `|` before `<`.
    static func describedView(_ line: Substring) -> DumpedView? {
        guard let open = line.firstIndex(of: "<") else { return nil }
        let prefix = line[..<open]
        guard prefix.allSatisfy({ " |/`>*\t".contains($0) }) else { return nil }
        let body = line[line.index(after: open)...]
        guard let colon = body.range(of: ": 0x") else { return nil }
        let className = String(body[..<colon.lowerBound])
        guard !className.isEmpty, className.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else { return nil }
        let afterAddress = body[colon.upperBound...]
        let address = "0x" + String(afterAddress.prefix(while: \.isHexDigit))
        let rest = afterAddress.drop(while: \.isHexDigit)
        // Layers (`<CALayer: 0x…> (layer)`) and objects that are no views (no frame).
        guard rest.hasPrefix(";"), let frame = framed(in: rest) else { return nil }
        guard !className.hasSuffix("Layer"), !className.hasPrefix("_UILayoutGuide") else { return nil }
        var view = DumpedView(className: className, address: address, depth: prefix.filter { $0 == "|" }.count, frame: frame)
        view.text = quoted("text", in: rest)
        view.hidden = field("hidden", in: rest) == "YES"
        view.mask = field("autoresize", in: rest).map(mask)
        return view
    }

    /// `name = value;` in a description (the value up to `;` or the closing `>`).
    static func field(_ name: String, in text: Substring) -> String? {
        guard let range = text.range(of: "; \(name) = ") else { return nil }
        let value = text[range.upperBound...].prefix { $0 != ";" && $0 != ">" }
        return String(value)
    }

    /// `frame = (166.5 110; 42 20.5)`: its value holds a `;`, so it runs to `)`.
    static func framed(in text: Substring) -> Rect? {
        guard let range = text.range(of: "; frame = (") else { return nil }
        let rest = text[range.upperBound...]
        guard let end = rest.firstIndex(of: ")") else { return nil }
        return rect(String(rest[..<end]))
    }

    /// `text = 'Hello; world';`: a text may hold `;`, so it ends at `';`.
    static func quoted(_ name: String, in text: Substring) -> String? {
        guard let range = text.range(of: "; \(name) = '") else { return nil }
        let rest = text[range.upperBound...]
        guard let end = rest.range(of: "';") ?? rest.range(of: "'>") else { return nil }
        return String(rest[..<end.lowerBound])
    }

    /// `(166.5 110; 42 20.5)` → x, y, width, height.
    static func rect(_ text: String) -> Rect? {
        let numbers = text.filter { !"();".contains($0) }.split(separator: " ").compactMap { Double($0) }
        guard numbers.count == 4, numbers.allSatisfy(\.isFinite) else { return nil }
        return Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }

    /// `W+H`, `RM+BM`, `LM+W+TM`: UIKit's short names of the flexible parts.
    static func mask(_ text: String) -> AutoresizingMask {
        var mask: AutoresizingMask = []
        for part in text.split(separator: "+") {
            switch part {
            case "LM": mask.insert(.flexibleLeftMargin)
            case "W": mask.insert(.flexibleWidth)
            case "RM": mask.insert(.flexibleRightMargin)
            case "TM": mask.insert(.flexibleTopMargin)
            case "H": mask.insert(.flexibleHeight)
            case "BM": mask.insert(.flexibleBottomMargin)
            default: break
            }
        }
        return mask
    }

    // MARK: - _autolayoutTrace

    /// `|   |   *UIButton:0x7f88a8cb9bf0'Retrieve data'- AMBIGUOUS LAYOUT for UIButton:….minX{id: 170}, …`;
    /// the legacy `*<UIView:0x109409850> - AMBIGUOUS LAYOUT`.
    static func tracedView(_ line: Substring) -> DumpedView? {
        var rest = line.drop { $0 == " " || $0 == "\t" || $0 == "/" || $0 == ">" || $0 == "`" }
        var depth = 0
        while rest.hasPrefix("|") {
            depth += 1
            rest = rest.dropFirst().drop { $0 == " " }
        }
        var marker: Character?
        if let first = rest.first, "*+•".contains(first) {
            marker = first
            rest = rest.dropFirst()
        }
        if rest.hasPrefix("<") { rest = rest.dropFirst() }
        let className = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
        guard !className.isEmpty, rest.dropFirst(className.count).hasPrefix(":0x") else { return nil }
        let afterAddress = rest.dropFirst(className.count + 3)
        let hex = afterAddress.prefix(while: \.isHexDigit)
        guard !hex.isEmpty else { return nil }
        var view = DumpedView(className: String(className), address: "0x" + hex, depth: depth, frame: nil)
        view.marker = marker
        var tail = afterAddress.dropFirst(hex.count)
        if tail.hasPrefix("'"), let end = tail.dropFirst().firstIndex(of: "'") {
            view.text = String(tail[tail.index(after: tail.startIndex)..<end])
            tail = tail[tail.index(after: end)...]
        }
        if let range = tail.range(of: "AMBIGUOUS LAYOUT") {
            let list = tail[range.upperBound...]
            var components: [String] = []
            for (variable, component) in [(".minX{", "x"), (".minY{", "y"), (".Width{", "width"), (".Height{", "height")]
            where list.range(of: variable) != nil {
                components.append(component)
            }
            // Without the variables (the legacy form), UIKit does not say which.
            view.ambiguous = components.isEmpty ? ["x", "y", "width", "height"] : components
        }
        return view
    }
}

/// What reading a view tree made.
public struct TreeImportReport: Sendable {
    public var kind: DumpedTree.Kind
    /// The views made, in the tree's order.
    public var views: [String] = []
    /// `_autolayoutTrace`'s ambiguous views: name and components.
    public var ambiguous: [(view: String, components: [String])] = []
    /// The size root took (the tree's top view's).
    public var rootSize: (width: Double, height: Double)?
}

/// Rebuilds a view tree LLDB printed, all or nothing. Each view is named as a log names it
/// (`UILabel_c5a0`: its class and the last four hex digits of its address, which it keeps as its
/// `ibID`, so that a console log pasted afterwards lands on it). From `recursiveDescription`:
/// each view at its frame, held there by its autoresizing mask as UIKit printed it (no intrinsic
/// size: the frames are UIKit's), hidden views hidden, labels' and buttons' texts; root is large
/// enough to hold the top view at its frame. From `_autolayoutTrace`: the tree alone (it has no frames), and the views
/// UIKit marked ambiguous.
public struct TreeImporter {
    public let engine: LayoutEngine

    public init(engine: LayoutEngine) { self.engine = engine }

    public func run(_ tree: DumpedTree) throws -> TreeImportReport {
        try engine.allOrNothing { try build(tree) }
    }

    private func build(_ tree: DumpedTree) throws -> TreeImportReport {
        var report = TreeImportReport(kind: tree.kind)
        var taken = Set<String>()
        // The views above the current line, by depth: names and sizes.
        var path: [(name: String, size: EdgeSize?)] = []
        if tree.kind == .recursiveDescription, let top = tree.views.first?.frame {
            // Root holds the top view where its superview had it.
            let size = (width: top.x + top.width, height: top.y + top.height)
            try engine.setProperty(.frame(Rect(x: 0, y: 0, width: size.width, height: size.height), within: nil), of: "root")
            report.rootSize = size
        }
        for view in tree.views {
            let base = LogImporter.baseName(LogItem(className: view.className, address: String(view.address.dropFirst(2)), label: nil))
            let name = engine.hierarchy.unusedViewName(base, taken: taken)
            taken.insert(name)
            let depth = min(view.depth, path.count)
            path.removeSubrange(depth...)
            let parent = path.last?.name ?? "root"
            let within = depth == 0 ? report.rootSize.map { EdgeSize(width: $0.width, height: $0.height) } : path.last?.size ?? nil
            let kind: ViewKind = view.className == "UILabel" ? .label : view.className == "UIButton" ? .button
                : view.className == "UIImageView" ? .image : .view
            var properties: [ViewProperty] = [.documentClass(view.className), .ibID(view.address), .intrinsic(nil, nil)]
            if let text = view.text, kind == .label || kind == .button { properties.insert(.text(text), at: 0) }
            if let frame = view.frame {
                properties.append(.frame(frame, within: within))
                properties.append(.autoresizing(true))
                properties.append(.mask(view.mask ?? []))
            }
            if view.hidden { properties.append(.hidden(true)) }
            try engine.addView(kind: kind, name: name, parent: parent, properties: properties)
            path.append((name, view.frame.map { EdgeSize(width: $0.width, height: $0.height) }))
            report.views.append(name)
            if !view.ambiguous.isEmpty { report.ambiguous.append((name, view.ambiguous)) }
        }
        engine.layoutIfNeeded()
        return report
    }
}
