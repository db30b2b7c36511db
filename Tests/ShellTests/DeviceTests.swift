import Testing
@testable import Shell
@testable import LayoutEngine

/// Devices, orientation, safe areas, layout guides, size classes and the layout direction, with
/// frames worked out by hand from the devices' screens and safe areas (docs/devices.md).

private func session(_ lines: [String]) -> Session {
    let session = Session(sink: BufferSink())
    for line in lines {
        let result = session.run(line: line)
        precondition(result == .succeeded, "\(line) failed")
    }
    return session
}

private func frame(_ s: Session, _ name: String) -> Rect { s.engine.hierarchy.view(named: name)!.frame }

/// A card below the safe area's top inside the root's margins, and a bar on the safe area's bottom.
private let cardAndBar = [
    "new view card", "card.top == root.safeAreaLayoutGuide.top + 20",
    "card.leading == root.layoutMarginsGuide.leading", "card.trailing == root.layoutMarginsGuide.trailing",
    "card.height == 120",
    "new view bar", "bar.bottom == root.safeAreaLayoutGuide.bottom",
    "bar.leading == root.safeAreaLayoutGuide.leading", "bar.trailing == root.safeAreaLayoutGuide.trailing",
    "bar.height == 49",
]

@Test func thePresetsHaveTheirScreensScalesSafeAreasAndSizeClasses() throws {
    let names = Device.all.map(\.name)
    for wanted in ["iPhone SE (3rd generation)", "iPhone 13 mini", "iPhone 15", "iPhone 15 Plus", "iPhone 15 Pro",
                   "iPhone 15 Pro Max", "iPhone 16 Pro", "iPhone 16 Pro Max", "iPad mini (6th generation)",
                   "iPad Air 11-inch (M2)", "iPad Pro 11-inch (4th generation)", "iPad Pro 12.9-inch (6th generation)"] {
        #expect(names.contains(wanted), "\(wanted)")
    }
    let se = try #require(Device.named("iPhone SE"))
    #expect((se.width, se.height, se.scale) == (375, 667, 2))
    #expect(se.safeArea(.portrait) == EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
    #expect(se.safeArea(.landscape) == .zero)
    let fifteen = try #require(Device.named("iphone 15"))
    #expect(fifteen.safeArea(.landscape) == EdgeInsets(top: 0, left: 59, bottom: 21, right: 59))
    #expect(fifteen.sizeClasses(.portrait) == (.compact, .regular))
    #expect(fifteen.sizeClasses(.landscape) == (.compact, .compact))
    #expect(try #require(Device.named("iPhone 15 Pro Max")).sizeClasses(.landscape) == (.regular, .compact))
    #expect(try #require(Device.named("iPad mini")).sizeClasses(.landscape) == (.regular, .regular))
    // A shortened name must name one device only.
    #expect(Device.named("iPhone 15 P") == nil)
    #expect(Device.named("") == nil)
}

@Test func aCardAndABarLandOnEachDeviceAndOrientation() {
    let cases: [(device: String, landscape: Bool, card: Rect, bar: Rect)] = [
        ("iPhone SE", false, Rect(x: 16, y: 40, width: 343, height: 120), Rect(x: 0, y: 618, width: 375, height: 49)),
        ("iPhone 15", false, Rect(x: 16, y: 79, width: 361, height: 120), Rect(x: 0, y: 769, width: 393, height: 49)),
        ("iPhone 15", true, Rect(x: 75, y: 20, width: 702, height: 120), Rect(x: 59, y: 323, width: 734, height: 49)),
        ("iPad Pro 11-inch", false, Rect(x: 20, y: 44, width: 794, height: 120), Rect(x: 0, y: 1125, width: 834, height: 49)),
        ("iPad Pro 11-inch", true, Rect(x: 20, y: 44, width: 1154, height: 120), Rect(x: 0, y: 765, width: 1194, height: 49)),
    ]
    for entry in cases {
        let s = session(["set device = \"\(entry.device)\""] + (entry.landscape ? ["set orientation = landscape"] : []) + cardAndBar + ["layout"])
        #expect(frame(s, "card") == entry.card, "\(entry.device) \(entry.landscape ? "landscape" : "portrait")")
        #expect(frame(s, "bar") == entry.bar, "\(entry.device) \(entry.landscape ? "landscape" : "portrait")")
    }
}

@Test func turningTheDeviceKeepsEveryConstraintAndSaysWhatChanged() {
    let sink = BufferSink()
    let s = Session(sink: sink)
    for line in ["set device = \"iPhone 15\"", "new view v", "v.width == 500", "v.width == 100", "v.height == 10", "layout"] {
        _ = s.run(line: line)
    }
    let before = s.engine.hierarchy.userConstraints.map(\.constraint.name)
    var mark = sink.output.count
    #expect(s.run(line: "set orientation = landscape") == .succeeded)
    #expect(String(sink.output.dropFirst(mark)) == """
        iPhone 15, landscape: root 852 x 393, safe area 0 59 21 59; width compact, height compact; left to right; content size large; display scale 3
        changed: height regular → compact

        """)
    #expect(s.engine.hierarchy.userConstraints.map(\.constraint.name) == before)
    #expect(s.engine.conflicts.count == 1)
    _ = s.run(line: "layout")
    #expect(frame(s, "v").width == 500)
    mark = sink.output.count
    #expect(s.run(line: "set device = iPad mini") == .succeeded)
    #expect(String(sink.output.dropFirst(mark)).hasSuffix("changed: width compact → regular, height compact → regular, display scale 3 → 2\n"))
    #expect(s.engine.hierarchy.root.frame == Rect(x: 0, y: 0, width: 1133, height: 744))
}

/// A subview's safe area is the part of its superview's unsafe edges it overlaps; its margins
/// are measured from it unless `insetsLayoutMarginsFromSafeArea` is off.
@Test func aSubviewsSafeAreaAndMarginsFollowItsPlace() {
    let s = session(["set device = \"iPhone 15\"",
                     "new view top", "top.top == root.top + 30", "top.leading == root.leading", "top.trailing == root.trailing", "top.height == 100",
                     "new view a in top", "a.top == top.safeAreaLayoutGuide.top", "a.leading == top.layoutMarginsGuide.leading", "a.width == 10", "a.height == 10",
                     "new view b in top", "b.top == top.layoutMarginsGuide.top", "b.leading == top.leadingMargin", "b.width == 10", "b.height == 10",
                     "layout"])
    #expect(s.engine.hierarchy.view(named: "top")!.safeAreaInsets == EdgeInsets(top: 29, left: 0, bottom: 0, right: 0))
    #expect(frame(s, "a") == Rect(x: 8, y: 29, width: 10, height: 10))
    #expect(frame(s, "b") == Rect(x: 8, y: 37, width: 10, height: 10))
    // Moved below the unsafe edge, it has no safe area inset left.
    _ = s.run(line: "constant c1 100")
    _ = s.run(line: "layout")
    #expect(frame(s, "a") == Rect(x: 8, y: 0, width: 10, height: 10))
    #expect(frame(s, "b") == Rect(x: 8, y: 8, width: 10, height: 10))
    _ = s.run(line: "constant c1 -20")
    _ = s.run(line: "set top.insetsLayoutMarginsFromSafeArea = off")
    _ = s.run(line: "layout")
    // Above the screen, the inset is capped at root's 59.
    #expect(s.engine.hierarchy.view(named: "top")!.safeAreaInsets.top == 59)
    #expect(frame(s, "a") == Rect(x: 8, y: 59, width: 10, height: 10))
    #expect(frame(s, "b") == Rect(x: 8, y: 8, width: 10, height: 10))
}

@Test func preservedMarginsReachIntoASubview() {
    let lines = ["set device = \"iPhone 15\"", "new view pane", "pane.top == root.top", "pane.bottom == root.bottom",
                 "pane.leading == root.leading", "pane.trailing == root.trailing", "set pane.margins = 0",
                 "new view x in pane", "x.leading == pane.leadingMargin", "x.top == pane.topMargin", "x.width == 10", "x.height == 10"]
    let plain = session(lines + ["set pane.insetsLayoutMarginsFromSafeArea = off", "layout"])
    #expect(frame(plain, "x") == Rect(x: 0, y: 0, width: 10, height: 10))
    let preserving = session(lines + ["set pane.insetsLayoutMarginsFromSafeArea = off", "set pane.preservesSuperviewLayoutMargins = on", "layout"])
    #expect(frame(preserving, "x") == Rect(x: 16, y: 59, width: 10, height: 10))
}

@Test func theReadableContentGuideIsCentredAtItsWidth() {
    let lines = ["new view text", "text.leading == root.readableContentGuide.leading", "text.trailing == root.readableContentGuide.trailing",
                 "text.top == root.readableContentGuide.top", "text.height == 10"]
    let pad = session(["set device = \"iPad Pro 11-inch\""] + lines + ["layout"])
    #expect(frame(pad, "text") == Rect(x: 81, y: 24, width: 672, height: 10))
    let large = session(["set device = \"iPad Pro 11-inch\"", "set contentSizeCategory = accessibilityExtraExtraExtraLarge"] + lines + ["layout"])
    #expect(frame(large, "text") == Rect(x: 20, y: 24, width: 794, height: 10))
    let phone = session(["set device = \"iPhone 15\""] + lines + ["layout"])
    #expect(frame(phone, "text") == Rect(x: 16, y: 59, width: 361, height: 10))
}

/// Right to left, the layout is the mirror image of left to right, multipliers included; a
/// view forced left to right keeps its own subviews left to right.
@Test func rightToLeftMirrorsLeadingAndTrailing() {
    let lines = ["new view a", "new view b", "H:|-20-[a(100)]-10-[b(50)]", "a.top == root.top + 10", "b.top == a.top",
                 "a.height == 10", "b.height == 10",
                 "new view c", "c.leading == root.trailing * 0.25", "c.width == 10", "c.top == root.top", "c.height == 10",
                 "new view box", "box.leading == root.leading + 30", "box.top == root.top + 100", "box.width == 200", "box.height == 100",
                 "new view k in box", "k.leading == box.leading + 5", "k.top == box.top", "k.width == 10", "k.height == 10"]
    let ltr = session(lines + ["layout"])
    #expect(frame(ltr, "a") == Rect(x: 20, y: 10, width: 100, height: 10))
    #expect(frame(ltr, "c").x == 97.5)
    let rtl = session(["set layoutDirection = rightToLeft"] + lines + ["set box.semanticContentAttribute = forceLeftToRight", "layout"])
    #expect(frame(rtl, "a") == Rect(x: 270, y: 10, width: 100, height: 10))
    #expect(frame(rtl, "b") == Rect(x: 210, y: 10, width: 50, height: 10))
    #expect(frame(rtl, "c").x == 282.5)
    #expect(frame(rtl, "box") == Rect(x: 160, y: 100, width: 200, height: 100))
    #expect(frame(rtl, "k") == Rect(x: 5, y: 0, width: 10, height: 10))
    // Switched back, everything is where left to right puts it.
    _ = rtl.run(line: "set layoutDirection = leftToRight")
    _ = rtl.run(line: "layout")
    #expect(frame(rtl, "a") == Rect(x: 20, y: 10, width: 100, height: 10))
    #expect(frame(rtl, "box").x == 30)
}

@Test func directionalMarginsFollowTheDirection() {
    let lines = ["new view p", "p.leading == root.leading", "p.top == root.top", "p.width == 200", "p.height == 100",
                 "set p.directionalMargins = 0 10 0 30", "new view x in p", "x.leading == p.leadingMargin", "x.trailing == p.trailingMargin",
                 "x.top == p.top", "x.height == 10"]
    #expect(frame(session(lines + ["layout"]), "x") == Rect(x: 10, y: 0, width: 160, height: 10))
    let rtl = session(["set layoutDirection = rightToLeft"] + lines + ["layout"])
    #expect(frame(rtl, "p").x == 190)
    #expect(frame(rtl, "x") == Rect(x: 30, y: 0, width: 160, height: 10))
}

@Test func dumpHasTheTraitsAndSaveWritesTheDevice() throws {
    let s = session(["set device = \"iPhone 15 Pro Max\"", "set orientation = landscape", "set layoutDirection = rightToLeft",
                     "set root.additionalSafeAreaInsets = 10 0 0 0"] + cardAndBar + ["set card.semanticContentAttribute = forceLeftToRight", "layout"])
    let dump = StateDump.json(s.engine)
    #expect(dump.contains("\"traits\": {\"horizontalSizeClass\": \"regular\", \"verticalSizeClass\": \"compact\", \"layoutDirection\": \"rightToLeft\", \"preferredContentSizeCategory\": \"large\", \"displayScale\": 3}"))
    #expect(dump.contains("\"device\": \"iPhone 15 Pro Max\", \"orientation\": \"landscape\""))
    #expect(dump.contains("{\"name\": \"root.safeAreaLayoutGuide\", \"kind\": \"guide\", \"parent\": \"root\", \"frame\": [59, 10, 814, 399], \"ambiguous\": [], \"systemGuide\": \"safeAreaLayoutGuide\"}"))
    #expect(frame(s, "card") == Rect(x: 79, y: 30, width: 774, height: 120))
    let script = ScriptWriter.script(s.engine.hierarchy)
    #expect(script.hasPrefix("""
        # strut session, written by 'save'
        set device = "iPhone 15 Pro Max"
        set orientation = landscape
        set layoutDirection = rightToLeft
        set root.additionalSafeAreaInsets = 10 0 0 0
        new view card in root
        set card.semanticContentAttribute = forceLeftToRight
        new view bar in root

        """))
    let again = Session(sink: BufferSink())
    for line in script.split(separator: "\n") where !line.hasPrefix("#") {
        #expect(again.run(line: String(line)) == .succeeded, "\(line)")
    }
    let replayed = StateDump.json(again.engine)
    for (x, y) in zip(replayed.split(separator: "\n"), dump.split(separator: "\n")) where x != y { Issue.record("\(x)\n\(y)") }
    #expect(replayed == dump)
}

@Test func badSettingsAreRefusedWithOneLineAndChangeNothing() {
    let cases: [(line: String, error: String)] = [
        ("set device = \"iPhone 99\"", "error: 'iPhone 99' is not a valid device: expected one of: iPhone SE (3rd generation), iPhone 13 mini, iPhone 15, iPhone 15 Plus\n"),
        ("set device = Pixel", "error: 'Pixel' is not a valid device: expected a device `devices` lists\n"),
        ("set orientation = landscape", "error: 'landscape' is not a valid orientation: expected a device to turn first (set device = \"iPhone 15\")\n"),
        ("set orientation = sideways", "error: expected portrait or landscape, found 'sideways'\n"),
        ("set layoutDirection = upward", "error: expected leftToRight or rightToLeft, found 'upward'\n"),
        ("set v.additionalSafeAreaInsets = 1 2 3 4", "error: 'additionalSafeAreaInsets' does not apply to 'v' (a view)\n"),
        ("set v.semanticContentAttribute = sideways", "error: unknown semantic content attribute 'sideways'; one of unspecified playback spatial forceLeftToRight forceRightToLeft\n"),
        ("v.top == root.safeAreaLayoutGuide.firstBaseline", "error: layout guide 'root.safeAreaLayoutGuide' has no 'firstBaseline' (guides have edges, centers and sizes only)\n"),
        ("v.top == nowhere.safeAreaLayoutGuide.top", "error: no view named 'nowhere'\n"),
    ]
    for entry in cases {
        let sink = BufferSink()
        let s = Session(sink: sink)
        _ = s.run(line: "new view v")
        let before = StateDump.json(s.engine)
        _ = s.run(line: entry.line)
        #expect(sink.errors == entry.error, "\(entry.line)")
        #expect(StateDump.json(s.engine) == before, "\(entry.line)")
    }
}

/// On a device, each edge of a frame goes to the nearest pixel; without one, frames are the
/// solver's values.
@Test func framesOnADeviceAreRoundedToItsPixels() {
    let lines = ["new view a", "a.leading == root.leading + 10.3", "a.width == 20.3", "a.top == root.top + 0.2", "a.height == 10", "layout"]
    #expect(frame(session(lines), "a") == Rect(x: 10.3, y: 0.2, width: 20.3, height: 10))
    #expect(frame(session(["set device = iPhone SE"] + lines), "a") == Rect(x: 10.5, y: 0, width: 20, height: 10))
    let three = frame(session(["set device = iPhone 15"] + lines), "a")
    #expect(abs(three.x - 31.0 / 3) < 1e-9 && abs(three.width - 61.0 / 3) < 1e-9)
}

/// An edge on exactly half a pixel goes away from zero, whichever side of it the solver's last
/// bit fell: a 30-point button centred on a label 20⅓ high at 3× has its top at 9.5 pixels
/// (3⅙ points) and its bottom at 99.5, which become 10 and 100, so it stays 30 high. Reached
/// through other constraints, or from a saved file, it lands on the same pixels.
@Test func anEdgeOnHalfAPixelRoundsTheSameWhicheverWayItIsReached() {
    let card = ["set device = \"iPhone 15\"", "new view card", "card.top == root.safeAreaLayoutGuide.top + 16",
                "card.leading == root.leading + 16", "card.trailing == root.trailing - 16",
                "new label title in card text=\"Notifications\"", "new button edit in card title=\"Edit\"",
                "title.leading == card.layoutMarginsGuide.leading", "edit.leading == title.trailing + 8",
                "edit.trailing == card.layoutMarginsGuide.trailing"]
    let vertical = ["title.top == card.layoutMarginsGuide.top", "title.bottom == card.layoutMarginsGuide.bottom",
                    "edit.centerY == title.centerY"]
    let expected = Rect(x: 335.0 / 3, y: 10.0 / 3, width: 724.0 / 3, height: 30)
    for lines in [card + vertical + ["layout"], card + vertical.reversed() + ["layout"],
                  card + ["edit.centerY == title.centerY", "edit.top == card.layoutMarginsGuide.top - 4.8333333333333333",
                          "title.bottom == card.layoutMarginsGuide.bottom", "title.top == card.layoutMarginsGuide.top", "layout"]] {
        let s = session(lines)
        let edit = frame(s, "edit")
        #expect(abs(edit.x - expected.x) < 1e-9 && abs(edit.y - expected.y) < 1e-9 && abs(edit.width - expected.width) < 1e-9
                && abs(edit.height - expected.height) < 1e-9, "\(edit)")
        let again = Session(sink: BufferSink())
        for line in ScriptWriter.script(s.engine.hierarchy).split(separator: "\n") { _ = again.run(line: String(line)) }
        _ = again.run(line: "layout")
        #expect(frame(again, "edit") == edit)
    }
    // Below zero, away from zero is down: -1.5 pixels at 3x is -2.
    #expect(Rect(x: -0.5, y: 0, width: 1, height: 1).roundedToPixels(3).x == -2.0 / 3)
    #expect(Rect(x: 0.5 - 1e-15, y: 0.5 + 1e-15, width: 1, height: 1).roundedToPixels(1) == Rect(x: 1, y: 1, width: 1, height: 1))
}

/// Guides and their constraints read as UIKit prints them, and an attribute's value follows the
/// direction.
@Test func guidesReadAsUIKitPrintsThem() throws {
    let s = session(["set device = \"iPhone 15\"", "set layoutDirection = rightToLeft", "new view a",
                     "a.leading == root.layoutMarginsGuide.leading", "a.top == root.safeAreaLayoutGuide.top", "a.width == 10", "a.height == 10", "layout"])
    let h = s.engine.hierarchy
    let guide = try #require(h.viewID(ifNamed: "root.layoutMarginsGuide"))
    #expect(h.uikitDescription(of: .system(guide, .guideRight))
        == "<NSLayoutConstraint:0x600100000300 'UIView-rightMargin-guide-constraint' H:[UILayoutGuide:0x7f8000000200'UIViewLayoutMarginsGuide']-(16)-|(LTR)   (active, names: '|':UIView:0x7f8000000000'root' )>")
    let safe = try #require(h.viewID(ifNamed: "root.safeAreaLayoutGuide"))
    #expect(h.uikitDescription(of: .system(safe, .guideTop))
        == "<NSLayoutConstraint:0x6001000003d0 'UIViewSafeAreaLayoutGuide-top' V:|-(59)-[UILayoutGuide:0x7f8000000300'UIViewSafeAreaLayoutGuide']   (active, names: '|':UIView:0x7f8000000000'root' )>")
    #expect(frame(s, "a") == Rect(x: 367, y: 59, width: 10, height: 10))
    #expect(s.run(line: "expect a.leading == 377") == .succeeded)
    #expect(s.run(line: "expect a.trailing == 367") == .succeeded)
    #expect(s.run(line: "expect root.safeAreaLayoutGuide.frame == 0 59 393 759") == .succeeded)
}

/// `set pixelRounding` rounds without a device, at the display scale; off gives the solver's
/// values back; save writes it.
@Test func pixelRoundingIsASettingOfItsOwn() {
    let lines = ["new view a", "a.leading == root.leading + 10.3", "a.width == 20.3", "a.top == root.top", "a.height == 10"]
    let s = session(["set displayScale = 2", "set pixelRounding = on"] + lines + ["layout"])
    #expect(frame(s, "a") == Rect(x: 10.5, y: 0, width: 20, height: 10))
    #expect(StateDump.json(s.engine).contains("\"pixelRounding\": true"))
    #expect(ScriptWriter.script(s.engine.hierarchy).contains("set displayScale = 2\nset pixelRounding = on\n"))
    _ = s.run(line: "set pixelRounding = off")
    _ = s.run(line: "layout")
    #expect(frame(s, "a") == Rect(x: 10.3, y: 0, width: 20.3, height: 10))
    // A device turns it on; a saved session does not say so twice.
    let d = session(["set device = iPhone SE"] + lines + ["layout"])
    #expect(!ScriptWriter.script(d.engine.hierarchy).contains("pixelRounding"))
}
