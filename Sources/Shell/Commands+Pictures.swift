import Foundation
import LayoutEngine
import Pictures

/// Pictures: `draw`, `export`, `watch`.
extension Commands {
    static let pictures: [Command] = [
        Command(name: "draw", usage: "draw [NAME] [width N]",
                summary: "the hierarchy (or NAME's subtree) as boxes in the terminal",
                details: """
                Scaled to COLUMNS (else 100) or to 'width N' columns, a row counted twice as tall as a \
                column is wide, with rulers in points. Views in a conflict are drawn ━, violated ═, \
                ambiguous ╌, smaller than their content ╍, outside their superview ┉, hidden ┈, and \
                listed below; a view too small for a box is a •. Subviews draw over earlier siblings \
                (the drawn view's name goes to its bottom edge when one covers it). Frames are those \
                of the last layout pass.
                """, arguments: [.view, .word(["width"])],
                run: { s, a in try draw(s, a); return .succeeded }),
        Command(name: "export", usage: "export FILE.svg | FILE.html",
                summary: "write the layout as an SVG picture or as a self-contained page",
                details: """
                SVG: the views at 1 pt = 1 px (a browser may scale it) with their names and texts, \
                cut to their boxes (in full as tooltips), and the constraints as \
                Interface Builder draws them: spacing as an I-beam with its constant, widths and \
                heights as dimension lines, centring as a line through the centres; optional ones \
                dashed with their priority, broken and violated ones red with the amount, ambiguous \
                views outlined orange with a ghost where 'exercise' would move them, views smaller \
                than their content or outside their superview dashed; a constant is written where it \
                fits along its line. HTML: that picture, fitted to its pane with zoom buttons, \
                the view tree, and on a click a view's frame, constraints and explanation; the \
                conflict and violation reports light up their views on hover.
                """, arguments: [.file],
                run: { s, a in try export(s, a); return .succeeded }),
        Command(name: "watch", usage: "watch FILE.html | watch off",
                summary: "keep a page current: rewritten when what it shows changes, it reloads itself then",
                keepsWatchedPage: true, arguments: [.file],
                run: { s, a in try watch(s, a); return .succeeded }),
    ]

    static func draw(_ s: Session, _ a: Arguments) throws {
        var c = try a.cursor()
        let h = s.engine.hierarchy
        var id = Hierarchy.rootID
        var columns = s.columns
        let widthOption = c.peek?.name == "width" && c.tokens.count - c.position >= 2
        if !c.atEnd && !widthOption {
            id = try h.viewID(named: try c.name("a view name"))
        }
        if c.acceptWord("width") {
            let number = try c.number("a width in columns")
            guard number == number.rounded(), number >= Double(TerminalPicture.minimumColumns), number <= 1000 else {
                throw ShellError.syntax("expected a whole width of \(TerminalPicture.minimumColumns) to 1000 columns, found \(formatNumber(number))", usage: nil)
            }
            columns = Int(number)
        }
        try c.expectEnd()
        guard h.view(id).kind != .guide else {
            throw ShellError.syntax("'\(h.view(id).name)' is a layout guide; draw its owning view", usage: nil)
        }
        if h.needsLayout { s.print(pendingNote) }
        let picture = Picture(engine: s.engine, root: id, limit: TerminalPicture.viewLimit)
        s.print(TerminalPicture.render(picture, columns: columns, colour: s.colour))
    }

    static func export(_ s: Session, _ a: Arguments) throws {
        let file = try a.path()
        let lower = file.lowercased()
        guard lower.hasSuffix(".svg") || lower.hasSuffix(".html") || lower.hasSuffix(".htm") else {
            throw ShellError.fileWrite(file, reason: "export writes a picture (FILE.svg) or a page (FILE.html)")
        }
        let document = lower.hasSuffix(".svg") ? SVGPicture.markup(Picture(engine: s.engine, limit: pictureLimit)) : pageMarkup(s, watch: nil)
        try FileWriter.replace(file, with: document)
        if s.engine.hierarchy.needsLayout { s.print(pendingNote) }
        s.print("wrote \(file) (\(document.byteCount) bytes)")
    }

    static func watch(_ s: Session, _ a: Arguments) throws {
        let file = try a.path()
        if file == "off" {
            guard let current = s.watchPath else { throw ShellError.notAvailable("not watching a page") }
            try FileWriter.replace(current, with: pageMarkup(s, watch: nil))
            unlink(stampFile(of: current))
            s.watchPath = nil
            s.watched = Session.WatchedPage()
            s.print("stopped watching \(current) (it no longer reloads itself)")
            return
        }
        let lower = file.lowercased()
        guard lower.hasSuffix(".html") || lower.hasSuffix(".htm") else {
            throw ShellError.fileWrite(file, reason: "watch keeps a page current: name a FILE.html")
        }
        let page = pageMarkup(s, watch: PageDetails.Watch(stamp: 1, file: PathName.lastComponent(of: stampFile(of: file))))
        try FileWriter.replace(file, with: page)
        try FileWriter.replace(stampFile(of: file), with: PageDetails.stampScript(1))
        s.watchPath = file
        s.watched = Session.WatchedPage(stamp: 1, written: page.bytes)
        s.print("watching \(file): it is rewritten when a command changes what it shows, and reloads itself then; 'watch off' stops")
    }

    /// The file a watched page reads its stamp from: `page.html.stamp.js` beside it.
    static func stampFile(of page: String) -> String { page + ".stamp.js" }

    /// Views in a picture for export (the SVG stays a few MB at this many).
    static let pictureLimit = 20_000
    /// Views whose explanation the page carries (each is a diagnosis).
    static let explainedLimit = 300

    /// The page of the whole hierarchy, with the diagnostics in words.
    static func page(_ s: Session, watch: PageDetails.Watch? = nil) -> [UInt8] { pageMarkup(s, watch: watch).bytes }

    /// The page, in its own buffer (written out from it).
    static func pageMarkup(_ s: Session, watch: PageDetails.Watch?) -> Markup {
        let engine = s.engine
        let h = engine.hierarchy
        let picture = Picture(engine: engine, limit: pictureLimit)
        let text = DiagnosisText(engine: engine)
        // By view identifier, in arrays (a set of the drawn views and one of each constraint's
        // two items were hashed 50,000 times for a page of 10,000 views).
        var touching = [[(name: String, text: String, state: String)]](repeating: [], count: h.views.count)
        var drawn = [Bool](repeating: false, count: h.views.count)
        for box in picture.boxes { drawn[box.id] = true }
        // The developer's drawn constraints were written out for their lines already.
        var written = [String?](repeating: nil, count: h.constraints.count)
        for line in picture.lines { if case let .user(index) = line.ref { written[index] = line.text } }
        for (ref, constraint) in h.allConstraints {
            let first = constraint.first.item
            let second = constraint.second.map(\.item).flatMap { $0 == first ? nil : $0 }
            guard drawn[first] || second.map({ drawn[$0] }) == true else { continue }
            let state = engine.state(of: ref, constraint)
            var stateText = state.rawValue
            if state == .violated || state == .broken { stateText += " by \(formatNumber(engine.error(of: ref)))" }
            if !constraint.isRequired { stateText += " @\(constraint.priority)" }
            var text: String?
            if case let .user(index) = ref { text = written[index] }
            let entry = (constraint.name, text ?? h.text(of: constraint), stateText)
            if drawn[first] { touching[first].append(entry) }
            if let second, drawn[second] { touching[second].append(entry) }
        }
        var views: [String: PageDetails.ViewDetail] = [:]
        for (k, box) in picture.boxes.enumerated() {
            var explanation: [String]
            if box.id == Hierarchy.rootID {
                explanation = ["root's frame is given ('set root.frame = X Y W H')"]
            } else if k <= explainedLimit {
                let explained = engine.explain(box.id, attribute: nil)
                explanation = text.lines(explained.chain)
                if explained.isFree { explanation.insert("not unique (see the diagnosis below); it rests on:", at: 0) }
                if explanation.isEmpty { explanation = ["nothing but the engine's givens"] }
            } else {
                explanation = ["(run 'explain \(box.name)' in strut)"]
            }
            views[box.name] = PageDetails.ViewDetail(frame: describe(h.view(box.id).frame), constraints: touching[box.id],
                                                     explanation: explanation)
        }
        var reports: [PageDetails.Report] = []
        func names(_ refs: [ConstraintRef]) -> (views: [String], constraints: [String]) {
            var seen = Set<ViewID>()
            let items = refs.flatMap { h.constraint($0)?.items ?? [] }.filter { seen.insert($0).inserted }
            return (items.map { h.view($0).name }, refs.map(engine.name))
        }
        for report in engine.diagnostics.conflictReports() {
            let (v, c) = names(report.set)
            reports.append(.init(kind: "conflict", text: text.text(report), views: v, constraints: c))
            // Each fix on its own, lighting up what it would move or collapse.
            for ranked in report.ranked {
                guard let consequence = ranked.consequence else { continue }
                let fixText: String
                var touched: [String] = []
                switch ranked.fix {
                case let .deactivate(ref): fixText = "deactivate \(engine.name(of: ref))"; touched = [engine.name(of: ref)]
                case let .priority(ref, _): fixText = text.text(ranked.fix); touched = [engine.name(of: ref)]
                default: fixText = text.text(ranked.fix)
                }
                let moved = consequence.moves.map { h.view($0.view).name }
                reports.append(.init(kind: "fix", text: "fix for \(engine.name(of: report.broken)): \(fixText) → \(text.text(consequence))",
                                     views: moved, constraints: touched))
            }
        }
        for warning in engine.diagnostics.warnings() {
            let views = warning.views.map { h.view($0).name }
            let what: String
            switch warning {
            case .outside: what = "runs outside its superview"
            case .overlap: what = "overlap"
            case .truncated: what = "is smaller than its content (truncated)"
            }
            reports.append(.init(kind: "warning", text: "\(views.joined(separator: " and ")) \(what)", views: views, constraints: []))
        }
        // As `conflicts` says them: a view stretched past its content in one line at the end.
        var stretched: [ViolationReport] = []
        for report in engine.diagnostics.violations().reports {
            if report.isStretching {
                stretched.append(report)
                continue
            }
            let (v, c) = names([report.ref] + report.forcedBy)
            reports.append(.init(kind: "violation", text: text.text(report), views: v, constraints: c))
        }
        if let note = text.stretchedNote(stretched) {
            let (v, c) = names(stretched.map(\.ref))
            reports.append(.init(kind: "warning", text: note, views: v, constraints: c))
        }
        let ids = h.allViewIDs
        for id in ids {
            guard let report = engine.ambiguityReport(id) else { continue }
            reports.append(.init(kind: "ambiguous", text: text.lines(report).joined(separator: "\n"), views: [h.view(id).name], constraints: []))
        }
        let details = PageDetails(title: "strut: \(counted(ids.count - 1, "view")), \(counted(h.userConstraints.count, "constraint"))",
                                  views: views, reports: reports, watch: watch)
        return PageWriter.markup(picture, details)
    }
}
