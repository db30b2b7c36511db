import Testing
import Foundation
@testable import Shell
import LayoutEngine

/// `save`'s script is a function of the hierarchy: written here from an engine, without a session.

@Test func aLaidOutStateIsWrittenAsViewsThenChangesInActivationOrder() throws {
    let engine = LayoutEngine()
    try engine.addView(kind: .label, name: "title", parent: "root", properties: [.text("Hi"), .hugging(.horizontal, 300)])
    try engine.addConstraint(ConstraintSpec(name: "lead", firstItem: "title", firstAttribute: .leading, relation: .equal,
                                            secondItem: "root", secondAttribute: .leading, constant: 8))
    try engine.addConstraint(ConstraintSpec(firstItem: "title", firstAttribute: .width, relation: .lessThanOrEqual,
                                            constant: 100, priority: .defaultHigh))
    try engine.setActive(["lead"], .deactivate)
    engine.layoutIfNeeded()
    #expect(ScriptWriter.script(engine.hierarchy) == """
    # strut session, written by 'save'
    new label title in root
    set title.text = "Hi"
    set title.hugging.h = 300
    lead: title.leading == root.leading + 8
    c1: title.width <= 100 @750
    deactivate lead
    layout

    """)
}

@Test func aPendingChangeIsWrittenAfterTheLastPass() throws {
    let engine = LayoutEngine()
    try engine.addView(kind: .view, name: "box", parent: "root")
    try engine.addConstraint(ConstraintSpec(name: "w", firstItem: "box", firstAttribute: .width, relation: .equal, constant: 10))
    engine.layoutIfNeeded()
    try engine.setConstant("w", 20)
    #expect(ScriptWriter.script(engine.hierarchy) == """
    # strut session, written by 'save'
    new view box in root
    w: box.width == 10
    layout
    constant w 20

    """)
}

@Test func propertyLinesFollowAFixedOrder() {
    var view = View.defaults(kind: .stack)
    view.stack.spacing = 8
    let lines = ScriptWriter.propertyLines(view, named: "s").map(\.line)
    #expect(Array(lines.prefix(4)) == ["set s.margins = 0 0 0 0", "set s.hidden = false", "set s.axis = horizontal", "set s.spacing = 8"])
}

/// After the last layout pass a view left a stack and
/// the stack was deleted; the script deleted the stack (and the view in it) before moving the
/// view out, so it could not be loaded. Now it waits under root while the stack goes, then
/// takes its place among root's views (a second move, here to where it already is).
@Test func aViewMovedOutOfADeletedViewMovesFirst() throws {
    let session = Session(sink: BufferSink())
    #expect(session.run(line: "new stack s; new view a in s; new view b; layout; move a to root; delete s") == .succeeded)
    let script = ScriptWriter.script(session.engine.hierarchy)
    #expect(script.hasSuffix("""
    layout
    move a to root keeping
    delete s
    move a to root keeping

    """))
    let fresh = try loadedIntoAFreshSession(script)
    #expect(fresh.engine.hierarchy.allViews.map(\.name) == ["root", "b", "a"])
    #expect(session.engine.hierarchy.allViews.map(\.name) == ["root", "b", "a"])
}

/// After the last layout pass a view moved
/// out of a view that was then deleted, into a view made after the pass inside a view that had
/// itself moved. What stays waits under root while the old ancestor goes; then parents are made
/// and moved first.
@Test func viewsMoveIntoNewViewsBeforeTheirOldAncestorGoes() throws {
    let (session, script) = sessionAndScript("new stack s; new view b in s; new stack n14 in b; new view a; new view x; layout",
                                             "move n14 to a; new stack n11 in n14; move b to n11; delete s; delete x; new label x")
    #expect(script.hasSuffix("""
    layout
    move b to root keeping
    delete s
    delete x
    move n14 to a keeping
    new stack n11 in n14
    move b to n11 keeping
    new label x in root

    """))
    let fresh = try loadedIntoAFreshSession(script)
    #expect(placements(fresh) == ["root in -", "a in root", "n14 in a", "n11 in n14", "b in n11", "x in root"])
    #expect(placements(fresh) == placements(session))
}

/// A view that goes holds one that
/// stays, and a new view takes the name of a view going with it. What stays waits under root, so
/// the old view can go before the new one is made.
@Test func aNameTakenAgainInsideAViewThatHoldsASurvivor() throws {
    let (session, script) = sessionAndScript("new stack s; new view n3 in s; new stack n14 in n3; new view k in n14; c1: k.width == n14.width; layout",
                                             "move n14 to root; delete s; new stack n3 in n14")
    #expect(script.hasSuffix("""
    layout
    move n14 to root keeping
    delete s
    move n14 to root keeping
    new stack n3 in n14

    """))
    let fresh = try loadedIntoAFreshSession(script)
    #expect(placements(fresh) == ["root in -", "n14 in root", "k in n14", "n3 in n14"])
    #expect(placements(fresh) == placements(session))
    #expect(fresh.engine.hierarchy.userConstraints.map(\.constraint.name) == ["c1"])
}

/// `addSubview` of a view to its own
/// superview only brings it forward, so a move among siblings keeps every constraint (the
/// saved script's reordering moves dropped constraints the session kept).
@Test func aMoveAmongSiblingsKeepsConstraints() throws {
    let session = Session(sink: BufferSink())
    #expect(session.run(line: "new view a; new view t; new view p; new view q in p; c: a.leading == t.trailing; d: q.top == t.bottom; e: t.top == root.top") == .succeeded)
    #expect(session.run(line: "move t to root; move a to root at 0") == .succeeded)
    #expect(session.engine.hierarchy.root.children.map { session.engine.hierarchy.view($0).name } == ["a", "p", "t"])
    #expect(session.engine.hierarchy.userConstraints.map(\.constraint.name) == ["c", "d", "e"])
    // A re-parent still drops what leaves the new ancestry (root stays in it).
    #expect(session.run(line: "move t to p") == .succeeded)
    #expect(session.engine.hierarchy.userConstraints.map(\.constraint.name) == ["e"])
}

/// A saved
/// script moves views parents first, not in the order they moved, so a plain move could drop a
/// constraint the session kept (`n36` moved into `n23`'s subtree before `n23` moved: written the
/// other way round, `move n23 to root` dropped `n36.leading == n23.trailing`). Its moves keep.
@Test func savedMovesKeepTheConstraintsTheSessionKept() throws {
    let session = Session(sink: BufferSink())
    #expect(session.run(line: "new stack s; new stack n23 in s; new label n11 in n23; new view n36; c8: n36.leading == n23.trailing + 8; layout") == .succeeded)
    #expect(session.run(line: "move n36 to n11; move n23 to root") == .succeeded)
    let script = ScriptWriter.script(session.engine.hierarchy)
    #expect(script.hasSuffix("""
    layout
    move n23 to root keeping
    move n36 to n11 keeping

    """))
    let fresh = try loadedIntoAFreshSession(script)
    #expect(fresh.engine.hierarchy.userConstraints.map(\.constraint.name) == ["c8"])
    // Without 'keeping', that first move drops it, as a re-parent does.
    let plain = Session(sink: BufferSink())
    #expect(plain.run(line: "new stack s; new stack n23 in s; new label n11 in n23; new view n36; c8: n36.leading == n23.trailing + 8; move n23 to root") == .succeeded)
    #expect(plain.engine.hierarchy.userConstraints.isEmpty)
}

/// A session after `lines` (each must succeed), and the script `save` writes for it.
func sessionAndScript(_ lines: String...) -> (Session, String) {
    let session = Session(sink: BufferSink())
    for line in lines { #expect(session.run(line: line) == .succeeded, "\(line)") }
    return (session, ScriptWriter.script(session.engine.hierarchy))
}

/// Each view as "NAME in PARENT", in listing order.
func placements(_ session: Session) -> [String] {
    let h = session.engine.hierarchy
    return h.allViews.map { "\($0.name) in \($0.parent.map { h.view($0).name } ?? "-")" }
}

/// A saved script loaded (from a file, as `load` reads it) into a new session.
func loadedIntoAFreshSession(_ script: String) throws -> Session {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try script.write(toFile: folder + "/s.strut", atomically: true, encoding: .utf8)
    let fresh = Session(sink: BufferSink())
    #expect(fresh.run(line: "load \(folder)/s.strut") == .succeeded)
    return fresh
}
