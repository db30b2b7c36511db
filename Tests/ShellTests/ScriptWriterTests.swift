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

/// Found by the random sessions (issue 21): after the last layout pass a view left a stack and
/// the stack was deleted; the script deleted the stack (and the view in it) before moving the
/// view out, so it could not be loaded.
@Test func aViewMovedOutOfADeletedViewMovesFirst() throws {
    let session = Session(sink: BufferSink())
    #expect(session.run(line: "new stack s; new view a in s; new view b; layout; move a to root; delete s") == .succeeded)
    let script = ScriptWriter.script(session.engine.hierarchy)
    #expect(script.hasSuffix("""
    layout
    move a to root
    delete s

    """))
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try script.write(toFile: folder + "/s.strut", atomically: true, encoding: .utf8)
    let fresh = Session(sink: BufferSink())
    #expect(fresh.run(line: "load \(folder)/s.strut") == .succeeded)
    #expect(fresh.engine.hierarchy.allViews.map(\.name) == ["root", "b", "a"])
    #expect(session.engine.hierarchy.allViews.map(\.name) == ["root", "b", "a"])
}
