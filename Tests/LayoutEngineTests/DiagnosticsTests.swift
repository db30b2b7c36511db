import Testing
@testable import LayoutEngine

/// UIKit-format descriptions, conflict chains and fixes, ambiguity reasons, explanations.
@Suite struct DiagnosticsTests {
    /// (By the SPEC's fixed text metric: the expected amounts are worked out by hand.)
    func engine(_ build: (LayoutEngine) throws -> Void) throws -> LayoutEngine {
        let engine = LayoutEngine()
        try engine.setTextMetric(.fixed)
        try build(engine)
        engine.layoutIfNeeded()
        return engine
    }

    func description(_ engine: LayoutEngine, _ name: String) -> String {
        engine.hierarchy.uikitDescription(of: engine.hierarchy.constraintRef(named: name)!)
    }

    @Test func aStandingConflictIsTriedAgainOnlyWhenItsSetChanges() throws {
        // 40 views side by side, 10 wide each, then the last one's trailing edge at 5.
        let e = try engine { e in
            try e.addView(kind: .view, name: "v0", parent: "root")
            try e.addConstraint(spec("v0", .leading, .equal, "root", name: "l0"))
            try e.addConstraint(spec("v0", .width, plus: 10, name: "w0"))
            for i in 1..<40 {
                try e.addView(kind: .view, name: "v\(i)", parent: "root")
                try e.addConstraint(spec("v\(i)", .leading, .equal, "v\(i - 1)", .trailing, name: "l\(i)"))
                try e.addConstraint(spec("v\(i)", .width, plus: 10, name: "w\(i)"))
            }
            try e.addView(kind: .view, name: "z", parent: "root")
            try e.addConstraint(spec("v39", .trailing, .equal, "root", .leading, plus: 5, name: "clash"))
        }
        let ref = { (name: String) in e.hierarchy.constraintRef(named: name)! }
        let clash = ref("clash")
        // Every link, the first width (the others only need to be at least 0), and the clash.
        #expect(Set(e.broken[clash] ?? []) == Set((0..<40).map { ref("l\($0)") } + [ref("w0"), clash]))
        let brokenAt = e.breaking.brokenAt[clash]
        // Changes elsewhere leave it standing without diagnosing it again.
        try e.addConstraint(spec("z", .width, plus: 5, name: "zw"))
        try e.setConstant("zw", 6)
        #expect(e.breaking.brokenAt[clash] == brokenAt)
        #expect(e.state(of: clash) == .broken)
        // A member that changes loosens it: tried again, it still cannot hold, and is broken anew.
        try e.setConstant("w0", 9)
        #expect(e.breaking.brokenAt[clash] != brokenAt)
        #expect(e.state(of: clash) == .broken)
        // A member that goes lets it hold.
        try e.setActive(["l20"], .deactivate)
        e.layoutIfNeeded()
        #expect(e.state(of: clash) == .satisfied)
        #expect(e.hierarchy.view(named: "v39")!.frame.x == -5)
    }

    @Test func constraintDescriptionsFollowUIKitsGrammar() throws {
        let e = try engine { e in
            try e.addView(kind: .label, name: "title", parent: "root", properties: [.text("Hello")])
            try e.addView(kind: .label, name: "long", parent: "root", properties: [.text("Orange Membership\nFor someone")])
            try e.addView(kind: .view, name: "box", parent: "root")
            try e.addConstraint(spec("title", .leading, .equal, "root", plus: 20, name: "lead"))
            try e.addConstraint(spec("long", .leading, .greaterThanOrEqual, "title", .trailing, plus: 8, name: "gap"))
            try e.addConstraint(spec("root", .trailing, .equal, "long", plus: 16, at: 999, name: "tail"))
            try e.addConstraint(spec("box", .width, .equal, "title", .width, times: 0.5, plus: -4, name: "half"))
            try e.addConstraint(spec("box", .height, plus: -16, name: "negative"))
            try e.addConstraint(spec("box", .left, .equal, "root", name: "left"))
            try e.addConstraint(spec("box", .top, .equal, "root", .topMargin, at: 750, name: "top"))
        }
        #expect(description(e, "lead") == "<NSLayoutConstraint:0x600000000010 'lead' H:|-(20)-[UILabel:0x7f8000000100'Hello']   (active, names: '|':UIView:0x7f8000000000'root' )>")
        #expect(description(e, "gap") == "<NSLayoutConstraint:0x600000000020 'gap' H:[UILabel:0x7f8000000100'Hello']-(>=8)-[UILabel:0x7f8000000200'Orange Membership\\nFor som...']   (active)>")
        #expect(description(e, "tail") == "<NSLayoutConstraint:0x600000000030 'tail' H:[UILabel:0x7f8000000200'Orange Membership\\nFor som...']-(16@999)-|   (active, names: '|':UIView:0x7f8000000000'root' )>")
        #expect(description(e, "half") == "<NSLayoutConstraint:0x600000000040 'half' UIView:0x7f8000000300'box'.width == 0.5*UILabel:0x7f8000000100'Hello'.width - 4   (active)>")
        #expect(description(e, "negative") == "<NSLayoutConstraint:0x600000000050 'negative' UIView:0x7f8000000300'box'.height == - 16   (active)>")
        #expect(description(e, "left") == "<NSLayoutConstraint:0x600000000060 'left' H:|-(0)-[UIView:0x7f8000000300'box'](LTR)   (active, names: '|':UIView:0x7f8000000000'root' )>")
        #expect(description(e, "top") == "<NSLayoutConstraint:0x600000000070 'top' UIView:0x7f8000000300'box'.top == UIView:0x7f8000000000'root'.topMargin priority:750   (active)>")
        #expect(description(e, "title.hugging.h") == "<NSContentSizeLayoutConstraint:0x600100000110 UILabel:0x7f8000000100'Hello'.width == 42.5 Hug:251 CompressionResistance:750   (active)>")
        #expect(description(e, "title.compression.h") == description(e, "title.hugging.h"))
    }

    @Test func autoresizingConstraintsCarryTheMaskAccessory() throws {
        let e = try engine { e in
            try e.addView(kind: .view, name: "panel", parent: "root")
            try e.setProperty(.frame(Rect(x: 10, y: 20, width: 100, height: 50), within: nil), of: "panel")
            try e.setProperty(.autoresizing(true), of: "panel")
        }
        #expect(description(e, "panel.autoresizing.x") == "<NSAutoresizingMaskLayoutConstraint:0x600100000170 h=--& v=--& UIView:0x7f8000000100'panel'.minX == 10   (active)>")
        #expect(description(e, "panel.autoresizing.height") == "<NSAutoresizingMaskLayoutConstraint:0x6001000001a0 h=--& v=--& UIView:0x7f8000000100'panel'.height == 50   (active)>")
    }

    @Test func numbersPrintAsPercentG() {
        #expect(uikitNumber(112.33333333) == "112.333")
        #expect(uikitNumber(0.5714285714) == "0.571429")
        #expect(uikitNumber(-32.03240001) == "-32.0324")
        #expect(uikitNumber(844) == "844")
        #expect(uikitNumber(0) == "0")
    }

    /// Two widths on a label pinned to both edges: the set, the broken one, the chain, the fixes.
    func pinnedLabel() throws -> LayoutEngine {
        try engine { e in
            try e.addView(kind: .label, name: "title", parent: "root", properties: [.text("Hello")])
            try e.addConstraint(spec("title", .leading, .equal, "root", plus: 8, name: "c1"))
            try e.addConstraint(spec("title", .width, plus: 500, name: "c2"))
            try e.addConstraint(spec("title", .trailing, .equal, "root", plus: -8, name: "c3"))
            try e.addConstraint(spec("title", .top, .equal, "root", plus: 20, name: "c4"))
        }
    }

    @Test func aConflictReadsAsAChainFromRoot() throws {
        let e = try pinnedLabel()
        let reports = e.diagnostics.conflictReports()
        #expect(reports.count == 1)
        let report = reports[0]
        let h = e.hierarchy
        #expect(report.broken == h.constraintRef(named: "c3"))
        #expect(report.set.map(e.name(of:)) == ["c1", "c2", "c3"])
        #expect(report.chain.steps.map { e.name(of: $0.ref) } == ["c1", "c2", "c3"])
        #expect(settings(e, report.chain) == ["title.x = 8", "title.width = 500", nil])
        #expect(report.chain.steps.last?.shortfall == 126)
        #expect(report.chain.unordered.isEmpty)
        #expect(report.resolving.map(e.name(of:)) == ["c1", "c2", "c3"])
        let refs = ["c1", "c2", "c3"].map { h.constraintRef(named: $0)! }
        #expect(report.fixes == refs.map(Fix.deactivate))
    }

    @Test func theUIKitMessageHasItsExactShape() throws {
        let e = try pinnedLabel()
        let report = e.diagnostics.conflictReports()[0]
        let message = e.hierarchy.unsatisfiableMessage(set: Array(report.set.prefix(2)), broken: report.set[1])
        #expect(message == """
        [LayoutConstraints] Unable to simultaneously satisfy constraints.
        \tProbably at least one of the constraints in the following list is one you don't want. \n\tTry this: \n\t\t(1) look at each constraint and try to figure out which you don't expect; \n\t\t(2) find the code that added the unwanted constraint or constraints and fix it. 
        (
            "<NSLayoutConstraint:0x600000000010 'c1' H:|-(8)-[UILabel:0x7f8000000100'Hello']   (active, names: '|':UIView:0x7f8000000000'root' )>",
            "<NSLayoutConstraint:0x600000000020 'c2' UILabel:0x7f8000000100'Hello'.width == 500   (active)>"
        )

        Will attempt to recover by breaking constraint 
        <NSLayoutConstraint:0x600000000020 'c2' UILabel:0x7f8000000100'Hello'.width == 500   (active)>

        Make a symbolic breakpoint at UIViewAlertForUnsatisfiableConstraints to catch this in the debugger.
        The methods in the UIConstraintBasedLayoutDebugging category on UIView listed in <UIKitCore/UIView.h> may also be helpful.
        """)
    }

    @Test func aFixIsOfferedOnlyWhenItResolvesTheConflict() throws {
        // c2 conflicts with c1, and would also conflict with c3 if c1 went: removing c1 alone
        // does not let c2 hold.
        let e = try engine { e in
            try e.addView(kind: .view, name: "a", parent: "root")
            try e.addConstraint(spec("a", .width, plus: 100, name: "c1"))
            try e.addConstraint(spec("a", .width, .lessThanOrEqual, plus: 150, name: "c3"))
            try e.addConstraint(spec("a", .width, plus: 200, name: "c2"))
        }
        let report = e.diagnostics.conflictReports()[0]
        #expect(e.name(of: report.broken) == "c2")
        #expect(Set(report.set.map(e.name(of:))) == ["c1", "c2"])
        #expect(report.resolving.map(e.name(of:)) == ["c2"])
        #expect(report.fixes == [.deactivate(report.broken)])
    }

    @Test func aNegativeWidthSaysWhy() throws {
        let e = try engine { e in
            try e.addView(kind: .view, name: "a", parent: "root")
            try e.addConstraint(spec("a", .width, plus: -16, name: "minus"))
        }
        let report = e.diagnostics.conflictReports()[0]
        #expect(report.set.map(e.name(of:)) == ["minus"])
        #expect(settings(e, report.chain) == ["a.width = -16 (negative)"])
    }

    @Test func aViolationIsExplainedByWhatForcesIt() throws {
        let e = try pinnedLabel()
        let hugging = e.hierarchy.constraintRef(named: "title.hugging.h")!
        #expect(e.state(of: hugging) == .violated)
        let forcers = e.forcedBy(hugging)
        #expect(forcers.map(e.name(of:)) == ["c2"])
        let chain = e.diagnostics.chain(forcers + [hugging], target: hugging)
        #expect(settings(e, chain) == ["title.width = 500", nil])
        #expect(chain.steps.last?.shortfall == 457.5)
    }

    @Test func explainWalksFromRootToTheComponent() throws {
        let e = try engine { e in
            try e.addView(kind: .view, name: "a", parent: "root")
            try e.addView(kind: .view, name: "b", parent: "root")
            try e.addConstraint(spec("a", .leading, .equal, "root", plus: 20, name: "aLead"))
            try e.addConstraint(spec("b", .leading, .equal, "a", .trailing, plus: 10, name: "gap"))
            try e.addConstraint(spec("a", .width, plus: 100, name: "aWidth"))
            try e.addConstraint(spec("b", .width, plus: 30, name: "bWidth"))
        }
        let b = try e.hierarchy.viewID(named: "b")
        let x = e.explain(b, attribute: .leading)
        #expect(x.chain.steps.map { e.name(of: $0.ref) } == ["aLead", "aWidth", "gap"])
        #expect(settings(e, x.chain) == ["a.x = 20", "a.width = 100", "b.x = 130"])
        #expect(!x.isFree)
        let y = e.explain(b, attribute: .top)
        #expect(y.chain.steps.isEmpty && y.isFree)
    }

    @Test func ambiguityNamesTheFreeDirectionAndWhatPinsIt() throws {
        let e = try engine { e in
            try e.addView(kind: .view, name: "box", parent: "root")
            try e.addConstraint(spec("box", .top, .equal, "root", plus: 100))
            try e.addConstraint(spec("box", .height, .greaterThanOrEqual, plus: 10, name: "atLeast"))
            try e.addConstraint(spec("box", .width, plus: 50))
        }
        let report = e.ambiguityReport(try e.hierarchy.viewID(named: "box"))!
        #expect(report.components == [.x, .height])
        let box = try e.hierarchy.viewID(named: "box")
        #expect(report.reasons == [
            .positionFree(box, .horizontal),
            .sizeFree(box, .vertical),
            .onlyBounded(ComponentRef(view: box, component: .height), by: [e.hierarchy.constraintRef(named: "atLeast")!]),
        ])
        #expect(report.pins == [.addPosition(box, .horizontal), .addSizeOrFarEdge(box, .vertical)])
        #expect(report.competing.isEmpty)
    }

    @Test func equalCompressionResistancesCompeteUntilOneIsLowered() throws {
        let e = try engine { e in
            try e.addView(kind: .view, name: "row", parent: "root")
            try e.addView(kind: .label, name: "a", parent: "row", properties: [.text("aaaaaaaaaaaa")])
            try e.addView(kind: .label, name: "b", parent: "row", properties: [.text("bbbbbbbbbbbb")])
            try e.addConstraints([spec("row", .leading, .equal, "root"), spec("row", .top, .equal, "root"),
                                  spec("row", .width, plus: 150), spec("row", .height, plus: 30),
                                  spec("a", .leading, .equal, "row"), spec("b", .leading, .equal, "a", .trailing, plus: 8),
                                  spec("b", .trailing, .equal, "row"), spec("a", .top, .equal, "row"), spec("b", .top, .equal, "row")])
        }
        let a = try e.hierarchy.viewID(named: "a")
        let report = e.ambiguityReport(a)!
        #expect(report.components == [.width])
        #expect(report.competing.map(e.name(of:)) == ["a.compression.h", "b.compression.h"])
        let b = try e.hierarchy.viewID(named: "b")
        #expect(report.pins.last == .reprioritise(.contentPriority(b, .compressionH, 749)))
        try e.setProperty(.compression(.horizontal, 749), of: "b")
        e.layoutIfNeeded()
        #expect(e.ambiguityReport(a) == nil)
        #expect(frame(e, "a").width == 102)
        #expect(frame(e, "b").width == 40)
    }
}

/// A chain's settings in short: `title.x = 8`, `(at its limit)`, `(negative)`.
func settings(_ e: LayoutEngine, _ chain: Chain) -> [String?] {
    chain.steps.map { step in
        step.sets.map { setting in
            "\(e.hierarchy.view(setting.component.view).name).\(setting.component.component.rawValue) = \(formatNumber(setting.value))"
                + (setting.atLimit ? " (at its limit)" : "") + (setting.isNegativeSize ? " (negative)" : "")
        }
    }
}
