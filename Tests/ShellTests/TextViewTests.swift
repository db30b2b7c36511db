import Testing
@testable import Shell
@testable import LayoutEngine

/// `new textView`: a UITextView. Scrolling (the default) it has no intrinsic size, as a scroll
/// view has none; with `scrollEnabled = off` its text sizes it, wrapped at the width it is
/// given less the line fragment padding (5 points a side), inside the text container's inset
/// (8 points above and below). Frames worked out with the fixed metric (8.5 points a character
/// and 20.4 a line at 17 points, the body style a text view starts with).
@Test func aTextViewGrowsWithItsTextOnlyWhenItDoesNotScroll() {
    let session = stackSession(["new textView notes text=\"Hello world\"", "notes.leading == root.leading + 20", "notes.top == root.top + 40"])
    #expect(session.run(line: "layout") == .succeeded)
    let notes = session.engine.hierarchy.view(named: "notes")!
    #expect(notes.intrinsicContentSize.width == nil && notes.intrinsicContentSize.height == nil)
    #expect(session.run(line: "set notes.scrollEnabled = off; layout") == .succeeded)
    // 11 characters and the padding; one line and the inset.
    #expect(close(frames(session, ["notes"]), [R(20, 40, 103.5, 36.4)]))
    // 100 wide: 90 for the text, 10 characters a line, two lines.
    #expect(session.run(line: "notes.width == 100; layout") == .succeeded)
    #expect(close(frames(session, ["notes"]), [R(20, 40, 100, 56.8)]))
    // Empty, it keeps one line for the caret.
    #expect(session.run(line: "set notes.text = \"\"; layout") == .succeeded)
    #expect(close(frames(session, ["notes"]), [R(20, 40, 100, 36.4)]))
}

@Test func scrollEnabledIsATextViewsAndSaveKeepsIt() {
    let sink = BufferSink()
    let session = Session(sink: sink)
    _ = session.run(line: "new label plain text=\"x\"; new textView tv text=\"y\"")
    #expect(session.run(line: "set plain.scrollEnabled = off") == .failed)
    #expect(sink.errors.hasSuffix("error: 'scrollEnabled' does not apply to 'plain' (a label)\n"))
    #expect(session.run(line: "set tv.scrollEnabled = off") == .succeeded)
    let script = ScriptWriter.script(session.engine.hierarchy)
    #expect(script.contains("new textView tv in root\n"))
    #expect(script.contains("set tv.scrollEnabled = off\n"))
    #expect(StateDump.json(session.engine).contains("\"class\": \"UITextView\""))
    #expect(StateDump.json(session.engine).contains("\"scrollEnabled\": false"))
}

/// Measured as UIKit measures it, a text view's every line is its font's leading high, the last
/// included (its layout manager's line fragments), where a label's last line is a line high:
/// one line of the body style (17 on 22) is 22 + 16 high, of 17-point system text 20.29 + 16.
@Test func aTextViewsLinesAreEachItsLeadingHigh() throws {
    let engine = LayoutEngine()
    for (name, style) in [("styled", true), ("plain", false)] {
        try engine.addView(kind: .label, name: name, parent: "root",
                           properties: [.documentClass("UITextView"), .textView(.grows), .text("Hello world")] + (style ? [.textStyle(.body)] : [.font(17)]))
        try engine.addView(kind: .label, name: name + "Label", parent: "root",
                           properties: [.text("one\ntwo"), .lines(0), .preferredMaxLayoutWidth(300)] + (style ? [.textStyle(.body)] : [.font(17)]))
        for attribute in [LayoutAttribute.width] {
            _ = try engine.addConstraint(ConstraintSpec(name: nil, firstItem: name, firstAttribute: attribute, relation: .equal,
                                                        secondItem: nil, secondAttribute: nil, constant: 200))
        }
    }
    engine.layoutIfNeeded()
    let h = engine.hierarchy
    let line = 17 * 2444.0 / 2048.0
    #expect(h.view(named: "styled")!.frame.height == 22 + 16)
    #expect(h.view(named: "plain")!.frame.height == Font.roundedUp(line, scale: 3) + 16)
    // Two lines of a label: the leading between them only.
    #expect(h.view(named: "styledLabel")!.intrinsicContentSize.height == Font.roundedUp(line + 22, scale: 3))
    #expect(h.view(named: "plainLabel")!.intrinsicContentSize.height == Font.roundedUp(2 * line, scale: 3))
}

/// `set NAME.borderStyle`: a text field without a border is a line of its font high (by the
/// text style's leading, 22 for body), with one 34; save and dump keep it; other views refuse it.
@Test func aTextFieldsBorderDecidesItsHeight() throws {
    let sink = BufferSink()
    let session = Session(sink: sink)
    _ = session.run(line: "set textMetric = uikit")
    #expect(session.run(line: "new field f; f.top == root.top; f.leading == root.leading; f.width == 200; layout") == .succeeded)
    #expect(session.engine.hierarchy.view(named: "f")!.frame.height == 34)
    #expect(session.run(line: "set f.borderStyle = none; set f.font = body; layout") == .succeeded)
    #expect(session.engine.hierarchy.view(named: "f")!.frame.height == 22)
    #expect(session.run(line: "set f.font = 14; layout") == .succeeded)
    #expect(session.engine.hierarchy.view(named: "f")!.frame.height == Font.roundedUp(14 * 2444.0 / 2048.0, scale: 3))
    let script = ScriptWriter.script(session.engine.hierarchy)
    #expect(script.contains("set f.borderStyle = none\n"))
    #expect(StateDump.json(session.engine).contains("\"borderStyle\": \"none\""))
    // A saved session gives the same field back.
    let copy = Session(sink: BufferSink())
    for line in script.split(separator: "\n") { _ = copy.run(line: String(line)) }
    #expect(copy.engine.hierarchy.view(named: "f")?.fieldBorder == TextFieldBorder.none)
    #expect(copy.engine.hierarchy.view(named: "f")?.font == 14)
    // A body field that adjusts follows the content size category: 23 points on 28 at
    // extraExtraExtraLarge (its leading 5 above its size).
    #expect(session.run(line: "set f.font = body; set f.adjustsFont = on; set contentSizeCategory = extraExtraExtraLarge; layout") == .succeeded)
    #expect(session.engine.hierarchy.view(named: "f")!.font == 23)
    #expect(session.engine.hierarchy.view(named: "f")!.frame.height == 28)
    #expect(ScriptWriter.script(session.engine.hierarchy).contains("set f.adjustsFont = on\n"))
    _ = session.run(line: "new label l text=\"x\"")
    #expect(session.run(line: "set l.borderStyle = none") == .failed)
    #expect(sink.errors.hasSuffix("error: 'borderStyle' does not apply to 'l' (a label)\n"))
}

/// A text view keeps UIView's baselines (its bottom edge), not a label's.
@Test func aTextViewsBaselineIsItsBottom() {
    let sink = BufferSink()
    let session = Session(sink: sink)
    _ = session.run(line: "set textMetric = uikit")
    #expect(session.run(line: "new textView t text=\"x\"; new label l text=\"y\"; set t.scrollEnabled = off") == .succeeded)
    #expect(session.run(line: "t.top == root.top + 10; t.leading == root.leading; t.width == 100") == .succeeded)
    #expect(session.run(line: "l.firstBaseline == t.firstBaseline; l.leading == t.trailing; layout") == .succeeded)
    let t = session.engine.hierarchy.view(named: "t")!.frame, l = session.engine.hierarchy.view(named: "l")!
    // The body line, 22, and the insets: 38 high, its bottom at 48; the label's baseline there.
    #expect(t == Rect(x: 0, y: 10, width: 100, height: 38))
    #expect(abs(l.frame.y + l.textFont.ascender - 48) < 1e-9)
}
