import Testing
@testable import LayoutEngine

// Names are looked up in one table shared by a hierarchy and its undo copies, and every answer
// is checked against the copy asking: these are the ways a name can point somewhere stale.

@Test func aNameTakenBackByUndoIsNotFoundAndItsIndexServesTheNextView() throws {
    let engine = LayoutEngine()
    let before = engine.hierarchy
    try engine.addView(kind: .view, name: "a", parent: "root")
    let withA = engine.hierarchy
    #expect(engine.hierarchy.viewID(ifNamed: "a") == 1)
    engine.restore(before)
    #expect(engine.hierarchy.viewID(ifNamed: "a") == nil)
    #expect(throws: LayoutError.unknownView("a", suggestion: nil)) { try engine.hierarchy.viewID(named: "a") }
    try engine.addView(kind: .view, name: "b", parent: "root")
    #expect(engine.hierarchy.viewID(ifNamed: "b") == 1)
    #expect(engine.hierarchy.viewID(ifNamed: "a") == nil)
    // Redo's copy still finds its own view there.
    #expect(withA.viewID(ifNamed: "a") == 1)
    #expect(withA.viewID(ifNamed: "b") == nil)
}

@Test func aViewMadeAgainUnderItsNameIsFoundWhereEachCopyHasIt() throws {
    let engine = LayoutEngine()
    try engine.addView(kind: .view, name: "a", parent: "root")
    try engine.addView(kind: .view, name: "x", parent: "root")
    let first = engine.hierarchy
    try engine.deleteView("a")
    #expect(engine.hierarchy.viewID(ifNamed: "a") == nil)
    try engine.addView(kind: .view, name: "a", parent: "x")
    #expect(engine.hierarchy.viewID(ifNamed: "a") == 3)
    #expect(first.viewID(ifNamed: "a") == 1)
    engine.restore(first)
    #expect(engine.hierarchy.viewID(ifNamed: "a") == 1)
    #expect(engine.hierarchy.view(named: "a")?.parent == 0)
    // The name's older index answers again after the newer one went.
    try engine.addView(kind: .view, name: "y", parent: "root")
    #expect(engine.hierarchy.viewID(ifNamed: "y") == 3)
    #expect(engine.hierarchy.viewID(ifNamed: "a") == 1)
    #expect(throws: LayoutError.duplicateViewName("a")) { try engine.addView(kind: .view, name: "a", parent: "root") }
}

@Test func aStackViewsHelperGuidesAreNotFoundByName() throws {
    let engine = LayoutEngine()
    try engine.addView(kind: .stack, name: "s", parent: "root", properties: [.distribution("equalSpacing")])
    try engine.addView(kind: .view, name: "p", parent: "s")
    let before = engine.hierarchy
    try engine.addView(kind: .view, name: "q", parent: "root")
    #expect(engine.hierarchy.viewID(ifNamed: "q") == 3)
    engine.restore(before)
    // The helpers take the indices after r's, q's among them.
    try engine.addView(kind: .view, name: "r", parent: "s")
    let helpers = engine.hierarchy.view(named: "s")!.stackLayout.helpers
    #expect(helpers == [4, 5])
    #expect(helpers.map { engine.hierarchy.view($0).name } == ["s.spanner", "s.gap1"])
    for id in helpers { #expect(engine.hierarchy.viewID(ifNamed: engine.hierarchy.view(id).name) == nil) }
    #expect(engine.hierarchy.viewID(ifNamed: "q") == nil)
    #expect(engine.hierarchy.viewID(ifNamed: "r") == 3)
}

@Test func constraintNamesFollowTheCopyAsking() throws {
    let engine = LayoutEngine()
    try engine.addView(kind: .view, name: "a", parent: "root")
    let before = engine.hierarchy
    #expect(try engine.addConstraint(spec("a", .width, plus: 10, name: "w")) == "w")
    let withW = engine.hierarchy
    engine.restore(before)
    #expect(engine.hierarchy.constraintIndex(named: "w") == nil)
    #expect(try engine.addConstraint(spec("a", .height, plus: 10)) == "c1")
    #expect(engine.hierarchy.constraintIndex(named: "c1") == 0)
    #expect(engine.hierarchy.constraintIndex(named: "w") == nil)
    #expect(withW.constraintIndex(named: "w") == 0)
    #expect(withW.constraintIndex(named: "c1") == nil)
    // A removed name is free again (automatic names go on counting), and the automatic names
    // step over a taken one.
    try engine.removeConstraints(["c1"])
    #expect(engine.hierarchy.constraintIndex(named: "c1") == nil)
    #expect(try engine.addConstraint(spec("a", .width, plus: 5, name: "c2")) == "c2")
    #expect(try engine.addConstraint(spec("a", .height, plus: 5)) == "c3")
    #expect(try engine.addConstraint(spec("a", .left, .equal, "root", name: "c1")) == "c1")
    #expect(engine.hierarchy.constraintIndex(named: "c1") == 3)
    #expect(engine.hierarchy.constraint(named: "c2")?.constant == 5)
}
