import Testing
import Foundation
@testable import Shell
@testable import LayoutEngine
import CassowaryReference

/// The photo sized twice in its cell: fixes tried, ranked, and said with what they do.
let photoCell = """
    set root.frame = 0 0 390 300; new view cell; c1: cell.leading == root.leading; c2: cell.trailing == root.trailing; \
    cell.top == root.top; cell.height == 200; new image photo in cell; photo.leading == cell.leading; \
    photo.top == cell.top; photo.height == 100; one: photo.width == cell.width; two: photo.width == 0.5 * cell.width; layout
    """

@Test func fixesAreTriedAndRankedByWhatTheyDo() throws {
    let sink = BufferSink()
    let session = Session(sink: sink)
    #expect(session.run(line: photoCell) == .succeeded)
    let engine = session.engine
    let report = try #require(engine.diagnostics.conflictReports().first)
    #expect(engine.name(of: report.broken) == "two")
    let names = report.ranked.map { fix -> String in
        if case let .deactivate(ref) = fix.fix { return engine.name(of: ref) }
        return "?"
    }
    #expect(names == ["two", "one", "c2", "c1"])
    let consequences = report.ranked.map(\.consequence!)
    #expect(consequences.map(\.isClean) == [true, true, false, false])
    #expect(consequences.map(\.resolves) == [true, true, true, true])
    #expect(consequences[0].moves.isEmpty)
    #expect(consequences[1].moves.map { $0.after } == [Rect(x: 0, y: 0, width: 195, height: 100)])
    let cell = try engine.hierarchy.viewID(named: "cell"), photo = try engine.hierarchy.viewID(named: "photo")
    #expect(consequences[3].collapsed == [cell, photo])
    #expect(consequences[3].moves.first { $0.view == cell }?.after == Rect(x: 390, y: 0, width: 0, height: 200))

    #expect(session.run(line: "conflicts") == .succeeded)
    #expect(sink.output.contains("""
        Any one of these changes resolves it, best first:
          deactivate two   → nothing moves
          deactivate one   → photo.width 390 → 195; nothing else moves
          deactivate c2    → cell collapses to zero width at x = 0; photo collapses to zero width at x = 0; nothing else moves
          (1 more: 'conflicts all')
        """))
    #expect(session.run(line: "conflicts all") == .succeeded)
    #expect(sink.output.hasSuffix("""
          deactivate c1    → cell collapses to zero width at x = 390; photo collapses to zero width at x = 0; nothing else moves

        """))
}

@Test func uikitsOwnConstraintsAreNeverOfferedAndACellsSizeAsksForYours999() throws {
    let sink = BufferSink()
    let session = Session(sink: sink)
    // A cell's content view given its height by UIKit, an image 100 high with 8 above and below.
    #expect(session.run(line: "new view content class=\"UITableViewCellContentView\"; content.leading == root.leading; content.width == 320; content.top == root.top; new image icon in content; top: icon.top == content.top + 8; bottom: icon.bottom == content.bottom - 8; tall: icon.height == 100; icon.leading == content.leading; icon.width == 40") == .succeeded)
    _ = try session.engine.addConstraint(ConstraintSpec(name: "cellHeight", firstItem: "content", firstAttribute: .height, relation: .equal,
                                                        constant: 44, priority: .required, identifier: "UIView-Encapsulated-Layout-Height"))
    let engine = session.engine
    let report = try #require(engine.diagnostics.conflictReports().first)
    #expect(engine.name(of: report.broken) == "cellHeight")
    #expect(report.notOffered.map(engine.name) == ["cellHeight"])
    #expect(engine.diagnostics.owner(of: report.broken) == .cellSizing)
    let offered = report.fixes.map { fix -> String in
        if case let .priority(ref, priority) = fix { return "\(engine.name(of: ref)) \(priority)" }
        return "?"
    }
    #expect(offered == ["top 999", "bottom 999", "tall 999"])
    #expect(session.run(line: "layout; conflicts") == .succeeded)
    #expect(sink.output.contains("Not offered: cellHeight is the size UIKit gives the cell (UIView-Encapsulated-Layout): lower your own to 999 instead.\n"))
    #expect(sink.output.contains("  priority tall 999     → "))

    // UIKit's private constraints are named, never offered.
    let other = Session(sink: BufferSink())
    #expect(other.run(line: "new view v; v.width == 100") == .succeeded)
    _ = try other.engine.addConstraint(ConstraintSpec(name: "temp", firstItem: "v", firstAttribute: .width, relation: .equal,
                                                      constant: 0, priority: .required, identifier: "_UITemporaryLayoutWidth"))
    let temporary = try #require(other.engine.diagnostics.conflictReports().first)
    #expect(other.engine.diagnostics.owner(of: temporary.broken) == .uikitPrivate("_UITemporaryLayoutWidth"))
    #expect(temporary.notOffered.map(other.engine.name) == ["temp"])
    #expect(temporary.fixes.count == 1)
}

@Test func aViolationIsExplainedByTheChainThatGivesItsAmount() {
    let sink = BufferSink()
    let session = Session(sink: sink)
    #expect(session.run(line: """
        set root.frame = 0 0 390 200; new view custom; custom.leading == root.leading; custom.trailing == root.trailing; \
        custom.top == root.top + 44; atLeast: custom.height >= 10; placeholder: custom.height == 10 @1; new image icon in custom; \
        it: icon.top == custom.top + 8; ib: icon.bottom == custom.bottom - 8; icon.leading == custom.leading + 8; \
        icon.width == 32; ih: icon.height == 32; layout; conflicts
        """) == .succeeded)
    // Said when ib makes it fail (icon.top + 8 + 8 ≥ 16); ih adds to the amount, not a new line.
    #expect(sink.output == """
        violated placeholder: custom.height == 10 @1 (off by 6) — 'conflicts' for more
        violated placeholder: custom.height == 10 @1, off by 38, because custom.height = 48, from:
          it: icon.top == custom.top + 8         icon.y = 8
          ih: icon.height == 32                  icon.height = 32
          ib: icon.bottom == custom.bottom - 8   custom.height = 48

        """)
}

@Test func whyNotNamesWhatForbidsARelationOrWhatWinsOverIt() throws {
    let sink = BufferSink()
    let session = Session(sink: sink)
    #expect(session.run(line: photoCell + "; deactivate two; layout; why photo.width == 195") == .succeeded)
    #expect(sink.output.hasSuffix("""
        photo.width == 195: it cannot hold.
        These 3 required constraints forbid it:
          c1: cell.leading == root.leading     cell.x = 0
          c2: cell.trailing == root.trailing   cell.width = 390
          one: photo.width == cell.width       photo.width = 390
          asked: photo.width == 195            cannot hold: off by 195
        Any one of these changes lets it hold, best first:
          deactivate one   → photo.width 390 → 195; nothing else moves
          deactivate c2    → cell.width 390 → 195, photo.width 390 → 195; nothing else moves
          deactivate c1    → cell (0, 0, 390, 200) → (195, 0, 195, 200), photo.width 390 → 195; nothing else moves

        """))
    // The session is untouched: the question was asked of a copy.
    #expect(session.engine.hierarchy.constraint(named: "asked") == nil)

    let label = BufferSink()
    let other = Session(sink: label)
    #expect(other.run(line: "set textMetric = fixed; new label title text=\"Hello\"; title.leading == root.leadingMargin; title.top == root.top + 20; layout; why title.width >= 500; why title.x == 8") == .succeeded)
    #expect(label.output == """
        title.width >= 500: the required constraints allow it, but these win over it now (each would be off by):
          title.hugging.h: title.width <= 42.5 @251 (content hugging)   off by 457.5
        To make it hold: add it at a priority above 251 (or required), or lower those.
        title.left == root.left + 8: it holds now.

        """)
}

@Test func aChangeSaysWhatItBrokeAndWhichConstraintItTouched() {
    let sink = BufferSink()
    let session = Session(sink: sink)
    #expect(session.run(line: "new view a; a.width == 10; c2: a.height == 5; deactivate c1; activate c1; toggle c1; priority c2 500; constant c2 7; c9: a.width == 20; toggle c1; remove c1 c2") == .succeeded)
    #expect(sink.output == """
        deactivated c1: a.width == 10
        activated c1: a.width == 10
        deactivated c1: a.width == 10
        c2: a.height == 5 @500 (was priority 1000)
        c2: a.height == 7 @500 (was constant 5)
        activated c1: a.width == 10
        broke c1: a.width == 10 (conflicts with c9) — 'conflicts' for more
        removed c1: a.width == 10
        removed c2: a.height == 7 @500

        """)
}

@Test func aChangeSaysWhichViewsItMadeAmbiguousAndWhichOfYourConstraintsItViolated() {
    let sink = BufferSink()
    let session = Session(sink: sink)
    // New views start ambiguous: nothing is said of them.
    #expect(session.run(line: """
        new view a; new view b; a.leading == root.leading; a.top == root.top; a.width == 10; a.height == 10; \
        b.leading == a.trailing; b.top == a.top; b.width == 10; b.height == 10
        """) == .succeeded)
    #expect(sink.output == "")
    // A removal frees what followed it; after undo the standing is looked at again.
    #expect(session.run(line: "remove c1; undo; deactivate c5") == .succeeded)
    // Your optional constraint is said once when it gives way, again only after it held.
    #expect(session.run(line: "low: a.height == 4 @500; constant low 6; constant low 10; constant low 2") == .succeeded)
    // A label's content size giving way is normal layout, not said.
    #expect(session.run(line: "new label t text=\"Hi\"; t.leading == root.leading; t.trailing == root.trailing; t.top == root.top; set t.hugging.h = 250") == .succeeded)
    // One change that violates many says five and a count.
    var many = "new view m"
    for k in 0..<7 { many += "; m\(k): m.width == 5 @\(300 + k)" }
    #expect(session.run(line: many + "; strong: m.width == 50 @900") == .succeeded)
    #expect(sink.output == """
        removed c1: a.leading == root.leading
        now ambiguous: a (x), b (x) — 'ambiguous' for more
        undone: remove c1
        deactivated c5: b.leading == a.trailing
        now ambiguous: b (x) — 'ambiguous' for more
        violated low: a.height == 4 @500 (off by 6) — 'conflicts' for more
        low: a.height == 6 @500 (was constant 4)
        low: a.height == 10 @500 (was constant 6)
        low: a.height == 2 @500 (was constant 10)
        violated low: a.height == 2 @500 (off by 8) — 'conflicts' for more
        violated m0: m.width == 5 @300 (off by 45) — 'conflicts' for more
        violated m1: m.width == 5 @301 (off by 45) — 'conflicts' for more
        violated m2: m.width == 5 @302 (off by 45) — 'conflicts' for more
        violated m3: m.width == 5 @303 (off by 45) — 'conflicts' for more
        violated m4: m.width == 5 @304 (off by 45) — 'conflicts' for more
        and 2 more violated — 'conflicts' for more

        """)
}

@Test func aLongConflictIsAnnouncedInOneLineAndNotAgainUntilItsSetChanges() {
    let sink = BufferSink()
    let session = Session(sink: sink)
    var script = "new view v0; l0: v0.leading == root.leading; w0: v0.width == 10"
    for i in 1..<8 { script += "; new view v\(i); l\(i): v\(i).leading == v\(i - 1).trailing; w\(i): v\(i).width == 10" }
    #expect(session.run(line: script + "; clash: v7.trailing == root.leading + 5; layout; new view z; z.width == 3; layout; constant w0 11") == .succeeded)
    #expect(sink.output == """
        broke clash: v7.trailing == root.leading + 5 (conflicts with l0, w0, l1, l2, l3 and 4 more) — 'conflicts' for more
        w0: v0.width == 11 (was constant 10)

        """)
}

@Test func aNameSharedByAViewAndAConstraintIsPointedOut() {
    let sink = BufferSink()
    let session = Session(sink: sink)
    #expect(session.run(line: "new view a; a: a.width == 10; b: a.height == 3; new view b") == .succeeded)
    #expect(sink.output == """
        note: 'a' is now both a view's and a constraint's name: easy to mistake one for the other
        note: 'b' is now both a view's and a constraint's name: easy to mistake one for the other

        """)
}

@Test func warningsPointAtMisplacedOverlappingAndTruncatedViews() throws {
    let sink = BufferSink()
    let session = Session(sink: sink)
    #expect(session.run(line: """
        set textMetric = fixed; new label title text="Hello"; title.leading == root.leadingMargin; title.top == root.top + 20; title.width == 500; \
        new view a; a.leading == root.leading; a.top == root.top + 10; a.width == 50; a.height == 30; \
        new label cut text="A long label"; cut.leading == root.leading; cut.top == root.top + 100; cut.width == 20; \
        new view hiddenOne; set hiddenOne.hidden = true; hiddenOne.leading == root.leading - 50; hiddenOne.top == root.top; \
        hiddenOne.width == 10; hiddenOne.height == 10; layout; warnings; show
        """) == .succeeded)
    #expect(sink.output == """
        outside: title (8, 20, 500, 20.4) runs 118 past the right of root
        truncated: cut is 20 wide where its content needs 102
        overlap: title and a share 42 x 20 at (8, 20)
        root view (0, 0, 390, 844)
          title label "Hello" (8, 20, 500, 20.4) OUTSIDE OVERLAPS
          a view (0, 10, 50, 30) OVERLAPS
          cut label "A long label" (0, 100, 20, 20.4) TRUNCATED
          hiddenOne view (-50, 0, 10, 10) hidden

        """)
    let data = session.engine.diagnostics.warnings()
    #expect(data.count == 3)
    #expect(data.flatMap(\.views).map { session.engine.hierarchy.view($0).name } == ["title", "cut", "title", "a"])
    let clean = BufferSink()
    #expect(Session(sink: clean).run(line: "new view b; b.leading == root.leading; b.top == root.top; b.width == 10; b.height == 10; layout; warnings") == .succeeded)
    #expect(clean.output == "no warnings\n")
}

@Test func ambiguousTellsViewsThatShareOneCauseOnceAndAGuideFollowsItsView() {
    let sink = BufferSink()
    let session = Session(sink: sink)
    #expect(session.run(line: """
        new view a; new view b; new view c; new view d; a.top == root.top; b.top == root.top; c.top == root.top; \
        a.width == 10; b.width == 10; c.width == 10; a.height == 10; b.height == 10; c.height == 10; \
        b.leading == a.trailing + 5; c.leading == b.trailing + 5; new guide g in root; g.leading == c.leading; \
        g.trailing == c.trailing; g.top == root.top; g.height == 5; d.leading == root.leading; d.top == root.top; d.width == 5; \
        layout; ambiguous
        """) == .succeeded)
    #expect(sink.output == """
        a, b, c and g: x in (-inf, +inf), moving together (tied by c10, c11, c12, c13)
          why: nothing fixes a's horizontal position (x is free, its width is fixed)
          pin: add a leading, trailing or centerX constraint to any one of a, b, c
          (g is a layout guide pinned to them: it follows)
        d: height in [0, +inf)
          why: d's top edge is fixed but its height is free
          pin: add a height constraint to d, or pin its bottom

        """)
}

@Test func violationsAreListedInTheOrderConstraintsAre() {
    // Violated user constraints, content sizes in and out of a stack, made in a mixed order.
    let session = Session(sink: BufferSink())
    #expect(session.run(line: """
        new stack s; s.leading == root.leading; s.top == root.top; s.width == 60; \
        new label b in s text="Second label, long"; new label a in s text="First label, long"; \
        new view box; box.leading == root.leading; box.top == root.top + 100; soft1: box.width == 50 @300; \
        hard: box.width == 20; soft2: box.width == 70 @400; \
        new label free text="A free label that is long"; free.leading == root.leading; free.top == root.top + 200; \
        free.width == 30; soft0: free.height == 90 @200; layout
        """) == .succeeded)
    let engine = session.engine
    let expected = engine.hierarchy.allConstraints.filter { ref, constraint in
        engine.state(of: ref) == .violated && !(constraint.identifier.map(StackLayout.fittingIdentifiers.contains) ?? false)
    }.map(\.ref)
    let listed = engine.diagnostics.violations().reports.map(\.ref)
    #expect(listed.count >= 5)
    #expect(listed == expected)
}

/// A fix that brings back a constraint broken before, which clashes again, is not offered as
/// resolving the conflict: it is listed apart.
@Test func aFixThatLeavesTheConflictIsListedApart() throws {
    let sink = BufferSink()
    let session = Session(sink: sink)
    #expect(session.run(line: "new view s; c1: s.leading == root.leading; c3: s.width >= 500; c4: s.trailing == root.trailing; new view t; c5: t.leading == root.leading; c6: s.leading == t.trailing + 8") == .succeeded)
    let engine = session.engine
    let report = try #require(engine.diagnostics.conflictReports().first { engine.name(of: $0.broken) == "c6" })
    // c1 is in the minimal set, but deactivating it lets c4 back in, and c4 with c3 clashes with c6 again.
    #expect(report.set.map(engine.name).sorted() == ["c1", "c5", "c6"])
    #expect(report.ranked.map { $0.consequence!.resolves } == [true, true, false])
    #expect(session.run(line: "conflicts all") == .succeeded)
    #expect(sink.output.hasSuffix("""
        Any one of these changes resolves it, best first:
          deactivate c6   → nothing moves
          deactivate c5   → t.x 0 → -8; nothing else moves
        Not enough alone, the conflict stays:
          deactivate c1   → s.x 0 → -110; nothing else moves; and the conflict stays

        """))
    #expect(session.run(line: "conflicts") == .succeeded)
    #expect(sink.output.hasSuffix("""
          deactivate c5   → t.x 0 → -8; nothing else moves
          (1 more: 'conflicts all')

        """))
}

/// A constraint that no layout can satisfy on its own (with sizes never negative) is violated
/// with nothing forcing it, and says so.
@Test func aConstraintNoLayoutSatisfiesSaysSo() throws {
    let sink = BufferSink()
    let session = Session(sink: sink)
    #expect(session.run(line: "new view a; c1: a.leading >= a.leading + 10 @999; c2: a.width <= -4 @999; a.width == 5; layout; conflicts") == .succeeded)
    #expect(sink.output.hasSuffix("""
        violated c1: a.leading >= a.leading + 10 @999, short by 10: no layout can satisfy it, whatever the other constraints

        violated c2: a.width <= -4 @999, over by 9: no layout can satisfy it, whatever the other constraints

        """))
}

/// The members offered as resolving a conflict are exactly those whose removal lets the
/// broken constraint hold with every required constraint connected to it, sizes' non-negativity
/// included: a guard for shortcuts. "The set is minimal, so any member resolves it" is wrong
/// when the set is kept as the solver gave it (above `givensFilterLimit` members, a chain of
/// 100 views given room for 5 lists every width, and taking one out does not help: a width is
/// never negative).
/// `count` views of width 1 side by side, the last one's trailing edge pinned at 5.
func tooLongChain(_ count: Int) -> String {
    var lines = ["new view v0; v0.width == 1; v0.leading == root.leading"]
    for k in 1..<count { lines.append("new view v\(k); v\(k).width == 1; v\(k).leading == v\(k - 1).trailing") }
    lines.append("clash: v\(count - 1).trailing == root.leading + 5; layout")
    return lines.joined(separator: "; ")
}

@Test(arguments: [
    // A chain pinned where it cannot reach: the whole component.
    "new view v0; v0.leading == root.leading; v0.width == 1; new view v1; v1.leading == v0.trailing; v1.width == 1; new view v2; v2.leading == v1.trailing; v2.width == 1; clash: v2.trailing == root.leading + 5; layout",
    // A chain longer than the room it is given: taking out a width does not resolve it (a
    // width is never negative), taking out a link does.
    tooLongChain(8),
    tooLongChain(24),
    // Two ways to the same width: either alone still conflicts.
    "new view a; a.leading == root.leading; w1: a.width == 10; w2: a.width == 10; clash: a.trailing == root.leading + 20; layout",
    // A required constraint in the component that is not in the set.
    "new view a; a.leading == root.leading; a.width == 10; new view b; b.leading == a.trailing; b.width >= 0; clash: a.trailing == root.leading + 20; layout",
    // Nested, edge to edge, with a width that cannot be.
    "new view p; p.leading == root.leading; p.trailing == root.trailing; new view q in p; q.leading == p.leading; q.trailing == p.trailing; clash: q.width == 5000; layout",
])
func theMembersThatResolveAConflictAreThoseTheChecksFind(_ script: String) throws {
    let session = Session(sink: BufferSink())
    #expect(session.run(line: script) == .succeeded)
    let engine = session.engine
    let reports = engine.diagnostics.conflictReports()
    #expect(!reports.isEmpty)
    for report in reports {
        let checked = report.set.filter { $0 == report.broken || engine.diagnostics.requiredSystemHolds(without: $0, adding: report.broken) }
        #expect(report.resolving == checked)
    }
}

/// Above `givensFilterLimit`: the set is the solver's, every link and the first widths, and
/// only the links resolve it (read from the tableau, checked one by one here).
@Test func theMembersThatResolveALongChainAreItsLinks() throws {
    let session = Session(sink: BufferSink())
    #expect(session.run(line: tooLongChain(210)) == .succeeded)
    let engine = session.engine
    let conflict = try #require(engine.conflicts.first)
    #expect(conflict.set.count > 210)
    let resolving = engine.diagnostics.resolvingMembers(of: conflict.set, broken: conflict.broken)
    // The first link is `v0.leading == root.leading` (c2); each view's link follows its width.
    #expect(Set(resolving.map(engine.name(of:))) == Set(["clash", "c2"] + (1..<210).map { "c\(2 * $0 + 2)" }))
    // Widths are in the set, and taking one out does not help.
    let widths = conflict.set.filter { engine.name(of: $0) == "c1" || engine.name(of: $0) == "c3" }
    #expect(widths.count == 2)
    for width in widths { #expect(!engine.diagnostics.requiredSystemHolds(without: width, adding: conflict.broken)) }
}

/// On random sessions, the members offered as resolving each conflict are those the scratch
/// checks find, whatever the shortcut reads from the tableau.
@Test(arguments: 0..<40)
func theResolvingMembersAreThoseTheChecksFindOnRandomSessions(seed: Int) {
    var rng = SeededGenerator(seed: UInt64(seed) &* 104_729 &+ 7)
    let session = Session(sink: BufferSink())
    _ = session.run(line: "new view a; new view b; new view c in a; new label t text=\"Hi\"")
    // Odd seeds: required equalities alone, and a few inequalities (the tableau then reads
    // most conflicts); even seeds: the random sessions' commands.
    let views = ["a", "b", "c", "t"]
    func equality() -> String {
        let attributes = ["leading", "trailing", "width", "centerX"]
        let (x, y) = (views.randomElement(using: &rng)!, views.randomElement(using: &rng)!)
        let attribute = attributes.randomElement(using: &rng)!
        let constant = Int.random(in: -50...300, using: &rng)
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: return "\(x).width == \(constant)"
        case 1: return "\(x).width >= \(constant)"
        default: return "\(x).\(attribute) == \(y).\(attributes.randomElement(using: &rng)!) + \(constant)"
        }
    }
    for step in 0..<40 {
        let line = seed % 2 == 1 ? equality() : RandomSessionTests.command(session, &rng)
        _ = session.run(line: line)
        let diagnostics = session.engine.diagnostics
        for entry in session.engine.conflicts {
            let checked = entry.set.filter { $0 == entry.broken || diagnostics.requiredSystemHolds(without: $0, adding: entry.broken) }
            #expect(diagnostics.resolvingMembers(of: entry.set, broken: entry.broken) == checked, "seed \(seed), step \(step): \(line)")
        }
    }
}

/// A consequence read from the tableau (`MovedMarkers`) is the one a copy of the engine finds
/// when the fix is applied to it: on the shapes of the benchmark and on random sessions of
/// equalities. Returns how many fixes were read rather than tried.
@discardableResult
func expectMovedMarkersAgreeWithTrials(_ session: Session, _ context: String) -> Int {
    let diagnostics = session.engine.diagnostics
    var read = 0
    for entry in session.engine.conflicts {
        let trials = Diagnostics.FixTrials(session.engine.hierarchy)
        guard let shortcut = MovedMarkers(diagnostics, trials: trials, broken: entry.broken) else { continue }
        // Each member taken out, and lowered to 999 (as a conflict with a cell's size offers).
        var fixes = diagnostics.fixes(diagnostics.resolvingMembers(of: entry.set, broken: entry.broken))
        fixes += fixes.compactMap { if case let .deactivate(ref) = $0 { .priority(ref, 999) } else { nil } }
        for fix in fixes {
            guard let fast = shortcut.consequence(of: fix) else { continue }
            read += 1
            let slow = diagnostics.consequence(of: fix, broken: entry.broken, on: trials.rebuilt.copy(), trials: trials)
            #expect(slow.map { describe($0) } == describe(fast), "\(context): \(fix)")
        }
    }
    return read
}

/// A consequence in words, its numbers to a millionth (the two ways to a frame may differ in
/// the last bits of a double; reports print far fewer).
func describe(_ c: Consequence) -> String {
    func r(_ rect: Rect) -> String {
        [rect.x, rect.y, rect.width, rect.height].map { String(format: "%.6f", $0) }.joined(separator: " ")
    }
    let moves = c.moves.map { "\($0.view): \(r($0.before)) → \(r($0.after))" }
    return "moves \(moves) collapsed \(c.collapsed) ambiguous \(c.ambiguous) violated \(c.violated) broken \(c.broken) resolves \(c.resolves)"
}

@Test func consequencesReadFromTheTableauAreThoseACopyFinds() {
    let shapes = [
        tooLongChain(12),
        // A nesting made wider than the screen, and a stack of rows made too short.
        "new view p; p.leading == root.leading; p.trailing == root.trailing; p.top == root.top; p.height == 40; new view q in p; q.leading == p.leading; q.trailing == p.trailing; q.top == p.top; q.bottom == p.bottom; new view r in q; r.leading == q.leading; r.trailing == q.trailing; r.top == q.top; r.bottom == q.bottom; clash: r.width == 5000; layout",
        "new stack s; set s.axis = vertical; s.top == root.top; s.leading == root.leading; s.width == 100; new view a in s; a.height == 20; new view b in s; b.height == 20; new view c in s; c.height == 20; clash: s.height == 30; layout",
        // Two conflicts over the same nesting: taking a member out lets the older one hold,
        // and the newer breaks again (what `why` asks on a layout that already conflicts).
        "new view p; p.leading == root.leading; p.trailing == root.trailing; p.top == root.top; p.height == 40; new view q in p; q.leading == p.leading; q.trailing == p.trailing; q.top == p.top; q.bottom == p.bottom; clash: q.width == 5000; layout; asked: q.width == 2; layout",
        // An optional constraint that the fix violates, and a view with an ambiguous width.
        "new view a; a.leading == root.leading; a.width == 10; a.top == root.top; a.height == 10; new view b; b.leading == a.trailing; b.width == 10; b.top == root.top; b.height == 10; b.leading == root.leading + 10 @500; new view c; c.leading == b.trailing; c.top == root.top; c.height == 5; clash: b.trailing == root.leading + 30; layout",
    ]
    var read = 0
    for shape in shapes {
        let session = Session(sink: BufferSink())
        #expect(session.run(line: shape) == .succeeded)
        read += expectMovedMarkersAgreeWithTrials(session, shape)
    }
    #expect(read >= 60)
}

/// Random layouts of six views placed by required equalities (a few of them inequalities or
/// optional constraints), then one equality that contradicts them (and for odd seeds another).
@Test(arguments: 0..<60)
func consequencesReadFromTheTableauAgreeOnRandomSessions(seed: Int) {
    var rng = SeededGenerator(seed: UInt64(seed) &* 15_485_863 &+ 3)
    var lines: [String] = []
    for k in 0..<6 {
        let container = k > 2 && Bool.random(using: &rng) ? " in v\(Int.random(in: 0..<k, using: &rng))" : ""
        lines.append("new view v\(k)\(container)")
        let before = k == 0 || !container.isEmpty ? "root.leading" : "v\(Int.random(in: 0..<k, using: &rng)).trailing"
        let anchor = container.isEmpty ? before : "v\(container.split(separator: "v").last!).leading"
        lines.append("v\(k).leading == \(anchor) + \(Int.random(in: 0...20, using: &rng))")
        lines.append(k > 0 && Bool.random(using: &rng)
                     ? "v\(k).width == v\(Int.random(in: 0..<k, using: &rng)).width + \(Int.random(in: -5...30, using: &rng))"
                     : "v\(k).width == \(Int.random(in: 0...60, using: &rng))")
        lines.append("v\(k).top == \(container.isEmpty ? "root.top" : "v\(container.split(separator: "v").last!).top") + \(Int.random(in: 0...40, using: &rng))")
        lines.append("v\(k).height == \(Int.random(in: 5...40, using: &rng))")
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: lines.append("v\(k).width >= \(Int.random(in: 0...30, using: &rng))")
        case 1: lines.append("v\(k).centerX == root.centerX @\([250, 500, 750].randomElement(using: &rng)!)")
        default: break
        }
    }
    let (a, b) = (Int.random(in: 0..<6, using: &rng), Int.random(in: 0..<6, using: &rng))
    let attribute = ["trailing", "width", "centerX"].randomElement(using: &rng)!
    lines.append("clash: v\(a).\(attribute) == v\(b).\(attribute == "width" ? "width" : "leading") + \(Int.random(in: 100...400, using: &rng)); layout")
    // Odd seeds: a second conflict, over the heights.
    if seed % 2 == 1 {
        lines.append("v\(Int.random(in: 0..<6, using: &rng)).bottom == root.top + \(Int.random(in: 0...90, using: &rng)); layout")
    }
    let session = Session(sink: BufferSink())
    let script = lines.joined(separator: "; ")
    #expect(session.run(line: script) == .succeeded, "seed \(seed)")
    expectMovedMarkersAgreeWithTrials(session, "seed \(seed): \(script)")
}

/// A log's conflicts with a cell's size offer each of your constraints lowered to 999: read
/// from the tableau too, and the same as the copies find, for every message of a long log.
@Test func aLogsLoweredFixesAreReadFromTheTableau() throws {
    let message = try String(contentsOf: repositoryRoot.appendingPathComponent("Examples/encapsulated-height.txt"), encoding: .utf8)
    // Twenty cells, each message on views of its own (the addresses told apart).
    var log = ""
    for k in 0..<20 {
        log += message.replacingOccurrences(of: "0x7f8794e", with: String(format: "0x7f87%02xe", k))
            .replacingOccurrences(of: "0x600000a8", with: String(format: "0x6000%02xa8", k)) + "\n"
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strut-lowered-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("cells.txt")
    try log.write(to: file, atomically: true, encoding: .utf8)
    let fresh = Session(sink: BufferSink())
    #expect(fresh.run(line: "import \(file.path)") == .succeeded)
    #expect(fresh.engine.conflicts.count == 20)
    // Three lowered members a message (the cell's own size is not offered), and the broken one.
    #expect(expectMovedMarkersAgreeWithTrials(fresh, "20 cells") >= 60)
    // The report's fixes are the lowered ones, each resolving.
    let report = try #require(fresh.engine.diagnostics.conflictReports().first)
    #expect(report.ranked.count == 3)
    #expect(report.ranked.allSatisfy { if case .priority = $0.fix { $0.consequence?.resolves == true } else { false } })
}
