import Testing
@testable import LayoutEngine
import Cassowary
import CassowaryReference

/// Shorthand: `a.width == 10` style specs.
func spec(_ first: String, _ attribute: LayoutAttribute, _ relation: LayoutRelation = .equal,
          _ second: String? = nil, _ secondAttribute: LayoutAttribute? = nil, times multiplier: Double = 1,
          plus constant: Double = 0, at priority: LayoutPriority = .required, name: String? = nil) -> ConstraintSpec {
    ConstraintSpec(name: name, firstItem: first, firstAttribute: attribute, relation: relation,
                   secondItem: second, secondAttribute: secondAttribute ?? (second == nil ? nil : attribute),
                   multiplier: multiplier, constant: constant, priority: priority)
}

func frame(_ engine: LayoutEngine, _ name: String) -> Rect {
    engine.hierarchy.view(named: name)!.frame
}

@Test func smallestScriptPlacesTheView() throws {
    let engine = LayoutEngine()
    try engine.addView(kind: .view, name: "a", parent: "root")
    try engine.addConstraint(spec("a", .width, plus: 10))
    try engine.addConstraint(spec("a", .height, plus: 10))
    try engine.addConstraint(spec("a", .left, .equal, "root"))
    try engine.addConstraint(spec("a", .top, .equal, "root"))
    #expect(engine.hierarchy.needsLayout)
    #expect(frame(engine, "a") == .zero)
    engine.layoutIfNeeded()
    #expect(!engine.hierarchy.needsLayout)
    #expect(frame(engine, "a") == Rect(x: 0, y: 0, width: 10, height: 10))
    #expect(engine.hierarchy.userConstraints.map(\.constraint.name) == ["c1", "c2", "c3", "c4"])
}

@Test func framesAreInTheSuperviewsCoordinates() throws {
    let engine = LayoutEngine()
    try engine.addView(kind: .view, name: "box", parent: "root")
    try engine.addView(kind: .view, name: "inner", parent: "box")
    try engine.addConstraint(spec("box", .leading, .equal, "root", plus: 20))
    try engine.addConstraint(spec("box", .top, .equal, "root", plus: 100))
    try engine.addConstraint(spec("box", .trailing, .equal, "root", plus: -20))
    try engine.addConstraint(spec("box", .height, plus: 200))
    try engine.addConstraint(spec("inner", .leading, .equal, "box", .leadingMargin))
    try engine.addConstraint(spec("inner", .trailing, .equal, "box", .trailingMargin))
    try engine.addConstraint(spec("inner", .centerY, .equal, "root", .centerY))
    try engine.addConstraint(spec("inner", .height, .equal, "box", .height, times: 0.25))
    engine.layoutIfNeeded()
    #expect(frame(engine, "box") == Rect(x: 20, y: 100, width: 350, height: 200))
    // centerY 422 in root is 322 in box; height 50 → top 297.
    #expect(frame(engine, "inner") == Rect(x: 8, y: 297, width: 334, height: 50))
}

/// A label's first baseline is its font's ascender below its top; its last one is measured from
/// its bottom, as UIKit measures it. In a label taller than its text they part: a view on the
/// last baseline of a one-line label 40 high sits 40 − 20.29 = 19.71 points lower than one on its
/// first; at its own height (its line rounded up to the pixel) they are a twentieth of a point apart.
@Test func aLabelsLastBaselineIsMeasuredFromItsBottom() throws {
    let engine = LayoutEngine()
    try engine.addView(kind: .label, name: "tall", parent: "root", properties: [.text("Hello")])
    try engine.addView(kind: .view, name: "first", parent: "root")
    try engine.addView(kind: .view, name: "last", parent: "root")
    try engine.addConstraint(spec("tall", .left, .equal, "root", plus: 8))
    try engine.addConstraint(spec("tall", .top, .equal, "root", plus: 10))
    try engine.addConstraint(spec("tall", .height, plus: 40))
    for name in ["first", "last"] {
        try engine.addConstraint(spec(name, .left, .equal, "root", plus: 100))
        try engine.addConstraint(spec(name, .width, plus: 10))
        try engine.addConstraint(spec(name, .height, plus: 10))
    }
    try engine.addConstraint(spec("first", .bottom, .equal, "tall", .firstBaseline))
    try engine.addConstraint(spec("last", .bottom, .equal, "tall", .lastBaseline))
    engine.layoutIfNeeded()
    let font = Font(.system, size: 17)
    #expect(abs(frame(engine, "first").y - (10 + font.ascender - 10)) < 1e-6)
    #expect(abs(frame(engine, "last").y - (10 + 40 - (font.lineHeight - font.ascender) - 10)) < 1e-6)
    #expect(abs(frame(engine, "last").y - frame(engine, "first").y - (40 - font.lineHeight)) < 1e-5)
    try engine.addView(kind: .label, name: "own", parent: "root", properties: [.text("Hello")])
    try engine.addConstraint(spec("own", .left, .equal, "root", plus: 8))
    try engine.addConstraint(spec("own", .top, .equal, "root", plus: 100))
    engine.layoutIfNeeded()
    let own = engine.hierarchy.view(named: "own")!
    #expect(abs(own.value(of: .lastBaseline) - own.value(of: .firstBaseline) - (Font.roundedUp(font.lineHeight, scale: 3) - font.lineHeight)) < 1e-9)
}

@Test func labelTakesItsSizeFromTheTextMetric() throws {
    let engine = LayoutEngine()
    try engine.addView(kind: .label, name: "title", parent: "root", properties: [.text("Hello")])
    try engine.addView(kind: .label, name: "wide", parent: "root", properties: [.text("日本語"), .font(10)])
    for name in ["title", "wide"] {
        try engine.addConstraint(spec(name, .left, .equal, "root", plus: 8))
        try engine.addConstraint(spec(name, .top, .equal, "root", plus: 8))
    }
    try engine.addConstraint(spec("title", .firstBaseline, .equal, "wide", .firstBaseline))
    engine.layoutIfNeeded()
    // San Francisco at 17 points: H e l l o advance 38.9 points after tracking, rounded up to
    // the third of a point; a line is 20.287 high. A wide character is an em.
    #expect(engine.hierarchy.view(named: "title")!.intrinsicContentSize == (39, Font.roundedUp(17 * 2444 / 2048, scale: 3)))
    #expect(frame(engine, "wide").width == Font.roundedUp(3 * (10 + 10 * FontMetrics.tracking(10) / 1000), scale: 3))
    #expect(frame(engine, "wide").height == Font.roundedUp(10 * 2444 / 2048, scale: 3))
    #expect(engine.hierarchy.view(named: "title")!.huggingH == 251)
    // By the SPEC's fixed metric: 0.5 × 17 × 5 = 42.5 wide, 1.2 × 17 = 20.4 high; 3 wide
    // characters = 6 cells; baselines 0.95 × font below the top.
    try engine.setTextMetric(.fixed)
    engine.layoutIfNeeded()
    #expect(engine.hierarchy.view(named: "title")!.intrinsicContentSize == (42.5, 20.4))
    #expect(frame(engine, "wide").width == 30)
    #expect(frame(engine, "wide").height == 12)
}

@Test func aConflictBreaksTheNewestMember() throws {
    let engine = LayoutEngine()
    try engine.addView(kind: .view, name: "a", parent: "root")
    try engine.addConstraint(spec("a", .width, plus: 100))
    try engine.addConstraint(spec("a", .width, plus: 50))
    let c1 = try #require(engine.hierarchy.constraintRef(named: "c1"))
    let c2 = try #require(engine.hierarchy.constraintRef(named: "c2"))
    #expect(engine.state(of: c2) == .broken)
    #expect(engine.state(of: c1) == .satisfied)
    #expect(engine.conflicts.map { $0.set.map(engine.name) } == [["c1", "c2"]])
    // Deactivate the old one: the broken one holds; reactivate it: it is now the newest.
    try engine.setActive(["c1"], .deactivate)
    #expect(engine.state(of: c2) == .satisfied)
    try engine.setActive(["c1"], .activate)
    #expect(engine.state(of: c1) == .broken)
    engine.layoutIfNeeded()
    #expect(frame(engine, "a").width == 50)
}

@Test func aNegativeWidthIsReportedAlone() throws {
    let engine = LayoutEngine()
    try engine.addView(kind: .view, name: "a", parent: "root")
    try engine.addConstraint(spec("a", .width, plus: -16))
    #expect(engine.conflicts.map { $0.set.map(engine.name) } == [["c1"]])
}

@Test func violatedConstraintNamesWhatForcesIt() throws {
    let engine = LayoutEngine()
    try engine.addView(kind: .view, name: "a", parent: "root")
    try engine.addConstraint(spec("a", .width, plus: 100))
    try engine.addConstraint(spec("a", .width, .equal, plus: 500, at: 250))
    let c2 = try #require(engine.hierarchy.constraintRef(named: "c2"))
    #expect(engine.state(of: c2) == .violated)
    #expect(engine.error(of: c2) == 400)
    #expect(engine.forcedBy(c2).map(engine.name) == ["c1"])
}

@Test func constantAndPriorityChangesReachTheSolver() throws {
    let engine = LayoutEngine()
    try engine.addView(kind: .view, name: "a", parent: "root")
    try engine.addConstraint(spec("a", .width, plus: 100))
    try engine.addConstraint(spec("a", .width, plus: 300, at: 999))
    try engine.setConstant("c1", 120)
    engine.layoutIfNeeded()
    #expect(frame(engine, "a").width == 120)
    try engine.setPriority("c1", 500)
    engine.layoutIfNeeded()
    #expect(frame(engine, "a").width == 300)
    try engine.setPriority("c2", 1000)
    try engine.setPriority("c1", 1000)
    // c1 became required last: it is the newest in the conflict and is broken.
    #expect(engine.conflicts.map { engine.name(of: $0.broken) } == ["c1"])
}

@Test func refusedChangesLeaveEverythingAsItWas() throws {
    let engine = LayoutEngine()
    try engine.addView(kind: .view, name: "a", parent: "root")
    try engine.addConstraint(spec("a", .width, plus: 100))
    let before = engine.hierarchy.allConstraints.map(\.constraint)
    #expect(throws: LayoutError.locationToConstant("a.left")) { try engine.addConstraint(spec("a", .left, plus: 3)) }
    #expect(throws: LayoutError.invalidPairing("a.left", "root.width")) {
        try engine.addConstraint(spec("a", .left, .equal, "root", .width))
    }
    #expect(throws: LayoutError.mixedDirection("a.leading", "root.left")) {
        try engine.addConstraint(spec("a", .leading, .equal, "root", .left))
    }
    #expect(throws: LayoutError.unknownView("b", suggestion: nil)) { try engine.addConstraint(spec("a", .width, .equal, "b")) }
    #expect(throws: LayoutError.outOfRange(what: "constant", value: 2e10)) { try engine.setConstant("c1", 2e10) }
    #expect(throws: LayoutError.invalidPriority(0)) { try engine.setPriority("c1", 0) }
    #expect(throws: LayoutError.multiplierIsReadOnly("c1")) { try engine.setMultiplier("c1", 2) }
    #expect(throws: LayoutError.cannotDeleteRoot) { try engine.deleteView("root") }
    try engine.addView(kind: .view, name: "b", parent: "a")
    #expect(throws: LayoutError.moveIntoOwnSubtree(view: "a", parent: "b")) { try engine.moveView("a", to: "b") }
    #expect(engine.hierarchy.userConstraints.map(\.constraint) == before)
    #expect(engine.hierarchy.userConstraints.map(\.constraint.name) == ["c1"])
}

@Test func autoresizingKeepsFixedMarginsAndSharesTheChange() throws {
    let engine = LayoutEngine()
    try engine.addView(kind: .view, name: "fill", parent: "root",
                       properties: [.autoresizing(true), .mask([.flexibleWidth, .flexibleHeight]),
                                    .frame(Rect(x: 10, y: 20, width: 370, height: 800), within: nil)])
    try engine.addView(kind: .view, name: "mid", parent: "root",
                       properties: [.autoresizing(true), .mask([.flexibleLeftMargin, .flexibleRightMargin]),
                                    .frame(Rect(x: 163, y: 0, width: 64, height: 10), within: nil)])
    engine.layoutIfNeeded()
    #expect(frame(engine, "fill") == Rect(x: 10, y: 20, width: 370, height: 800))
    try engine.setProperty(.frame(Rect(x: 0, y: 0, width: 490, height: 944), within: nil), of: "root")
    engine.layoutIfNeeded()
    #expect(frame(engine, "fill") == Rect(x: 10, y: 20, width: 470, height: 900))
    // Both margins flexible: the view stays centred (163 of 326 free points → 213 of 426).
    #expect(frame(engine, "mid") == Rect(x: 213, y: 0, width: 64, height: 10))
    let x = try #require(engine.hierarchy.constraint(named: "mid.autoresizing.x") ?? engine.hierarchy.constraint(.system(2, .autoresizingX)))
    #expect(engine.hierarchy.text(of: x) == "mid.minX == 0.5 * root.width - 32")
}

@Test func ambiguityAndExercise() throws {
    let engine = LayoutEngine()
    try engine.addView(kind: .view, name: "a", parent: "root")
    try engine.addConstraint(spec("a", .width, plus: 10))
    try engine.addConstraint(spec("a", .height, .greaterThanOrEqual, plus: 10))
    try engine.addConstraint(spec("a", .top, .equal, "root"))
    let id = engine.hierarchy.view(named: "a")!.id
    #expect(engine.ambiguousComponents(of: id) == [.x, .height])
    let moved = try engine.exerciseAmbiguity(of: "a")
    #expect(moved.before.x != moved.after.x)
    try engine.addConstraint(spec("a", .left, .equal, "root"))
    #expect(engine.ambiguousComponents(of: id) == [.height])
}

@Test func deletingAViewTakesItsConstraints() throws {
    let engine = LayoutEngine()
    try engine.addView(kind: .view, name: "a", parent: "root")
    try engine.addView(kind: .view, name: "b", parent: "a")
    try engine.addConstraint(spec("b", .width, .equal, "root"))
    try engine.addConstraint(spec("a", .width, plus: 5))
    try engine.deleteView("a")
    #expect(engine.hierarchy.userConstraints.isEmpty)
    #expect(engine.hierarchy.viewNames == ["root"])
}

@Test func theNearestCommonAncestorIsFoundWithoutWalkingToRoot() throws {
    // root ─ a ─ a1 ─ a11,  root ─ b,  and a chain 3,000 deep under b.
    let e = LayoutEngine()
    for (name, parent) in [("a", "root"), ("a1", "a"), ("a11", "a1"), ("a2", "a"), ("b", "root")] {
        try e.addView(kind: .view, name: name, parent: parent)
    }
    var parent = "b"
    for i in 0..<3000 {
        try e.addView(kind: .view, name: "d\(i)", parent: parent)
        parent = "d\(i)"
    }
    let h = e.hierarchy
    let id = { (name: String) in h.viewID(ifNamed: name)! }
    let cases: [(String, String, String)] = [
        ("a11", "a11", "a11"), ("a11", "a1", "a1"), ("a1", "a11", "a1"), ("a11", "a2", "a"), ("a2", "a11", "a"),
        ("a11", "b", "root"), ("d2999", "a11", "root"), ("d2999", "d2998", "d2998"), ("d10", "d2999", "d10"),
        ("root", "d2999", "root"), ("b", "d0", "b"),
    ]
    for (x, y, expected) in cases {
        #expect(h.commonAncestor(id(x), id(y)) == id(expected), "\(x), \(y)")
    }
}

@Test func aChunkedArrayIsAnArrayWhoseCopiesShareUnchangedChunks() {
    // Past two groups of 4,096, with sets in every level; a copy does not see later changes.
    var chunked = ChunkedArray<Int>()
    var plain: [Int] = []
    var rng = SeededGenerator(seed: 99)
    for k in 0..<9_000 {
        chunked.append(k)
        plain.append(k)
    }
    let copy = chunked
    for _ in 0..<2_000 {
        let index = Int.random(in: 0..<plain.count, using: &rng)
        let value = Int.random(in: 0..<1_000_000, using: &rng)
        chunked[index] = value
        plain[index] = value
    }
    chunked.append(-1)
    plain.append(-1)
    #expect(Array(chunked) == plain)
    #expect(chunked.count == 9_001)
    #expect(Array(copy) == Array(0..<9_000))
}

/// `installedRequiredEqualities(touching:)` finds, in listing order, every required equality
/// in the solver between views of the set: user, system and stack constraints, and one between
/// a view and its ancestor (whose position cancels out of it); no inequality, no optional one.
@Test func theRequiredEqualitiesBetweenSomeViewsAreFoundInListingOrder() throws {
    let engine = LayoutEngine()
    try engine.addView(kind: .stack, name: "s", parent: "root")
    try engine.addView(kind: .label, name: "a", parent: "s", properties: [.text("A")])
    try engine.addView(kind: .label, name: "b", parent: "s", properties: [.text("B")])
    try engine.addView(kind: .view, name: "box", parent: "root")
    try engine.addView(kind: .view, name: "inner", parent: "box")
    try engine.addView(kind: .view, name: "free", parent: "root")
    try engine.addConstraint(spec("a", .width, plus: 40))
    try engine.addConstraint(spec("inner", .leading, .equal, "box", name: "edge"))
    try engine.addConstraint(spec("inner", .width, .equal, "box", name: "same"))
    try engine.addConstraint(spec("inner", .height, .lessThanOrEqual, "box", name: "within"))
    try engine.addConstraint(spec("inner", .top, .equal, "box", at: 500, name: "soft"))
    try engine.addConstraint(spec("box", .top, .equal, "free", .bottom, name: "below"))
    try engine.setProperty(.autoresizing(true), of: "free")
    let h = engine.hierarchy
    for names in [["a", "b", "s"], ["box", "inner"], ["box", "inner", "free"], ["a"], ["free", "box"]] {
        let ids = try names.map { try h.viewID(named: $0) }
        let found = engine.installedRequiredEqualities(touching: ids)
        // Every required equality among these views that the solver holds, in listing order.
        let between = h.allConstraints.filter { ref, constraint in
            constraint.items.allSatisfy(ids.contains) && engine.state(of: ref) == .satisfied
                && constraint.isRequired && constraint.relation == .equal
        }.map(\.ref)
        #expect(between.allSatisfy(found.contains), "\(names)")
        #expect(found.filter(between.contains) == between, "\(names)")
        #expect(found.allSatisfy { h.constraint($0)!.isRequired && h.constraint($0)!.relation == .equal }, "\(names)")
        // Each once, none outside the solver.
        #expect(Set(found).count == found.count)
    }
    let pair = try engine.installedRequiredEqualities(touching: [h.viewID(named: "box"), h.viewID(named: "inner")]).map(engine.name)
    #expect(pair.contains("edge") && pair.contains("same") && pair.contains("below"))
    #expect(!pair.contains("within") && !pair.contains("soft"))
}

/// Conflict sets, explanations and competing constraints are listed in activation order, each
/// constraint once, however often the solver names it.
@Test func refsComeInActivationOrderEachOnce() throws {
    let engine = LayoutEngine()
    try engine.addView(kind: .view, name: "a", parent: "root")
    try engine.addConstraint(spec("a", .width, plus: 10, name: "first"))
    try engine.addConstraint(spec("a", .height, plus: 10, name: "second"))
    try engine.setActive(["first"], .deactivate)
    try engine.setActive(["first"], .activate)  // now the newest
    let h = engine.hierarchy
    let first = ConstraintRef.user(0), second = ConstraintRef.user(1)
    #expect(h.constraint(first)?.name == "first")
    let width = ConstraintRef.system(try h.viewID(named: "a"), .nonNegativeWidth)
    let ordered = engine.inActivationOrder([first, second, first, width, second, first])
    #expect(ordered == [width, second, first])
}

/// A move synchronises only the constraints that touch the moved subtree (nothing for a move
/// among siblings): after each random move, a full synchronisation of the same engine finds
/// every constraint installed as it was, and the same ones broken.
@Test(arguments: 0..<12) func aMoveLeavesTheSolverAsAFullSynchronisationWould(seed: Int) throws {
    var rng = SeededGenerator(seed: UInt64(seed) &* 104_729 &+ 3)
    let engine = LayoutEngine()
    var names = ["root"]
    for i in 0..<14 {
        let kind: ViewKind = [.view, .view, .label, .stack][Int.random(in: 0..<4, using: &rng)]
        let parent = names.randomElement(using: &rng)!
        let properties: [ViewProperty] = kind == .label ? [.text("L\(i)")] : []
        try engine.addView(kind: kind, name: "v\(i)", parent: parent, properties: properties)
        if Bool.random(using: &rng) { try engine.setProperty(.autoresizing(true), of: "v\(i)") }
        names.append("v\(i)")
    }
    let attributes: [LayoutAttribute] = [.leading, .trailing, .top, .bottom, .width, .height, .centerX, .centerY]
    for _ in 0..<24 {
        let a = names.dropFirst().randomElement(using: &rng)!, b = names.randomElement(using: &rng)!
        let attribute = attributes.randomElement(using: &rng)!
        let relation: LayoutRelation = [.equal, .lessThanOrEqual, .greaterThanOrEqual].randomElement(using: &rng)!
        let priority: LayoutPriority = [.required, .required, 750, 250].randomElement(using: &rng)!
        try? engine.addConstraint(spec(a, attribute, relation, b, plus: Double(Int.random(in: -40...40, using: &rng)), at: priority))
    }
    func solverState() -> (installed: [ConstraintRef: Constraint], broken: Set<ConstraintRef>) {
        (Dictionary(uniqueKeysWithValues: engine.link.installed.map { ($0.key, $0.value.compiled) }), Set(engine.broken.keys))
    }
    for step in 0..<30 {
        let view = names.dropFirst().randomElement(using: &rng)!
        let id = try engine.hierarchy.viewID(named: view)
        let sibling = Bool.random(using: &rng)
        let parent = sibling ? engine.hierarchy.view(engine.hierarchy.view(id).parent!).name : names.randomElement(using: &rng)!
        let count = engine.hierarchy.view(named: parent)?.children.count ?? 1
        let index = sibling ? Int.random(in: 0...max(0, count - 1), using: &rng) : nil
        guard (try? engine.moveView(view, to: parent, at: index, keepingConstraints: Bool.random(using: &rng))) != nil else { continue }
        let incremental = solverState()
        engine.pending.needsFullSync = true
        try engine.synchronize()
        let full = solverState()
        #expect(incremental.installed == full.installed, "seed \(seed), step \(step): move \(view) to \(parent)")
        #expect(incremental.broken == full.broken, "seed \(seed), step \(step): move \(view) to \(parent)")
    }
}

/// Every form a constraint's text takes: multiplier, signs of the constant, a constant alone,
/// a priority (whole and fractional), a view whose name is long (not stored inline).
@Test func constraintTextInEveryForm() throws {
    let engine = LayoutEngine()
    try engine.addView(kind: .view, name: "a", parent: "root")
    try engine.addView(kind: .view, name: "a_rather_long_view_name_for_the_text", parent: "root")
    let h = engine.hierarchy
    let long = try #require(h.view(named: "a_rather_long_view_name_for_the_text")).id
    let a = try #require(h.view(named: "a")).id
    func make(_ second: Anchor?, _ multiplier: Double, _ constant: Double, _ priority: LayoutPriority, _ relation: LayoutRelation = .equal) -> LayoutConstraint {
        LayoutConstraint(name: "c", first: Anchor(item: a, attribute: .width), relation: relation, second: second,
                         multiplier: multiplier, constant: constant, priority: priority, origin: .user, stamp: 0)
    }
    let other = Anchor(item: long, attribute: .height)
    #expect(h.text(of: make(other, 1, 0, .required)) == "a.width == a_rather_long_view_name_for_the_text.height")
    #expect(h.text(of: make(other, 0.5, -32, .required)) == "a.width == 0.5 * a_rather_long_view_name_for_the_text.height - 32")
    #expect(h.text(of: make(other, 2, 8.25, 750, .greaterThanOrEqual)) == "a.width >= 2 * a_rather_long_view_name_for_the_text.height + 8.25 @750")
    #expect(h.text(of: make(nil, 1, -4, 999.5, .lessThanOrEqual)) == "a.width <= -4 @999.5")
    #expect(h.text(of: make(nil, 1, 0.1, .required), exact: true) == "a.width == 0.1")
    #expect(h.text(of: make(nil, 1, 1.0 / 3, .required)) == "a.width == 0.333333")
    #expect(h.text(of: make(nil, 1, 1.0 / 3, .required), exact: true) == "a.width == 0.3333333333333333")
    #expect(h.describe(other) == "a_rather_long_view_name_for_the_text.height")
}

/// Suggestions skip candidates that cannot be closer and stop comparisons early; they must
/// pick exactly what comparing every candidate in full picks (the first of the closest within
/// the limit), on random words and lists.
@Test func closestMatchAgreesWithTheFullComparison() {
    func full(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                var value = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { value = min(value, table[i - 2][j - 2] + 1) }
                table[i][j] = value
            }
        }
        return table[a.count][b.count]
    }
    func reference(_ word: String, _ candidates: [String]) -> String? {
        let limit = word.count <= 2 ? 0 : word.count <= 4 ? 1 : 2 + (word.count - 5) / 4
        var best: (String, Int)?
        for candidate in candidates {
            let distance = full(Array(word.lowercased()), Array(candidate.lowercased()))
            if distance <= limit, best == nil || distance < best!.1 { best = (candidate, distance) }
        }
        return best?.0
    }
    var generator = SystemRandomNumberGenerator()
    let letters: [Character] = ["a", "b", "c", "W", "é", "İ"]
    func word(_ length: Int) -> String { String((0..<length).map { _ in letters.randomElement(using: &generator)! }) }
    var found = 0
    for _ in 0..<3_000 {
        let typed = word(Int.random(in: 0...12, using: &generator))
        var candidates = (0..<Int.random(in: 0...8, using: &generator)).map { _ in word(Int.random(in: 0...12, using: &generator)) }
        // Near misses too: the word with a letter changed and another dropped, put anywhere.
        var near = Array(typed)
        if !near.isEmpty { near[Int.random(in: 0..<near.count, using: &generator)] = letters.randomElement(using: &generator)! }
        if near.count > 1 { near.remove(at: Int.random(in: 0..<near.count, using: &generator)) }
        candidates.insert(String(near), at: Int.random(in: 0...candidates.count, using: &generator))
        let expected = reference(typed, candidates)
        #expect(closestMatch(to: typed, in: candidates) == expected, "\(typed) in \(candidates)")
        if expected != nil { found += 1 }
        let a = word(Int.random(in: 0...9, using: &generator)), b = word(Int.random(in: 0...9, using: &generator))
        #expect(editDistance(a, b) == full(Array(a), Array(b)), "\(a) \(b)")
    }
    #expect(found > 1_000)
    #expect(closestMatch(to: "widht", in: ["height", "width", "widths"]) == "width")
    #expect(closestMatch(to: "lyout", in: ["layout", "lay"]) == "layout")
    #expect(closestMatch(to: String(repeating: "x", count: 10_000), in: ["layout"]) == nil)
}

/// `fittingHeightOfRoot` is UIKit's `systemLayoutSizeFitting` of root at its width: the
/// lowest height its constraints allow, at priority 50, with every stronger wish kept; the
/// engine itself is left as it was.
@Test func rootsFittingHeightIsTheLowestItsConstraintsAllow() throws {
    let engine = LayoutEngine()
    try engine.setTextMetric(.fixed)
    try engine.addView(kind: .label, name: "title", parent: "root", properties: [.text("Hello")])
    try engine.addView(kind: .view, name: "box", parent: "root")
    try engine.addConstraint(spec("title", .top, .equal, "root", plus: 12))
    try engine.addConstraint(spec("title", .leading, .equal, "root", plus: 16))
    try engine.addConstraint(spec("box", .top, .equal, "title", .bottom, plus: 8))
    try engine.addConstraint(spec("box", .leading, .equal, "root"))
    try engine.addConstraint(spec("box", .width, .equal, "root", .width))
    // Half as high as it is wide, at 750: kept before the height's wish at 50.
    try engine.addConstraint(spec("box", .height, .equal, "box", .width, times: 0.5, at: .defaultHigh))
    try engine.addConstraint(spec("box", .bottom, .lessThanOrEqual, "root", plus: -10))
    engine.layoutIfNeeded()
    let before = (engine.hierarchy.root.frame, frame(engine, "box"), engine.hierarchy.constraints.count, engine.generation)
    // 12 + 20.4 (a 17-point line of the fixed metric) + 8 + 195 + 10.
    let expected: Double = 12 + 20.4 + 8 + 195 + 10
    let fitted = try #require(engine.fittingHeightOfRoot())
    #expect(abs(fitted - expected) < 1e-9)
    #expect(engine.hierarchy.root.frame == before.0)
    #expect(frame(engine, "box") == before.1)
    #expect(engine.hierarchy.constraints.count == before.2)
    #expect(engine.generation == before.3)
    // Nothing below the content: the height goes to zero.
    try engine.setActive(["c7"], .deactivate)
    #expect(engine.fittingHeightOfRoot() == 0)
}
