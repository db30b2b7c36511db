#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Shell

/// The shell workloads: a hierarchy of N views (the cells of the solver workloads: a
/// container and three labels each) built through the command language, then single changes
/// (`constant`, `priority`, `toggle`), each followed by `layout`.
final class NullSink: OutputSink {
    func write(_ text: String) {}
    func writeError(_ text: String) { print("shell error: \(text)", terminator: "") }
}

/// The commands that make cell `i`.
func cellCommands(_ i: Int) -> [String] {
    let intrinsic = [60 + (7 * i) % 40, 80 + (13 * i) % 60, 50 + (5 * i) % 30]
    var lines = [
        "new view c\(i)",
        "c\(i).left == root.left; top\(i): c\(i).top == root.top + \(44 * i); w\(i): c\(i).width == 320; c\(i).height == 44",
    ]
    for k in 1...3 { lines.append("new label l\(k)_\(i) in c\(i) intrinsic=\(intrinsic[k - 1]) none hugging.h=250") }
    lines += [
        "l1_\(i).left == c\(i).left + 8",
        "gap\(i): l2_\(i).left >= l1_\(i).right + 10",
        "l3_\(i).left == l2_\(i).right + 10",
        "l3_\(i).right == c\(i).right - 8",
    ]
    for k in 1...3 { lines.append("l\(k)_\(i).height == 20; l\(k)_\(i).centerY == c\(i).centerY") }
    return lines
}

/// Builds the hierarchy; returns the session and the build time.
func buildShellCells(views: Int) -> (Session, Double) {
    let session = Session(sink: NullSink())
    let clock = ContinuousClock()
    let start = clock.now
    for i in 0..<(views / 4) {
        for line in cellCommands(i) { session.run(line: line) }
    }
    session.run(line: "layout")
    return (session, milliseconds(clock.now - start))
}

/// Median milliseconds of one change followed by `layout`, over `repeats` changes.
func runShellChanges(views: Int, kind: String, repeats: Int = 60) -> Double {
    let (session, _) = buildShellCells(views: views)
    let cells = views / 4
    var times: [Double] = []
    let clock = ContinuousClock()
    for r in 0..<repeats {
        let i = (r * 7919) % cells
        let command: String
        switch kind {
        case "constant": command = "constant w\(i) \(r % 2 == 0 ? 300 : 320)"
        case "priority": command = "priority gap\(i) \(r % 2 == 0 ? 999 : 1000)"
        default: command = "toggle top\(i)"
        }
        let start = clock.now
        session.run(line: command)
        session.run(line: "layout")
        times.append(milliseconds(clock.now - start))
    }
    times.sort()
    return times[times.count / 2]
}

/// Counts what the session prints (so the report is really built and written).
final class CountingSink: OutputSink {
    var characters = 0
    func write(_ text: String) { characters += text.count }
    func writeError(_ text: String) { print("shell error: \(text)", terminator: "") }
}

/// Issue 5: a hierarchy of N views (the cells) with one conflict (a second, contradicting width
/// on one cell) and one ambiguous view (a box with no horizontal position); the time of the
/// full `conflicts` and `ambiguous` reports, one after the other. For profiling, the
/// environment's STRUT_DIAG_WHICH (a command) runs STRUT_DIAG_REPEAT more times afterwards.
func runShellDiagnose(views: Int, verbose: Bool = false) -> Double {
    let sink = CountingSink()
    let session = Session(sink: sink)
    for i in 0..<(views / 4 - 1) {
        for line in cellCommands(i) { session.run(line: line) }
    }
    for line in ["new view box", "box.top == root.top + 10; box.width == 40; box.height == 40",
                 "clash: c7.width == 300", "layout"] {
        session.run(line: line)
    }
    let clock = ContinuousClock()
    let start = clock.now
    session.run(line: "conflicts")
    let middle = clock.now
    session.run(line: "ambiguous")
    let elapsed = milliseconds(clock.now - start)
    if let repeats = Int(getenv("STRUT_DIAG_REPEAT").map { String(cString: $0) } ?? ""), let which = getenv("STRUT_DIAG_WHICH") {
        for _ in 0..<repeats { session.run(line: String(cString: which)) }
    }
    if verbose { print("# conflicts \(milliseconds(middle - start)) ms, ambiguous \(milliseconds(clock.now - middle)) ms") }
    if sink.characters < 1000 { print("the diagnostics report is too short: \(sink.characters) characters") }
    return elapsed
}

/// A vertical stack view of N labels (leading alignment), built one `new` at a time through the
/// shell, then laid out, then one view in the middle hidden and laid out again: the cost of
/// remaking a stack's constraints after each change.
func runShellStack(views: Int) -> Double {
    let session = Session(sink: CountingSink())
    let clock = ContinuousClock()
    let start = clock.now
    session.run(line: "new stack s; set s.axis = vertical; set s.alignment = leading; s.top == root.top; s.leading == root.leading")
    for i in 0..<views { session.run(line: "new label l\(i) in s text=\"Row \(i)\"") }
    session.run(line: "layout")
    session.run(line: "set l\(views / 2).hidden = true; layout")
    let elapsed = milliseconds(clock.now - start)
    // One row hidden: the last label is N - 2 rows down (rows as high as the first label).
    let h = session.engine.hierarchy
    let y = h.view(named: "l\(views - 1)")!.frame.y, row = h.view(named: "l0")!.frame.height
    if abs(y - row * Double(views - 2)) > 1e-6 * Double(views) { print("shell-stack: the last label is at y = \(y), not \(row * Double(views - 2))") }
    return elapsed
}

/// Issue 20's conflict shapes: N views in one of three shapes, built through the shell, then one
/// constraint that contradicts the whole shape. Returns the time of that command (the conflict
/// found, made minimal, one constraint broken and announced) and the median time of later
/// commands that do not touch the conflict (each followed by `layout`).
///
/// - chain: siblings side by side, `vI.leading == vI-1.trailing`, each 10 wide; the clash puts
///   the last one's trailing edge at 5.
/// - deep: each view inside the one before, edge to edge; the clash makes the
///   innermost 5,000 wide.
/// - stack: a vertical stack view of rows 20 high, its top and bottom pinned; the clash makes
///   it 100 high.
func runConflictShape(_ shape: String, views: Int) -> (clash: Double, next: Double) {
    let sink = CountingSink()
    let session = Session(sink: sink)
    buildShape(shape, views: views, width: 10, in: session)
    session.run(line: "new view z; z.top == root.top; z.leading == root.leading; z.height == 5; zw: z.width == 5; layout")
    let clash: String
    switch shape {
    case "chain": clash = "clash: v\(views - 1).trailing == root.leading + 5"
    case "deep": clash = "clash: v\(views - 1).width == 5000"
    default: clash = "clash: s.height == 100"
    }
    let clock = ContinuousClock()
    let before = sink.characters
    let start = clock.now
    session.run(line: "\(clash); layout")
    let elapsed = milliseconds(clock.now - start)
    if sink.characters == before { print("\(shape) \(views): the clash was not announced") }
    var times: [Double] = []
    for r in 0..<20 {
        times.append(timed { session.run(line: "constant zw \(r % 2 == 0 ? 6 : 5); layout") })
    }
    times.sort()
    return (elapsed, times[times.count / 2])
}

/// A chain of N views `width` wide (`v0`…), a nesting of N views edge to edge, or a vertical
/// stack view `s` of N rows 20 high (`v0`…), built through the shell.
func buildShape(_ shape: String, views: Int, width: Int, in session: Session) {
    switch shape {
    case "chain":
        session.run(line: "new view v0; v0.leading == root.leading; v0.top == root.top; v0.width == \(width); v0.height == 10")
        for i in 1..<views {
            session.run(line: "new view v\(i); v\(i).leading == v\(i - 1).trailing; v\(i).top == root.top; v\(i).width == \(width); v\(i).height == 10")
        }
    case "deep":
        session.run(line: "new view v0; v0.leading == root.leading; v0.trailing == root.trailing; v0.top == root.top; v0.bottom == root.bottom")
        for i in 1..<views {
            let p = "v\(i - 1)", v = "v\(i)"
            session.run(line: "new view \(v) in \(p); \(v).leading == \(p).leading; \(v).trailing == \(p).trailing; \(v).top == \(p).top; \(v).bottom == \(p).bottom")
        }
    default:
        session.run(line: "new stack s; set s.axis = vertical; s.top == root.top; s.leading == root.leading; s.width == 200")
        for i in 0..<views { session.run(line: "new view v\(i) in s; v\(i).height == 20") }
    }
}

/// Issue 20: a picture of N views (the cells): `draw`, `export FILE.svg` or `export FILE.html`
/// after the hierarchy is built and laid out; the time of that one command.
func runPicture(views: Int, kind: String) -> Double {
    let (session, _) = buildShellCells(views: views)
    let command: String
    switch kind {
    case "svg": command = "export /tmp/strutbench-\(views).svg"
    case "html": command = "export /tmp/strutbench-\(views).html"
    default: command = "draw width 100"
    }
    return timed { session.run(line: command) }
}

/// Milliseconds that `body` takes.
func timed(_ body: () -> Void) -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    body()
    return milliseconds(clock.now - start)
}

/// N self-sizing cells stacked in a column, each a label of many lines pinned to its cell's
/// margins (UIKit's second pass: each label is measured again at the width it was given), built
/// through the shell and laid out: milliseconds.
/// `layoutOnly`: the time of the layout pass alone (both of its passes), not of the commands
/// that built the cells.
func runSelfSizingCells(count: Int, layoutOnly: Bool = false) -> Double {
    let session = Session(sink: NullSink())
    let clock = ContinuousClock()
    var start = clock.now
    session.run(line: "set root.frame = 0 0 320 \(count * 80)")
    for i in 0..<count {
        let above = i == 0 ? "root.top" : "cell\(i - 1).bottom"
        session.run(line: "new view cell\(i); cell\(i).leading == root.leading; cell\(i).trailing == root.trailing; cell\(i).top == \(above)")
        session.run(line: "new label text\(i) in cell\(i) text=\"Row \(i): the quick brown fox jumps over the lazy dog, then runs on\" lines=0")
        session.run(line: "text\(i).leading == cell\(i).leadingMargin; text\(i).trailing == cell\(i).trailingMargin; text\(i).top == cell\(i).topMargin; text\(i).bottom == cell\(i).bottomMargin")
    }
    if layoutOnly { start = clock.now }
    session.run(line: "layout")
    return milliseconds(clock.now - start)
}
