import Testing
import Foundation
@testable import Shell
import LayoutEngine

/// What a new user broke: each sequence once crashed the shell (a precondition in
/// the chunked store read through an index undo left stale, or a nil unwrapped in
/// `expressionOf`); each must now run and leave a state the diagnostics can read.
@Suite struct RegressionTests {
    func run(_ lines: [String]) -> (Session, BufferSink, [LineOutcome]) {
        let sink = BufferSink()
        let session = Session(sink: sink)
        return (session, sink, lines.map { session.run(line: $0) })
    }

    @Test func explainAfterUndoingANewView() {
        let (_, sink, outcomes) = run(["new view a; new view b", "undo", "explain a"])
        #expect(outcomes == [.succeeded, .succeeded, .succeeded])
        #expect(sink.output.hasSuffix("a (0, 0, 0, 0): nothing fixes it (see 'ambiguous')\n"))
    }

    @Test func conflictsAfterUndoingANewViewBesideABrokenConstraint() {
        let (session, sink, outcomes) = run(["new view a; a.width == 5; a.width == 6; new view b", "undo", "conflicts"])
        #expect(outcomes == [.succeeded, .succeeded, .succeeded])
        #expect(session.engine.hierarchy.view(named: "b") == nil)
        #expect(sink.output.contains("strut broke c2"))
    }

    @Test func explainAfterAFailedLoad() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "new view inner\ninner.width == 5\nbogus\n".write(toFile: folder + "/bad.strut", atomically: true, encoding: .utf8)
        let (session, sink, outcomes) = run(["new view a; a.width == 3", "load \(folder)/bad.strut", "explain a", "conflicts", "show"])
        #expect(outcomes == [.succeeded, .failed, .succeeded, .succeeded, .succeeded])
        #expect(session.engine.hierarchy.view(named: "inner") == nil)
        #expect(sink.output.contains("a (0, 0, 3, 0), not unique (see 'ambiguous'); it rests on:\n  c1: a.width == 3   a.width = 3\n"))
    }

    @Test func undoingAResetBringsBackAConstraintAcrossLevels() {
        let (session, sink, outcomes) = run(["new view p; new view a in p; a.leading == root.leading", "reset", "undo",
                                             "explain a", "conflicts", "layout; show"])
        #expect(outcomes == [.succeeded, .succeeded, .succeeded, .succeeded, .succeeded, .succeeded])
        let h = session.engine.hierarchy
        #expect(h.constraint(named: "c1").map { h.text(of: $0) } == "a.leading == root.leading")
        #expect(sink.output.contains("undone: reset\n"))
    }

    /// `why` laid the layout out before finding that its view did
    /// not exist, so a failed question changed the state (a pending layout was done).
    @Test func aFailedQuestionLeavesAPendingLayoutPending() {
        let (session, sink, outcomes) = run(["new view a; a.width == 10; layout; a.width == 12"])
        #expect(outcomes == [.succeeded])
        let before = session.dumpJSON
        #expect(before.contains("\"needsLayout\": true"))
        for question in ["why box.height == 40", "why a.frame == 1 2 3", "why a.x == nan"] {
            #expect(session.run(line: question) == .failed, "\(question)")
            #expect(session.dumpJSON == before, "\(question)")
        }
        // One that can be answered asks a copy: the pending layout stays pending too.
        #expect(session.run(line: "why a.width == 12") == .succeeded)
        #expect(session.dumpJSON == before)
        #expect(sink.errors.hasPrefix("error: no view named 'box'\n"))
    }
}

/// Ctrl-C at a terminal: the statement after it does not run; a load puts the state
/// before it back, as when it fails.
@Test func anInterruptStopsALineAndALoadPutsTheStateBack() throws {
    let sink = BufferSink()
    let session = Session(sink: sink)
    var calls = 0
    session.interruptCheck = { calls += 1; return calls == 3 }
    #expect(session.run(line: "new view a; new view b; new view c; new view d") == .failed)
    #expect(session.engine.hierarchy.allViews.map(\.name) == ["root", "a", "b"])
    #expect(sink.errors == "error: interrupted (Ctrl-C): what was left of the line or the script did not run\n")
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try (0..<10).map { "new view v\($0)\n" }.joined().write(toFile: folder + "/ten.strut", atomically: true, encoding: .utf8)
    calls = 0
    session.interruptCheck = { calls += 1; return calls == 6 }
    #expect(session.run(line: "load \(folder)/ten.strut") == .failed)
    #expect(session.engine.hierarchy.allViews.map(\.name) == ["root", "a", "b"])
}

/// Ctrl-C inside one long statement: an import of 2,000 views stops part-way and is
/// taken back whole; so is a change whose constraints enter the solver by the thousand.
@Test func anInterruptStopsALongImportAndALongChange() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let views = (0..<2_000).map { "<view id=\"v\($0)\" userLabel=\"cell\($0)\"><rect key=\"frame\" x=\"0\" y=\"\($0)\" width=\"10\" height=\"1\"/></view>" }
    let document = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0"><objects>
    <view id="top"><rect key="frame" x="0" y="0" width="320" height="2000"/><subviews>\(views.joined(separator: "\n"))</subviews></view>
    </objects></document>
    """
    try document.write(toFile: folder + "/big.xib", atomically: true, encoding: .utf8)
    let sink = BufferSink()
    let session = Session(sink: sink)
    #expect(session.run(line: "new view a; a.width == 10") == .succeeded)
    let before = session.dumpJSON
    var calls = 0
    session.interruptCheck = { calls += 1; return calls == 4 }
    #expect(session.run(line: "import \(folder)/big.xib") == .failed)
    #expect(sink.errors == "error: interrupted (Ctrl-C): the command was stopped and changed nothing\n")
    #expect(calls == 4)
    #expect(session.dumpJSON == before)
    // Without Ctrl-C the same import goes through.
    session.interruptCheck = { false }
    #expect(session.run(line: "import \(folder)/big.xib") == .succeeded)
    #expect(session.engine.hierarchy.view(named: "cell1999") != nil)

    // A change that installs thousands of constraints at once: the engine's own check.
    let engine = LayoutEngine()
    try engine.deferringSynchronization {
        for i in 0..<600 {
            try engine.addView(kind: .view, name: "w\(i)", parent: "root")
            try engine.addConstraint(ConstraintSpec(firstItem: "w\(i)", firstAttribute: .width, relation: .equal, constant: Double(i)))
        }
    }
    let built = engine.hierarchy.userConstraints.map(\.constraint.name)
    calls = 0
    engine.interruptCheck = { calls += 1; return calls == 2 }
    #expect(throws: LayoutError.interrupted) {
        try engine.deferringSynchronization {
            for i in 0..<600 { try engine.addConstraint(ConstraintSpec(firstItem: "w\(i)", firstAttribute: .height, relation: .equal, constant: 5)) }
        }
    }
    #expect(engine.hierarchy.userConstraints.map(\.constraint.name) == built)
    #expect(built.count == 600)
    engine.layoutIfNeeded()
    #expect(engine.hierarchy.view(named: "w599")!.frame.width == 599)
    #expect(engine.hierarchy.view(named: "w599")!.frame.height == 0)
}

/// A change of constant
/// that conflicts (here root's frame, folded into the constraints that name its edges, on redo)
/// made its set minimal with the constraint's old constant, which could hold, so every member
/// stayed, the stack view's own constraints too. The set is minimal with the new constant.
@Test func aConflictingChangeOfConstantGetsAMinimalSet() throws {
    let session = Session(sink: BufferSink())
    #expect(session.run(line: "new label t text=\"Hi\"; new stack s; new view b in s; H:|-[s]-[t(>=308)]-|") == .succeeded)
    func brokenSets() -> [String: [String]] {
        Dictionary(uniqueKeysWithValues: session.engine.broken.map { (session.engine.name(of: $0.key), $0.value.map(session.engine.name(of:))) })
    }
    for line in ["set root.frame = 0 0 295 881", "undo", "redo", "undo", "constant c4 100"] {
        #expect(session.run(line: line) == .succeeded, "\(line)")
        #expect(brokenSets() == (line == "undo" ? [:] : ["c4": ["c1", "c2", "c3", "c4"]]), "\(line)")
        ReferenceCheck(engine: session.engine, context: line).conflicts(fixFrames: false)
    }
}

/// A log's autoresizing constraint keeps UIKit's class in `conflicts`, and the fix offered is the
/// view's translatesAutoresizingMaskIntoConstraints, which the developer can change, not
/// deactivating the constraint, which they cannot. An encapsulated size on a view that is not a
/// cell is not called the cell's.
@Test func aLogsAutoresizingConstraintIsOfferedAsTheViewsAutoresizing() {
    let sink = BufferSink()
    let session = Session(sink: sink)
    let log = """
        (
            "<NSAutoresizingMaskLayoutConstraint:0x600000e747d0 h=--& v=--& UIScrollView:0x7f9bbd867a00.minX == 0   (active, names: '|':UIView:0x7f9bbe9196d0 )>",
            "<NSLayoutConstraint:0x600000e4ead0 UIScrollView:0x7f9bbd867a00.leading == UIView:0x7f9bbe9196d0.leading + 10   (active)>"
        )
        """
    _ = session.run(line: "paste")
    for line in log.split(separator: "\n").map(String.init) + ["", ""] { _ = session.run(line: line) }
    #expect(sink.output.contains("  turn translatesAutoresizingMaskIntoConstraints off for UIScrollView_7a00 and constrain it yourself   (here: deactivate c_47d0)\n"))
    let before = sink.output.count
    #expect(session.run(line: "conflicts") == .succeeded)
    let conflicts = String(sink.output.dropFirst(before))
    #expect(conflicts.contains("\"<NSAutoresizingMaskLayoutConstraint:0x600000000010 'c_47d0' UIScrollView:0x7f8000000200'UIScrollView_7a00'.minX == 0   (active)>\","))
    #expect(conflicts.contains("(Note: If you're seeing NSAutoresizingMaskLayoutConstraints"))
    #expect(conflicts.contains("  turn translatesAutoresizingMaskIntoConstraints off for UIScrollView_7a00 and constrain it yourself   (here: deactivate c_47d0)   → UIScrollView_7a00.x 0 → 10; nothing else moves\n"))
    #expect(!conflicts.contains("deactivate c_47d0   →"))

    let other = BufferSink()
    let encapsulated = Session(sink: other)
    _ = encapsulated.run(line: "paste")
    for line in ["(", "\"<NSLayoutConstraint:0x600000e30001 UIScrollView:0x7fed24024000.width == 100   (active)>\",",
                 "\"<NSLayoutConstraint:0x6000017e9130 'UIView-Encapsulated-Layout-Width' UIScrollView:0x7fed24024000.width == 0   (active)>\"", ")", ""] {
        _ = encapsulated.run(line: line)
    }
    #expect(encapsulated.run(line: "conflicts") == .succeeded)
    #expect(other.output.contains("Not offered: c_9130 is the size UIKit gives UIScrollView_4000 from outside (UIView-Encapsulated-Layout: a controller's root view, a cell's): lower your own to 999 instead.\n"))
    #expect(!other.output.contains("Not offered: c_9130 is the size UIKit gives the cell"))
}

/// Messages that counted or listed nothing: a constraint that cannot hold on its own says why,
/// not "conflicts with )" or "These 0 required constraints"; one of anything is singular; a
/// constant within ±1e10 that its margins take past it says so.
@Test(arguments: [
    ("new view a; a.width == -50", "broke c1: a.width == -50 (it cannot hold on its own: a width is never negative) — 'conflicts' for more\n", ""),
    ("new view a; a.height <= -1; why a.height == -5",
     "broke c1: a.height <= -1 (it cannot hold on its own: a height is never negative) — 'conflicts' for more\na.height == -5: it cannot hold on its own: a height is never negative.\n", ""),
    ("new view a; a.leading == a.leading + 10",
     "broke c1: a.leading == a.leading + 10 (it cannot hold on its own, whatever the other constraints) — 'conflicts' for more\n", ""),
    ("new view a; a.leading == root.leadingMargin + 1e10", "",
     "error: constant 10000000000 comes to 10000000008 with the margins and positions it is measured from, beyond ±1e10, the largest UIKit accepts\n"),
    ("new view a; a.leading == root.leading + 1e11", "", "error: constant 100000000000 is beyond ±1e10, the largest UIKit accepts\n"),
])
func messagesAboutOneOrNoneReadAsSuch(line: String, output: String, errors: String) {
    let sink = BufferSink()
    let session = Session(sink: sink)
    _ = session.run(line: line)
    #expect(sink.output == output)
    #expect(sink.errors == errors)
}

@Test func aPageOfOneViewSaysOneView() throws {
    let folder = NSTemporaryDirectory() + "strut-one-view-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let session = Session(sink: BufferSink())
    #expect(session.run(line: "new view a; a.width == 10; layout; export \(folder)/one.html") == .succeeded)
    let page = try String(contentsOfFile: folder + "/one.html", encoding: .utf8)
    #expect(page.contains("<title>strut: 1 view, 1 constraint</title>"))
}

/// Names are identifiers as Swift's are: letters of any script, digits and `_`. One that is not
/// a name is refused with what a name may hold.
@Test func namesMayBeInAnyScript() {
    let sink = BufferSink()
    let session = Session(sink: sink)
    #expect(session.run(line: "new view ボタン; ボタン.width == 10; ボタン.leading == root.leading + 4; new label 名前ラベル text=\"山田\"; 名前ラベル.leading == ボタン.trailing + 8; layout; frame ボタン") == .succeeded)
    #expect(sink.output == "ボタン (4, 0, 10, 0)\n")
    let rule = "a name holds letters (of any script), digits and '_', and starts with a letter or '_'; usage: new KIND NAME [in PARENT] [PROP=VALUE ...]"
    for bad in ["a-b", "1x", "★", "x.y"] {
        #expect(session.run(line: "new view \(bad)") == .failed)
        #expect(sink.errors.hasSuffix("error: '\(bad)' cannot be a name: \(rule)\n"))
    }
}

/// Changes say what they did beyond their own words: a delete names the subviews and
/// constraints that went with the view; a constraint that a change lets back in is announced;
/// a label stretched past its text is one line at the end of `conflicts`, as designed; a
/// layout pass is no undo step (undo takes back the change before it, and a recording loses
/// the passes that followed it).
@Test func changesSayWhatWentAndWhatCameBack() throws {
    let sink = BufferSink()
    let session = Session(sink: sink)
    func said(_ line: String) -> String {
        let before = sink.output.count
        _ = session.run(line: line)
        return String(sink.output.dropFirst(before))
    }
    _ = said("new view card; new image photo in card; new view dot in photo; photo.leading == card.leading; photo.width == 50; card.width == 100")
    #expect(said("delete photo") == "deleted photo, and with it 1 subview (dot) and 2 constraints (c1, c2)\n")
    #expect(said("delete card") == "deleted card, and with it 1 constraint (c3)\n")
    _ = said("new view a; full: a.width == 100; half: a.width == 50")
    #expect(said("deactivate full") == "deactivated full: a.width == 100\nhalf holds again: a.width == 50 (the conflict that broke it is gone)\n")
    _ = said("new label t text=\"Hi\"; t.leading == root.leading; t.trailing == root.trailing; t.top == root.top; layout")
    #expect(said("conflicts") == "no conflicts\n(1 view stretched past its content, as designed: t.hugging.h by 373.666667; 'conflicts all' explains each)\n")
    #expect(said("conflicts all").hasPrefix("violated t.hugging.h: t.width <= 16.333333 @251 (content hugging), over by 373.666667, because t.width = 390, from:\n"))

    let folder = NSTemporaryDirectory() + "strut-undo-pass-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    _ = said("reset; record \(folder)/r.strut; new view b; b.width == 10; layout; set b.hidden = true; layout")
    #expect(said("undo") == "undone: set b.hidden = true\n")
    #expect(said("undo") == "undone: b.width == 10\n")
    _ = said("record off")
    #expect(try String(contentsOfFile: folder + "/r.strut", encoding: .utf8) == "new view b\n")
}

/// Dynamic Type in the shell: `font = body`, `adjustsFont`, `set contentSizeCategory`; a saved
/// session loads to the same state; bad names are refused with the choices.
@Test func dynamicTypeInTheShell() throws {
    let sink = BufferSink()
    let session = Session(sink: sink)
    #expect(session.run(line: "new label t text=\"Hello\" font=body adjustsFont=on; new label u text=\"Hi\" font=caption1; t.leading == root.leading; t.top == root.top; u.leading == root.leading; u.top == t.bottom; layout") == .succeeded)
    #expect(session.run(line: "set contentSizeCategory = accessibilityExtraExtraExtraLarge; layout; frame t; frame u") == .succeeded)
    // Body at 53 points: "Hello" in SF Pro's display glyphs (H 699, e 512, l 204, o 531
    // thousandths of an em) tracked by 8, 116.07 wide, a line 63.25 high, both rounded up to
    // the third of a point; caption1 does not adjust and stays at 12.
    #expect(sink.output == "t (0, 0, 116.333333, 63.333333)\nu (0, 63.333333, 12.333333, 14.333333)\n")
    #expect(session.dumpJSON.contains("\"contentSizeCategory\": \"accessibilityExtraExtraExtraLarge\""))
    #expect(session.dumpJSON.contains("\"font\": 53, \"textStyle\": \"body\", \"adjustsFont\": true"))
    #expect(savedAndLoaded(session) == session.dumpJSON)
    let before = session.dumpJSON
    #expect(session.run(line: "set t.font = huge") == .failed)
    #expect(sink.errors.hasSuffix("error: expected a font size or a text style (largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2), found 'huge'\n"))
    #expect(session.run(line: "set contentSizeCategory = enormous") == .failed)
    #expect(sink.errors.hasSuffix("found 'enormous'\n"))
    // A misspelt style is matched; a font's name where the size goes (UIFont(name:size:)
    // takes both) is pointed at fontName.
    #expect(session.run(line: "set t.font = bodyy") == .failed)
    #expect(sink.errors.hasSuffix("caption1, caption2), found 'bodyy'; did you mean 'body'?\n"))
    #expect(session.run(line: "set t.font = Avenir-Heavy 20") == .failed)
    #expect(sink.errors.hasSuffix("error: 'Avenir-Heavy' is a font's name: set it with fontName=Avenir-Heavy, and its size with font=N\n"))
    #expect(session.run(line: "new label v font=\"Georgia\"") == .failed)
    #expect(sink.errors.hasSuffix("error: 'Georgia' is a font's name: set it with fontName=\"Georgia\", and its size with font=N\n"))
    #expect(session.dumpJSON == before)
    // A style may be quoted, as a font's name may.
    #expect(session.run(line: "set u.font = \"UIFontTextStyleBody\"; layout; frame u") == .succeeded)
    #expect(sink.output.hasSuffix("u (0, 63.333333, 49, 63.333333)\n"))
}

/// What a Swift developer types: `.body`, `.byTruncatingTail`, UIKit's properties that move no
/// frame, a text of two words without quotes; each refused one says what to type, changes nothing.
@Test func swiftSpellingsOfValuesAreReadOrExplained() throws {
    let sink = BufferSink()
    let session = Session(sink: sink)
    #expect(session.run(line: "new label t text=\"Hello\" font=.headline lineBreakMode=byTruncatingTail; t.leading == root.leading; t.top == root.top; layout; frame t") == .succeeded)
    // Headline: semibold 17 (tail truncation is the default, which the dump leaves out).
    #expect(sink.output == "t (0, 0, 40.666667, 20.333333)\n")
    #expect(session.dumpJSON.contains("\"textStyle\": \"headline\""))
    #expect(session.run(line: "set t.lineBreakMode = .byCharWrapping") == .succeeded)
    #expect(session.dumpJSON.contains("\"lineBreakMode\": \"characterWrap\""))
    let before = session.dumpJSON
    #expect(session.run(line: "set t.textAlignment = center") == .failed)
    #expect(sink.errors.hasSuffix("error: 'textAlignment' does not change a frame: strut keeps only what layout reads\n"))
    #expect(session.run(line: "new label u text=Hello World font=20") == .failed)
    #expect(sink.errors.hasSuffix("error: a text of several words goes in quotes: text=\"Hello World\"\n"))
    #expect(session.run(line: "set t.text = Good morning") == .failed)
    #expect(sink.errors.hasSuffix("error: a text of several words goes in quotes: text=\"Good morning\"\n"))
    #expect(session.run(line: "set t.lineBreakMode = .byWrapping") == .failed)
    #expect(sink.errors.hasSuffix("error: unknown line break mode 'byWrapping'; one of wordWrap characterWrap clip headTruncation tailTruncation middleTruncation\n"))
    #expect(session.dumpJSON == before)
    // One word needs no quotes, and the next property still follows it.
    #expect(session.run(line: "new label v text=Hi hugging.h=300 font=20") == .succeeded)
}

/// Multi-line labels in the shell: the self-sizing cell grows with its label; a saved session
/// loads to the same state; a bad number of lines or width is refused and changes nothing.
@Test func aSelfSizingCellGrowsWithItsLabel() throws {
    let sink = BufferSink()
    let session = Session(sink: sink)
    #expect(session.run(line: """
        set root.frame = 0 0 320 400; new view cell; cell.leading == root.leading; cell.trailing == root.trailing; cell.top == root.top; \
        new label body in cell text="The quick brown fox jumps over the lazy dog and keeps on running" lines=0; \
        body.leading == cell.leadingMargin; body.trailing == cell.trailingMargin; body.top == cell.topMargin; body.bottom == cell.bottomMargin; \
        layout; frame cell; set root.frame = 0 0 200 400; layout; frame cell
        """) == .succeeded)
    // Two lines (40.667) and the margins at 320 wide; three lines (61) at 200.
    #expect(sink.output == "cell (0, 0, 320, 56.666667)\ncell (0, 0, 200, 77)\n")
    #expect(session.dumpJSON.contains("\"lines\": 0"))
    #expect(savedAndLoaded(session) == session.dumpJSON)
    let before = session.dumpJSON
    for (line, message) in [
        ("set body.lines = -1", "expected a whole number of lines (0: as many as the text needs), found -1"),
        ("set body.lines = 1.5", "expected a whole number of lines (0: as many as the text needs), found 1.5"),
        ("set body.preferredMaxLayoutWidth = -5", "'-5' is not a valid preferredMaxLayoutWidth: expected a width of 0 or more (0: the width the layout gives)"),
        ("set cell.lines = 2", "'lines' does not apply to 'cell' (a view)"),
    ] {
        #expect(session.run(line: line) == .failed)
        #expect(sink.errors.hasSuffix("error: \(message)\n"), "\(line): \(sink.errors)")
    }
    #expect(session.dumpJSON == before)
}

/// A label held to fewer lines than its text wraps to is truncated, as `warnings` says.
@Test func aLabelHeldToFewerLinesThanItsTextIsTruncated() {
    let sink = BufferSink()
    let session = Session(sink: sink)
    #expect(session.run(line: """
        set root.frame = 0 0 200 400; new label body text="The quick brown fox jumps over the lazy dog and keeps on running" lines=2; \
        body.leading == root.leading + 8; body.trailing == root.trailing - 8; body.top == root.top + 8; layout; warnings; \
        set body.lines = 0; layout; warnings
        """) == .succeeded)
    #expect(sink.output == "truncated: body is 40.666667 high where its content needs 61\nno warnings\n")
}

/// What UIKit measured at run time: swift-snapshot-testing's recorded recursive descriptions
/// (its testTraits, recorded on iOS 12 at 3x) hold four labels in the headline, body and
/// subheadline styles at `medium` (an iPhone's snapshot) and at `large` (an iPad's). strut, with
/// San Francisco tracked as iOS 9 to 13 did, gives every one of the eight sizes, and the
/// height of a title1 label at each of the twelve categories.
@Test func labelsAreTheSizesUIKitMeasuredAtRunTime() {
    let recorded: [(category: String, frames: String)] = [
        ("medium", "a (0, 0, 52.666667, 19.333333)\nb (0, 0, 23.666667, 19.333333)\nc (0, 0, 37, 19.333333)\nd (0, 0, 7.333333, 17)\n"),
        ("large", "a (0, 0, 55.666667, 20.333333)\nb (0, 0, 25, 20.333333)\nc (0, 0, 39, 20.333333)\nd (0, 0, 7.666667, 18)\n"),
    ]
    for (category, frames) in recorded {
        let sink = BufferSink()
        let session = Session(sink: sink)
        #expect(session.run(line: """
            set textMetric = ios13; set displayScale = 3; set contentSizeCategory = \(category); \
            new label a text="What's" font=headline; new label b text="the" font=body; new label c text="point" font=body; \
            new label d text="?" font=subheadline; layout; frame a; frame b; frame c; frame d
            """) == .succeeded)
        #expect(sink.output == frames, "\(category)")
    }
    // The same project's title1 label "What's the point?" on one line in an iPhone SE's view
    // controller (its margins 16), at each content size category: UIKit's table of sizes and
    // the line height of each, rounded up to the third of a point.
    let heights: [(category: String, height: String)] = [
        ("extraSmall", "30"), ("small", "31.333333"), ("medium", "32.333333"), ("large", "33.666667"),
        ("extraLarge", "36"), ("extraExtraLarge", "38.333333"), ("extraExtraExtraLarge", "40.666667"),
        ("accessibilityMedium", "45.666667"), ("accessibilityLarge", "51.333333"), ("accessibilityExtraLarge", "57.333333"),
        ("accessibilityExtraExtraLarge", "63.333333"), ("accessibilityExtraExtraExtraLarge", "69.333333"),
    ]
    for (category, height) in heights {
        let sink = BufferSink()
        let session = Session(sink: sink)
        #expect(session.run(line: """
            set textMetric = ios13; set displayScale = 3; set root.frame = 0 0 320 568; set root.margins = 0 16 0 16; \
            set contentSizeCategory = \(category); new label a text="What's the point?" font=title1; \
            a.leading == root.leadingMargin; a.trailing == root.trailingMargin; a.top == root.top + 20; layout; frame a
            """) == .succeeded)
        #expect(sink.output == "a (16, 20, 288, \(height))\n", "\(category)")
    }
}

/// More of what UIKit measured at run time: the view hierarchy Sentry publishes as mock data
/// (an iPhone 8 simulator at 2x, an app's buttons with titles in the system font at 15
/// points, two at 17) gives each title label's width. strut measures every one within a point
/// (9 of the 24 exactly: San Francisco's table is fitted, glyph by glyph, within about that).
@Test func buttonTitlesAreWithinAPointOfUIKitsRunTimeWidths() {
    let measured: [(title: String, size: Int, width: Double)] = [
        ("add Breadcrumb", 15, 114.5), ("Message", 15, 62), ("UIClick Transaction", 15, 132.5), ("User Feedback", 15, 103.5),
        ("Error", 15, 34), ("NSException", 15, 87.5), ("fatalError", 15, 64), ("crash", 15, 38), ("OOM crash", 15, 78),
        ("async crash", 15, 82), ("permissions", 15, 82.5), ("ANR fully blocking", 15, 125.5), ("ANR filling run loop", 15, 131.5),
        ("Capture Transaction", 15, 139), ("Lorem Ipsum", 15, 89), ("Image", 15, 42), ("Show Nib", 15, 65.5), ("TableView", 15, 69),
        ("SplitView", 15, 63.5), ("Core Data", 15, 69), ("Performance scenarios", 15, 158.5), ("Flush", 17, 41), ("Reset DSN", 15, 74),
        ("Back", 17, 38),
    ]
    let session = Session(sink: BufferSink())
    #expect(session.run(line: "set displayScale = 2") == .succeeded)
    for (k, item) in measured.enumerated() {
        #expect(session.run(line: "new label t\(k) text=\"\(item.title)\" font=\(item.size)") == .succeeded)
    }
    #expect(session.run(line: "layout") == .succeeded)
    var exact = 0
    for (k, item) in measured.enumerated() {
        let width = session.engine.hierarchy.view(named: "t\(k)")!.frame.width
        #expect(abs(width - item.width) <= 1, "\(item.title): \(width) where UIKit measured \(item.width)")
        if width == item.width { exact += 1 }
    }
    #expect(exact >= 9, "\(exact) exact")
}

/// UIKit's names of properties are read as the shell's: the session they build is the one the
/// shell's names build, value for value, and a bad value is refused under either name.
@Test func uikitPropertyNamesAreReadAsTheShells() {
    // Each statement in UIKit's names, then in the shell's.
    let statements: [(uikit: String, shell: String)] = [
        ("new stack s isLayoutMarginsRelativeArrangement=true isBaselineRelativeArrangement=true",
         "new stack s marginsRelative=true baselineRelative=true"),
        ("new label a in s text=\"The quick brown fox jumps over the lazy dog\" numberOfLines=0 font=body adjustsFontForContentSizeCategory=on",
         "new label a in s text=\"The quick brown fox jumps over the lazy dog\" lines=0 font=body adjustsFont=on"),
        ("new button b title=\"Go\" contentEdgeInsets=4 10 4 10", "new button b text=\"Go\" contentInsets=4 10 4 10"),
        ("new view v layoutMargins=1 2 3 4 translatesAutoresizingMaskIntoConstraints=true autoresizingMask=flexibleWidth|flexibleHeight",
         "new view v margins=1 2 3 4 autoresizing=on mask=flexibleWidth|flexibleHeight"),
        ("new view w directionalLayoutMargins=5 6 7 8", "new view w directionalMargins=5 6 7 8"),
        ("set w.isHidden = true", "set w.hidden = true"),
        ("new textView t isScrollEnabled=off", "new textView t scrollEnabled=off"),
    ]
    let uikit = Session(sink: BufferSink())
    let shell = Session(sink: BufferSink())
    for statement in statements {
        #expect(uikit.run(line: statement.uikit) == .succeeded, "\(statement.uikit)")
        #expect(shell.run(line: statement.shell) == .succeeded, "\(statement.shell)")
    }
    #expect(uikit.dumpJSON == shell.dumpJSON)
    #expect(uikit.dumpJSON.contains("\"lines\": 0"))
    let sink = BufferSink()
    let session = Session(sink: sink)
    #expect(session.run(line: "new label a text=\"Hi\"") == .succeeded)
    let before = session.dumpJSON
    #expect(session.run(line: "set a.numberOfLines = -1") == .failed)
    #expect(sink.errors.hasSuffix("error: expected a whole number of lines (0: as many as the text needs), found -1\n"), "\(sink.errors)")
    #expect(session.run(line: "set a.numberOfLine = 2") == .failed)
    #expect(sink.errors.hasSuffix("error: unknown property 'numberOfLine'; did you mean 'numberOfLines'?\n"), "\(sink.errors)")
    #expect(session.dumpJSON == before)
}

/// The dump of a fresh session that loaded what `session` saved.
func savedAndLoaded(_ session: Session) -> String {
    let file = NSTemporaryDirectory() + "strut-saved-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).strut"
    defer { try? FileManager.default.removeItem(atPath: file) }
    #expect(session.run(line: "save \(file)") == .succeeded)
    let loaded = Session(sink: BufferSink())
    #expect(loaded.run(line: "load \(file)") == .succeeded)
    return loaded.dumpJSON
}

/// UIKit's controls in the shell: each is a view of its class with UIKit's intrinsic size,
/// alignment insets and hugging; `intrinsic auto` brings the class's size back; a saved
/// session loads to the same state.
@Test func controlsHaveUIKitsSizes() throws {
    let sink = BufferSink()
    let session = Session(sink: sink)
    #expect(session.run(line: """
        new switch toggle; new field name; new stepper count; new spinner busy; new slider volume; new segmented mode; \
        toggle.leading == root.leading; toggle.top == root.top; name.leading == root.leading; name.trailing == root.trailing; \
        name.top == toggle.bottom; count.leading == root.leading; count.top == name.bottom; busy.leading == root.leading; \
        busy.top == count.bottom; volume.leading == root.leading + 20; volume.width == 100; volume.top == busy.bottom; \
        mode.leading == root.leading; mode.width == 200; mode.top == volume.bottom; layout
        """) == .succeeded)
    let frames = ["toggle", "name", "count", "busy", "volume", "mode"].map { session.engine.hierarchy.view(named: $0)!.frame }
    #expect(frames == [Rect(x: 0, y: 0, width: 51, height: 31), Rect(x: 0, y: 31, width: 390, height: 34),
                       Rect(x: 0, y: 65, width: 94, height: 32), Rect(x: 0, y: 97, width: 20, height: 20),
                       Rect(x: 18, y: 117, width: 104, height: 31), Rect(x: 0, y: 147, width: 200, height: 32)])
    let toggle = session.engine.hierarchy.view(named: "toggle")!
    #expect(toggle.className == "UISwitch" && toggle.huggingH == 750 && toggle.intrinsicContentSize == (49, 31))
    #expect(session.engine.hierarchy.view(named: "name")!.intrinsicContentSize == (nil, 34))
    #expect(savedAndLoaded(session) == session.dumpJSON)
    // Saved as made: `new switch`, with nothing that `new switch` sets already.
    let script = ScriptWriter.build(session.engine.hierarchy)
    #expect(script.contains("new switch toggle in root") && script.contains("new field name in root"))
    #expect(!script.contains { $0.hasPrefix("set toggle.") })
    #expect(session.run(line: "set toggle.intrinsic = 10 10; set toggle.intrinsic = auto; layout") == .succeeded)
    #expect(session.engine.hierarchy.view(named: "toggle")!.frame == Rect(x: 0, y: 0, width: 51, height: 31))
    // A plain view of a control's class takes the control's size, not its insets.
    #expect(session.run(line: "new view plain class=\"UIStepper\"") == .succeeded)
    #expect(session.engine.hierarchy.view(named: "plain")!.intrinsicContentSize == (94, 32))
    let before = session.dumpJSON
    #expect(session.run(line: "new swich oops") == .failed)
    #expect(sink.errors.hasSuffix("error: unknown kind 'swich'; did you mean 'switch'?\n"))
    #expect(session.dumpJSON == before)
}

/// What a developer copies from anchor code: `topAnchor` is read as `top` wherever an attribute
/// goes; a guide by a name that is not UIKit's (`safeArea`, `layoutMargins`) is answered with
/// the guide meant, and changes nothing.
@Test func anchorNamesAndGuideNamesAsDevelopersTypeThem() throws {
    let sink = BufferSink()
    let session = Session(sink: sink)
    #expect(session.run(line: """
        set root.frame = 0 0 320 480; set root.additionalSafeAreaInsets = 20 0 0 0; new view a; \
        a.topAnchor == root.safeAreaLayoutGuide.topAnchor + 8; a.leadingAnchor == root.leadingAnchor; \
        a.widthAnchor == 100; a.heightAnchor == 0.5 * a.widthAnchor; layout; frame a; expect a.bottomAnchor == 78
        """) == .succeeded)
    #expect(sink.output == "a (0, 28, 100, 50)\n")
    #expect(session.dumpJSON.contains("\"a.top == root.safeAreaLayoutGuide.top + 8\""))
    let before = session.dumpJSON
    for (line, message) in [
        ("a.top == root.safeArea.top", "unknown guide 'safeArea'; did you mean 'safeAreaLayoutGuide'?"),
        ("a.top == root.safeAreaInsets.top", "unknown guide 'safeAreaInsets'; did you mean 'safeAreaLayoutGuide'?"),
        ("a.top == root.layoutMargins.top", "unknown guide 'layoutMargins'; did you mean 'layoutMarginsGuide'?"),
        ("a.top == root.readableContent.top", "unknown guide 'readableContent'; did you mean 'readableContentGuide'?"),
        ("a.top == root.frame.top", "unknown guide 'frame'; guides: safeAreaLayoutGuide layoutMarginsGuide readableContentGuide"),
        // The margins have no anchors of their own in UIKit.
        ("a.top == root.topMarginAnchor", "unknown attribute 'topMarginAnchor'; did you mean 'topMargin'?"),
        ("a.top == root.centreYAnchor", "unknown attribute 'centreYAnchor'; did you mean 'centerY'?"),
    ] {
        #expect(session.run(line: line) == .failed)
        #expect(sink.errors.hasSuffix("error: \(message)\n"), "\(line): \(sink.errors)")
    }
    #expect(session.dumpJSON == before)
}
