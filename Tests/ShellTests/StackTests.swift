import Testing
@testable import Shell
@testable import LayoutEngine
@testable import Cassowary

/// Stack views: one test per distribution and per alignment, with frames worked out by hand.
///
/// The horizontal row used by most tests: stack `s` at (10, 20), spacing 10, holding views
/// a, b, c with intrinsic sizes 40×20, 60×30 and 20×10 (hugging 250, compression 750).

/// Stack tests are about arrangement: the SPEC's fixed text metric keeps their labels' sizes
/// whole numbers that the expectations can be worked out from by hand.
func stackSession(_ lines: [String]) -> Session {
    let session = Session(sink: BufferSink())
    _ = session.run(line: "set textMetric = fixed")
    for line in lines {
        let result = session.run(line: line)
        precondition(result == .succeeded, "\(line) failed")
    }
    return session
}

func rowSession(width: Double?, _ settings: [String]) -> Session {
    var lines = [
        "new stack s", "s.leading == root.leading + 10", "s.top == root.top + 20", "set s.spacing = 10",
        "new view a in s intrinsic=40 20", "new view b in s intrinsic=60 30", "new view c in s intrinsic=20 10",
    ]
    if let width { lines.append("s.width == \(formatNumber(width))") }
    return stackSession(lines + settings + ["layout"])
}

func frames(_ session: Session, _ names: [String]) -> [Rect] {
    names.map { session.engine.hierarchy.view(named: $0)!.frame }
}

func close(_ a: [Rect], _ b: [Rect]) -> Bool {
    guard a.count == b.count else { return false }
    return zip(a, b).allSatisfy { x, y in
        [x.x - y.x, x.y - y.y, x.width - y.width, x.height - y.height].allSatisfy { abs($0) < 1e-6 }
    }
}

func R(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { Rect(x: x, y: y, width: w, height: h) }

// MARK: - Distributions (alignment fill: every height is the tallest compression, 30)

@Test func fillGivesTheSlackToTheViewThatHugsLeast() {
    // 300 − 2 × 10 spacing = 280; a and c hug at 251, so b takes 280 − 40 − 20 = 220.
    let session = rowSession(width: 300, ["set a.hugging.h = 251", "set c.hugging.h = 251"])
    #expect(close(frames(session, ["s", "a", "b", "c"]),
                  [R(10, 20, 300, 30), R(0, 0, 40, 30), R(50, 0, 220, 30), R(280, 0, 20, 30)]))
    #expect(session.engine.ambiguousComponents(of: session.engine.hierarchy.view(named: "b")!.id).isEmpty)
}

@Test func fillEquallyMakesEveryWidthTheFirstOnes() {
    // (320 − 20) / 3 = 100 each.
    let session = rowSession(width: 320, ["set s.distribution = fillEqually"])
    #expect(close(frames(session, ["a", "b", "c"]), [R(0, 0, 100, 30), R(110, 0, 100, 30), R(220, 0, 100, 30)]))
}

@Test func fillProportionallySharesByIntrinsicWidth() {
    // 300 shared 40 : 60 : 20 = 100, 150, 50.
    let session = rowSession(width: 320, ["set s.distribution = fillProportionally"])
    #expect(close(frames(session, ["a", "b", "c"]), [R(0, 0, 100, 30), R(110, 0, 150, 30), R(270, 0, 50, 30)]))
    let texts = session.engine.hierarchy.view(named: "s")!.stackLayout.generated
        .filter { $0.identifier == "UISV-fill-proportionally" }.map { session.engine.hierarchy.text(of: $0) }
    #expect(texts == ["a.width == 0.333333 * s.width - 6.666667 @999", "b.width == 0.5 * s.width - 10 @998",
                      "c.width == 0.166667 * s.width - 3.333333 @997"])
}

@Test func equalSpacingKeepsSizesAndEqualisesGaps() {
    // The views keep 40, 60, 20; the two gaps share 320 − 120 = 200.
    let session = rowSession(width: 320, ["set s.distribution = equalSpacing"])
    #expect(close(frames(session, ["a", "b", "c"]), [R(0, 0, 40, 30), R(140, 0, 60, 30), R(300, 0, 20, 30)]))
}

@Test func equalSpacingHugsItsContentWhenFree() {
    // No width: UISV-canvas-fit (49) pulls the stack down to the views and minimum spacing.
    let session = rowSession(width: nil, ["set s.distribution = equalSpacing"])
    #expect(close(frames(session, ["s", "a", "b", "c"]),
                  [R(10, 20, 140, 30), R(0, 0, 40, 30), R(50, 0, 60, 30), R(120, 0, 20, 30)]))
}

@Test func equalCenteringSpacesTheCentres() {
    // Centres at 20 and 310 for the end views, so b's centre is at 165: b from 135 to 195.
    let session = rowSession(width: 320, ["set s.distribution = equalCentering"])
    #expect(close(frames(session, ["a", "b", "c"]), [R(0, 0, 40, 30), R(135, 0, 60, 30), R(300, 0, 20, 30)]))
    let priorities = session.engine.hierarchy.view(named: "s")!.stackLayout.generated
        .filter { $0.identifier == "UISV-fill-equally" }.map(\.priority)
    #expect(priorities == [149])
}

// MARK: - Alignments (distribution fill, a and c hugging 251: widths 40, 240, 20)

func alignedRow(_ alignment: String) -> Session {
    rowSession(width: 320, ["set a.hugging.h = 251", "set c.hugging.h = 251", "set s.alignment = \(alignment)"])
}

@Test func topAlignsTheTopsAndTheSpannerSetsTheHeight() {
    let session = alignedRow("top")
    #expect(close(frames(session, ["s", "a", "b", "c"]),
                  [R(10, 20, 320, 30), R(0, 0, 40, 20), R(50, 0, 240, 30), R(300, 0, 20, 10)]))
}

@Test func bottomAlignsTheBottoms() {
    let session = alignedRow("bottom")
    #expect(close(frames(session, ["a", "b", "c"]), [R(0, 10, 40, 20), R(50, 0, 240, 30), R(300, 20, 20, 10)]))
}

@Test func centerAlignsTheCentres() {
    let session = alignedRow("center")
    #expect(close(frames(session, ["a", "b", "c"]), [R(0, 5, 40, 20), R(50, 0, 240, 30), R(300, 10, 20, 10)]))
}

@Test func fillStretchesEveryViewAcross() {
    let session = alignedRow("fill")
    #expect(close(frames(session, ["a", "b", "c"]), [R(0, 0, 40, 30), R(50, 0, 240, 30), R(300, 0, 20, 30)]))
}

@Test func baselinesAlignLabelsByTheirText() {
    // a: font 20, 24 high, baseline 19 below its top; b: font 10, 12 high, baseline 9.5.
    // Aligned baselines put b 9.5 lower; the spanner encloses both: height 24.
    for alignment in ["firstBaseline", "lastBaseline"] {
        let session = stackSession([
            "new stack s", "s.leading == root.leading + 10", "s.top == root.top + 20", "set s.spacing = 10",
            "set s.alignment = \(alignment)",
            "new label a in s text=\"ab\" font=20", "new label b in s text=\"abcd\" font=10", "layout",
        ])
        #expect(close(frames(session, ["s", "a", "b"]), [R(10, 20, 50, 24), R(0, 0, 20, 24), R(30, 9.5, 20, 12)]), "\(alignment)")
    }
}

@Test func verticalLeadingTrailingAndCenter() {
    // A vertical stack 100 wide: views keep their widths and line up on one side or the middle.
    let expected: [String: [Rect]] = [
        "leading": [R(0, 0, 40, 20), R(0, 30, 60, 30), R(0, 70, 20, 10)],
        "trailing": [R(60, 0, 40, 20), R(40, 30, 60, 30), R(80, 70, 20, 10)],
        "center": [R(30, 0, 40, 20), R(20, 30, 60, 30), R(40, 70, 20, 10)],
    ]
    for (alignment, frames_) in expected {
        let session = rowSession(width: 100, ["set s.axis = vertical", "set s.alignment = \(alignment)"])
        #expect(close(frames(session, ["a", "b", "c"]), frames_), "\(alignment)")
        #expect(close(frames(session, ["s"]), [R(10, 20, 100, 80)]), "\(alignment)")
    }
}

@Test func aSingleCentredViewNeedsNoSpanner() {
    let session = stackSession([
        "new stack s", "s.leading == root.leading", "s.top == root.top", "s.height == 50",
        "set s.alignment = center", "new view a in s intrinsic=40 20", "layout",
    ])
    #expect(close(frames(session, ["s", "a"]), [R(0, 0, 40, 50), R(0, 15, 40, 20)]))
    let generated = session.engine.hierarchy.view(named: "s")!.stackLayout.generated
    #expect(generated.map { session.engine.hierarchy.text(of: $0) } == [
        "s.leading == a.leading", "a.trailing == s.trailing", "s.top <= a.top", "a.bottom <= s.bottom",
        "s.centerY == a.centerY", "s.height == 0 @49", "a.height == 0 @25",
    ])
}

// MARK: - UIKit's constraints, hidden views, margins, order

@Test func topAlignmentMakesUIKitsConstraints() {
    // AUTOLAYOUT.md §8.3: the iOS 10 dump of a top-aligned row of three, by identifier.
    let session = alignedRow("top")
    let h = session.engine.hierarchy
    let generated = h.view(named: "s")!.stackLayout.generated
    let described = generated.map { "\($0.identifier!) \(h.text(of: $0))" }
    #expect(described == [
        "UISV-canvas-connection s.leading == a.leading",
        "UISV-canvas-connection c.trailing == s.trailing",
        "UISV-spacing b.leading == a.trailing + 10",
        "UISV-spacing c.leading == b.trailing + 10",
        "UISV-canvas-connection s.top == s.spanner.top",
        "UISV-canvas-connection s.spanner.bottom == s.bottom",
        "UISV-alignment a.top == b.top",
        "UISV-alignment a.top == c.top",
        "UISV-spanning-boundary s.spanner.top == a.top @999.5",
        "UISV-spanning-boundary s.spanner.bottom >= a.bottom",
        "UISV-spanning-boundary s.spanner.top == b.top @999.5",
        "UISV-spanning-boundary s.spanner.bottom >= b.bottom",
        "UISV-spanning-boundary s.spanner.top == c.top @999.5",
        "UISV-spanning-boundary s.spanner.bottom >= c.bottom",
        "UISV-spanning-fit s.spanner.height == 0 @51",
        "UISV-ambiguity-suppression a.height == 0 @25",
        "UISV-ambiguity-suppression b.height == 0 @25",
        "UISV-ambiguity-suppression c.height == 0 @25",
    ])
    #expect(generated.map(\.name).prefix(3) == ["s.canvas.1", "s.canvas.2", "s.spacing.1"])
    let spanner = h.view(h.view(named: "s")!.stackLayout.helpers[0])
    #expect(h.uikitItem(spanner.id) == "_UILayoutSpacer:0x7f8000000500'UISV-alignment-spanner'")
    #expect(h.uikitDescription(of: h.constraintRef(named: "s.spacing.1")!)
        == "<NSLayoutConstraint:0x600200010060 'UISV-spacing' H:[UIView:0x7f8000000200'a']-(10)-[UIView:0x7f8000000300'b']   (active)>")
}

@Test func hiddenViewsCollapseAndTheirGapsHalve() {
    // b hidden between a and c: b's width is held at 0 (999.999) and the two gaps beside it
    // are 5 each, so a and c stay 10 apart.
    let session = rowSession(width: 320, ["set a.hugging.h = 251", "set b.hugging.h = 251", "set b.hidden = true"])
    #expect(close(frames(session, ["a", "b", "c"]), [R(0, 0, 40, 30), R(45, 0, 0, 30), R(50, 0, 270, 30)]))
    let h = session.engine.hierarchy
    let hiding = h.constraintRef(named: "s.hiding.1").flatMap(h.constraint)
    #expect(hiding.map { h.text(of: $0) } == "b.width == 0 @999.999")
    // A hidden view at the end takes no gap at all.
    #expect(session.run(line: "set b.hidden = false; set b.hugging.h = 250; set c.hidden = true; layout") == .succeeded)
    #expect(close(frames(session, ["a", "b", "c"]), [R(0, 0, 40, 30), R(50, 0, 270, 30), R(320, 0, 0, 30)]))
}

@Test func aHiddenViewWithARequiredSizeIsReported() {
    // The classic: a hidden arranged view keeps a required width, so UISV-hiding gives way.
    let session = rowSession(width: 320, ["set a.hugging.h = 251", "set c.hugging.h = 251", "b.width == 100", "set b.hidden = true"])
    let h = session.engine.hierarchy
    let ref = h.constraintRef(named: "s.hiding.1")!
    #expect(session.engine.state(of: ref) == .violated)
    #expect(session.engine.error(of: ref) == 100)
    #expect(session.engine.forcedBy(ref).map(session.engine.name(of:)) == ["c4"])
}

@Test func marginsRelativeArrangementInsetsTheViews() {
    let session = rowSession(width: 320, ["set a.hugging.h = 251", "set c.hugging.h = 251",
                                          "set s.margins = 5 6 7 8", "set s.marginsRelative = true"])
    // Inside margins: 320 − 6 − 8 = 306 wide; height 30 + 5 + 7.
    #expect(close(frames(session, ["s", "a", "b", "c"]),
                  [R(10, 20, 320, 42), R(6, 5, 40, 30), R(56, 5, 226, 30), R(292, 5, 20, 30)]))
}

@Test func movingAnArrangedViewReordersTheStack() {
    let session = rowSession(width: 320, ["set a.hugging.h = 251", "set c.hugging.h = 251", "move c to s at 0"])
    #expect(close(frames(session, ["c", "a", "b"]), [R(0, 0, 20, 30), R(30, 0, 40, 30), R(80, 0, 240, 30)]))
    #expect(session.run(line: "move c to s at 4") == .failed)
}

@Test func stackConstraintsAreNotTheUsersToChange() {
    let sink = BufferSink()
    let session = Session(sink: sink)
    #expect(session.run(line: "new stack s; new view a in s; remove s.canvas.1") == .failed)
    #expect(sink.errors.contains("'s.canvas.1' is made by the stack view 's'; change its axis, spacing, distribution, alignment or arranged views (move, hidden)"))
}

@Test func aStacksConstraintsInAConflictMakeOneFixForTheStack() throws {
    let session = stackSession(["new stack q", "q.leading == root.leading", "q.top == root.top", "c7: q.width == 300",
                                "new view qa in q", "new view qb in q", "c8: qa.width == 200", "set q.distribution = fillEqually"])
    let engine = session.engine, h = engine.hierarchy
    let report = try #require(engine.diagnostics.conflictReports().first)
    #expect(engine.name(of: report.broken) == "q.fillEqually.1")
    #expect(report.fixes == [
        .deactivate(h.constraintRef(named: "c7")!),
        .deactivate(h.constraintRef(named: "c8")!),
        .changeStack(try h.viewID(named: "q"), identifiers: ["UISV-canvas-connection", "UISV-spacing", "UISV-fill-equally"]),
    ])
}

@Test func fittingConstraintsGiveWayByDesignAndAreCountedNotExplained() throws {
    let session = rowSession(width: 320, ["set a.hugging.h = 251", "set c.hugging.h = 251", "b.width == 100", "set b.hidden = true"])
    let violations = session.engine.diagnostics.violations()
    let names = violations.reports.map { session.engine.name(of: $0.ref) }
    #expect(names == ["s.hiding.1", "a.hugging.h", "a.hugging.v", "b.hugging.h", "c.hugging.v"])
    let hiding = violations.reports[0]
    #expect(hiding.error == 100)
    #expect(hiding.byHigherPriority)
    #expect(hiding.forcedBy.map(session.engine.name(of:)) == ["c4"])
    #expect(violations.givingWayCount == 0)
    // Centred, the spanner's fit and the ambiguity suppression give way: counted by kind, never
    // among the reports.
    let centred = rowSession(width: 320, ["set a.hugging.h = 251", "set c.hugging.h = 251", "set s.alignment = center"])
    let fitting = centred.engine.diagnostics.violations()
    #expect(fitting.givingWay == ["UISV-spanning-fit", "UISV-ambiguity-suppression"])
    #expect(fitting.givingWayCount == 4)
    let reported = fitting.reports.compactMap { centred.engine.hierarchy.constraint($0.ref)?.identifier }
    #expect(!reported.contains { StackLayout.fittingIdentifiers.contains($0) })
}

/// Building a stack view one `new` at a time: each new view's bottom is tied to the canvas
/// before its top is spaced from the view before it, so that spacing constraint finds its top
/// placed already and phase 1 would take one pivot to solve it. The solver solves it directly
/// (`phaseOneShortcut`), and must end exactly where phase 1 ends: same dump, same frames.
@Suite struct StackPhaseOneTests {
    @Test func buildingAStackTakesNoPhaseOneAndLaysOutAsPhaseOneWould() {
        let lines = ["new stack s; set s.axis = vertical; set s.alignment = leading; s.top == root.top; s.leading == root.leading"]
            + (0..<40).map { "new label l\($0) in s text=\"Row \($0)\"" }
            + ["set l20.hidden = true; layout"]
        let fast = stackSession([])
        let slow = stackSession([])
        slow.engine.solver.usesPhaseOneShortcut = false
        let phaseOnesBefore = fast.engine.solver.statistics.phaseOnes
        for line in lines {
            #expect(fast.run(line: line) == .succeeded)
            #expect(slow.run(line: line) == .succeeded)
        }
        // One of the forty met a candidate left by the constraints before it, and took phase 1;
        // every other phase 1 the slow solver took, the fast one took as a shortcut.
        let fastPhaseOnes = fast.engine.solver.statistics.phaseOnes - phaseOnesBefore
        let shortcuts = fast.engine.solver.tableau.phaseOneShortcuts
        #expect(fastPhaseOnes == 1)
        #expect(shortcuts >= 40)
        #expect(slow.engine.solver.statistics.phaseOnes - phaseOnesBefore == fastPhaseOnes + shortcuts)
        #expect(fast.dumpJSON == slow.dumpJSON)
        let names = (0..<40).map { "l\($0)" } + ["s"]
        #expect(frames(fast, names) == frames(slow, names))
        #expect(abs(fast.engine.hierarchy.view(named: "l39")!.frame.y - 20.4 * 38) < 1e-9)
    }
}

/// Views appended to a stack one at a time take the append path (`appendStackConstraints`):
/// in debug builds each append is checked against remaking every constraint, and here the
/// result is compared with the same stack made with its settings set last (every constraint
/// remade at once), for every distribution, alignment and axis, relative to margins and to
/// baselines or not, with a view hidden and shown between appends (which remakes).
@Suite struct StackAppendTests {
    static func listing(_ session: Session) -> [String] {
        let hierarchy = session.engine.hierarchy
        let stack = hierarchy.view(named: "s")!.id
        // Views by name: the two sessions make the helper guides at different times.
        let anchor = { (a: Anchor) in "\(hierarchy.view(a.item).name).\(a.attribute)" }
        return hierarchy.stackConstraints(of: stack).map { item in
            let c = item.constraint
            return "\(c.name) \(anchor(c.first)) \(c.relation) \(c.second.map(anchor) ?? "-") \(c.multiplier) \(c.constant) \(c.priority)"
        }
    }

    @Test(.tags(.slow), .disabled(if: isQuickRun, "slow: left out of quick runs"), arguments: StackSettings.distributions)
    func appendingMakesWhatRemakingMakes(distribution: String) {
        for alignment in StackSettings.alignments {
            for axis in ["horizontal", "vertical"] {
                for (margins, baselines) in [(false, false), (true, true)] {
                    let settings = "set s.axis = \(axis); set s.distribution = \(distribution); set s.alignment = \(alignment); "
                        + "set s.spacing = 6; set s.marginsRelative = \(margins); set s.baselineRelative = \(baselines)"
                    let appended = stackSession([])
                    let remade = stackSession([])
                    #expect(appended.run(line: "new stack s; s.top == root.top; s.leading == root.leading; " + settings) == .succeeded)
                    #expect(remade.run(line: "new stack s; s.top == root.top; s.leading == root.leading") == .succeeded)
                    for k in 0..<6 {
                        let line = "new label v\(k) in s text=\"\(String(repeating: "w", count: k + 1))\""
                        #expect(appended.run(line: line) == .succeeded)
                        #expect(remade.run(line: line) == .succeeded)
                        if k == 3 { #expect(appended.run(line: "set v1.hidden = true; set v1.hidden = false") == .succeeded) }
                    }
                    #expect(remade.run(line: settings) == .succeeded)
                    let context = "\(distribution) \(alignment) \(axis) \(margins)"
                    #expect(Self.listing(appended) == Self.listing(remade), "\(context)")
                    #expect(appended.run(line: "layout") == .succeeded && remade.run(line: "layout") == .succeeded)
                    let frames = { (session: Session) in (0..<6).map { session.engine.hierarchy.view(named: "v\($0)")!.frame } }
                    #expect(frames(appended) == frames(remade), "\(context)")
                }
            }
        }
    }
}

/// A stack built one label at a time, as the shell-stack benchmark builds it, one of them then
/// hidden: every label's frame, read from the hierarchy, is the one `frame` prints.
@Test func aStackBuiltALabelAtATimeHasItsFramesInTheHierarchy() throws {
    let count = 17
    var lines = ["new stack s; set s.axis = vertical; set s.alignment = leading; s.top == root.top; s.leading == root.leading"]
    lines += (0..<count).map { "new label l\($0) in s text=\"Row \($0)\"" }
    let session = stackSession(lines + ["layout", "set l\(count / 2).hidden = true; layout"])
    let last = session.engine.hierarchy.view(named: "l\(count - 1)")!
    #expect(last.frame.y == 20.4 * Double(count - 2))
    #expect(frames(session, ["l0", "l1"]).map(\.y) == [0, 20.4])
}

// MARK: - Custom spacing after an arranged view

@Test func customSpacingAfterAViewReplacesTheStacksBetweenItAndTheNext() {
    // a, 25, b, 10, c: 40 + 25 + 60 + 10 + 20.
    let session = rowSession(width: nil, ["set a.spacingAfter = 25"])
    #expect(close(frames(session, ["s", "a", "b", "c"]), [R(10, 20, 155, 30), R(0, 0, 40, 30), R(65, 0, 60, 30), R(135, 0, 20, 30)]))
    let spacing = session.engine.hierarchy.view(named: "s")!.stackLayout.generated
        .filter { $0.identifier == "UISV-spacing" }.map { session.engine.hierarchy.text(of: $0) }
    #expect(spacing == ["b.leading == a.trailing + 25", "c.leading == b.trailing + 10"])
    // fillProportionally shares what the spacing leaves: 320 − 25 − 10 = 285 as 40 : 60 : 20.
    let proportional = rowSession(width: 320, ["set a.spacingAfter = 25", "set s.distribution = fillProportionally"])
    #expect(close(frames(proportional, ["a", "b", "c"]), [R(0, 0, 95, 30), R(120, 0, 142.5, 30), R(272.5, 0, 47.5, 30)]))
    // `default` gives the stack's spacing back; leaving the stack loses it (as UIKit's does).
    #expect(session.run(line: "set a.spacingAfter = default; layout") == .succeeded)
    #expect(close(frames(session, ["b"]), [R(50, 0, 60, 30)]))
    #expect(session.run(line: "set a.spacingAfter = 30; move a to root; move a to s at 0; layout") == .succeeded)
    #expect(session.engine.hierarchy.view(named: "a")!.spacingAfter == nil)
    #expect(close(frames(session, ["b"]), [R(50, 0, 60, 30)]))
}

@Test func customSpacingIsRefusedOffAStackAndKeptBySave() throws {
    let sink = BufferSink()
    let session = Session(sink: sink)
    _ = session.run(line: "new view loose; new stack s; new view a in s; new view b in s")
    let before = StateDump.json(session.engine)
    #expect(session.run(line: "set loose.spacingAfter = 4") == .failed)
    #expect(sink.errors.hasSuffix("error: 'loose' is not arranged in a stack view: 'spacingAfter' is a stack's spacing after one of its arranged views\n"))
    #expect(session.run(line: "set a.spacingAfter = nan") == .failed)
    #expect(StateDump.json(session.engine) == before)
    #expect(session.run(line: "set a.spacingAfter = system") == .succeeded)
    #expect(StateDump.json(session.engine).contains("\"name\": \"a\", \"kind\": \"view\", \"parent\": \"s\", \"frame\": [0, 0, 0, 0], \"ambiguous\": [\"width\", \"height\"], \"spacingAfter\": 8}"))
    let script = ScriptWriter.script(session.engine.hierarchy)
    #expect(script.contains("new view a in s\nset a.spacingAfter = 8\n"))
}

/// A command is followed by remaking only the stacks among the views it wrote (or whose
/// children it wrote), found by comparing the views with a copy kept from the command before
/// (`LayoutEngine.regenerateStacks`), and a stack that only gained views after its old ones
/// reads its inputs from those it had. Each change below, to an old arranged view of a long
/// stack (in a chunk of views other than the stack's), to its settings, by moving, deleting,
/// undoing and redoing, leaves every stack's constraints as remaking all of them from nothing.
@Test func aLongStackChangedAnywhereMatchesItsConstraintsRemadeFromNothing() throws {
    let count = 40
    var lines = ["new stack s; set s.axis = vertical; s.top == root.top; s.leading == root.leading",
                 "new stack t; t.top == root.top; t.leading == root.leading + 300"]
    lines += (0..<count).map { "new label v\($0) in s text=\"Row \($0)\"" }
    lines += (0..<3).map { "new view w\($0) in t intrinsic=10 10" }
    let session = stackSession(lines)
    func remade(_ hierarchy: Hierarchy) -> [String] {
        var fresh = hierarchy
        for id in fresh.stackIDs { fresh.views[id]!.stackLayout = StackLayout() }
        _ = fresh.regenerateStacks()
        return listing(fresh)
    }
    func listing(_ hierarchy: Hierarchy) -> [String] {
        let anchor = { (a: Anchor) in "\(hierarchy.view(a.item).name).\(a.attribute)" }
        return hierarchy.stackIDs.sorted().flatMap { stack in
            hierarchy.stackConstraints(of: stack).map { item in
                let c = item.constraint
                return "\(c.name) \(anchor(c.first)) \(c.relation) \(c.second.map(anchor) ?? "-") \(c.constant) \(c.priority)"
            }
        }
    }
    let changes = [
        "set v3.hidden = true", "set v3.hidden = false", "set v20.spacingAfter = 12", "set v35.hidden = true",
        "new label late in s text=\"late\"", "move v5 to t", "move w1 to s at 0", "delete v7", "undo", "redo",
        "set s.spacing = 4", "set s.distribution = fillEqually", "set v38.spacingAfter = default",
        "set t.axis = vertical", "move v10 to root", "new view tail in s intrinsic=5 5", "set canvas = on", "set canvas = off",
    ]
    for change in changes {
        #expect(session.run(line: change) == .succeeded, "\(change)")
        let hierarchy = session.engine.hierarchy
        #expect(listing(hierarchy) == remade(hierarchy), "after \(change)")
    }
    #expect(listing(session.engine.hierarchy).contains { $0.hasPrefix("s.spacing.") && $0.contains(" 4.0 ") })
}
