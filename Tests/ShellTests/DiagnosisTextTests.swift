import Testing
@testable import Shell
import LayoutEngine

/// The one renderer of the diagnostics' data: each fix, reason and pin in words.

func engineForWords() throws -> LayoutEngine {
    let e = LayoutEngine()
    try e.addView(kind: .label, name: "title", parent: "root", properties: [.text("Hello")])
    try e.addView(kind: .view, name: "box", parent: "root")
    try e.addConstraint(ConstraintSpec(name: "w", firstItem: "box", firstAttribute: .width, relation: .equal, constant: 10))
    return e
}

@Test func everyFixReadsAsTheCommandThatMakesIt() throws {
    let e = try engineForWords()
    let words = DiagnosisText(engine: e)
    let title = try e.hierarchy.viewID(named: "title"), box = try e.hierarchy.viewID(named: "box")
    let w = e.hierarchy.constraintRef(named: "w")!
    #expect(words.text(Fix.deactivate(w)) == "deactivate w   (or: priority w 999)")
    #expect(words.text(Fix.priority(w, 749)) == "priority w 749")
    #expect(words.text(Fix.contentPriority(title, .compressionH, 999)) == "set title.compression.h = 999")
    #expect(words.text(Fix.autoresizingOff(box)) == "set box.autoresizing = off   (then constrain box yourself)")
    #expect(words.text(Fix.unhide(box)) == "set box.hidden = false   (or lower the hidden view's own constraints to 999)")
    #expect(words.text(Fix.changeStack(box, identifiers: ["UISV-spacing", "UISV-canvas-connection"]))
        == "change stack view box's distribution, alignment, spacing or arranged views   (its UISV-spacing, UISV-canvas-connection take part)")
    #expect(words.fixLines([]) == ["No single change to this set resolves it: other conflicts hold it too."])
}

@Test func everyReasonAndPinReadsInUIKitsWords() throws {
    let e = try engineForWords()
    let words = DiagnosisText(engine: e)
    let box = try e.hierarchy.viewID(named: "box")
    let w = e.hierarchy.constraintRef(named: "w")!
    let reasons: [(AmbiguityReason, String)] = [
        (.positionFree(box, .horizontal), "nothing fixes box's horizontal position (x is free, its width is fixed)"),
        (.sizeFree(box, .vertical), "box's top edge is fixed but its height is free"),
        (.farEdgeFixed(box, .horizontal, at: 300), "box's trailing edge is fixed at 300 but its leading edge and width move together"),
        (.centerFixed(box, .vertical, at: 50.5), "box's centerY is fixed at 50.5 but its height is free"),
        (.neitherFixed(box, .vertical), "neither box's y nor its height is fixed"),
        (.onlyBounded(ComponentRef(view: box, component: .width), by: [w]), "box.width is only bounded, by w"),
        (.competing([w, w], priorities: [250, 999.5]), "w, w compete at priority 250, 999.5: the optimum does not say which gives way"),
    ]
    for (reason, text) in reasons { #expect(words.text(reason) == text) }
    let pins: [(Pin, String)] = [
        (.addPosition(box, .horizontal), "add a leading, trailing or centerX constraint to box"),
        (.addSizeOrFarEdge(box, .vertical), "add a height constraint to box, or pin its bottom"),
        (.addSizeOrNearEdge(box, .horizontal), "add a width or leading constraint to box"),
        (.addSize(box, .vertical), "add a height constraint to box"),
        (.addNearEdgeAndSize(box, .horizontal), "add a leading and a width constraint to box (or two edges)"),
        (.reprioritise(.priority(w, 749)), "give one of them another priority, e.g. priority w 749"),
    ]
    for (pin, text) in pins { #expect(words.text(pin) == text) }
}

@Test func aChainIsAlignedAndSaysWhatEachStepSets() throws {
    let e = try engineForWords()
    let words = DiagnosisText(engine: e)
    let box = try e.hierarchy.viewID(named: "box")
    let w = e.hierarchy.constraintRef(named: "w")!
    let chain = Chain(steps: [
        ChainStep(ref: w, sets: Setting(component: ComponentRef(view: box, component: .width), value: -16, atLimit: true)),
        ChainStep(ref: w, sets: nil, shortfall: 126),
        ChainStep(ref: w, sets: nil, shortfall: 0),
    ], unordered: [w])
    #expect(words.lines(chain) == [
        "  w: box.width == 10   box.width = -16 (at its limit), but a width is never negative",
        "  w: box.width == 10   cannot hold: off by 126",
        "  w: box.width == 10   holds only at its limit",
        "  and, holding only together with the above:",
        "    w: box.width == 10",
    ])
}

/// A violated constraint is explained by what decides it: the bound on its side. A label held at
/// its text's width has hugging and compression both at their limits; a wish to grow is held off
/// by hugging, a wish to shrink by compression, and with the hugging below the wish the label
/// grows and the hugging is the one violated.
@Test(arguments: [
    ("c3: title.width == 500 @low", """
        violated c3: title.width == 500 @250, off by 457.5, because this holds before it:
          title.hugging.h: title.width <= 42.5 @251 (content hugging)   title.width = 42.5 (at its limit)
        """),
    ("c3: title.width >= 500 @low", """
        violated c3: title.width >= 500 @250, short by 457.5, because this holds before it:
          title.hugging.h: title.width <= 42.5 @251 (content hugging)   title.width = 42.5 (at its limit)
        """),
    ("c3: title.width == 10 @low", """
        violated c3: title.width == 10 @250, off by 32.5, because title.width = 42.5, from:
          title.compression.h: title.width >= 42.5 @750 (compression resistance)   title.width = 42.5 (at its limit)
        """),
    ("c3: title.width <= 10 @999", """
        violated title.compression.h: title.width >= 42.5 @750 (compression resistance), short by 32.5, because title.width = 10, from:
          c3: title.width <= 10 @999   title.width = 10 (at its limit)
        """),
    ("set title.hugging.h = 249; c3: title.width == 500 @low", """
        violated title.hugging.h: title.width <= 42.5 @249 (content hugging), over by 457.5, because title.width = 500, from:
          c3: title.width == 500 @250   title.width = 500
        """),
])
func aViolationIsBlamedOnTheBoundThatDecidesIt(change: String, expected: String) {
    let sink = BufferSink()
    let session = Session(sink: sink)
    #expect(session.run(line: "set textMetric = fixed; new label title text=\"Hello\"; title.leading == root.leading; title.top == root.top + 20; \(change); layout") == .succeeded)
    let before = sink.output.count
    // (`all`: a label stretched past its text is otherwise one line at the end.)
    #expect(session.run(line: "conflicts all") == .succeeded)
    #expect(String(sink.output.dropFirst(before)) == expected + "\n")
}
