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
