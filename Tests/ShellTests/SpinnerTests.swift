import Testing
import Foundation
@testable import Shell
import LayoutEngine

/// An activity indicator is sized by its style, as UIKit sizes one: medium 20 × 20, large
/// 37 × 37 (`init(style:)` "sizes the returned instance according to the specified style").
@Suite struct SpinnerTests {
    @Test func itsStyleSizesIt() throws {
        let sink = BufferSink()
        let session = Session(sink: sink)
        #expect(session.run(line: "new spinner busy; busy.centerX == root.centerX; busy.top == root.top + 100; layout") == .succeeded)
        #expect(session.engine.hierarchy.view(named: "busy")!.frame == Rect(x: 185, y: 100, width: 20, height: 20))
        #expect(session.run(line: "set busy.style = large; layout") == .succeeded)
        #expect(session.engine.hierarchy.view(named: "busy")!.frame == Rect(x: 176.5, y: 100, width: 37, height: 37))
        // Saved and dumped; loaded again, the same.
        let script = ScriptWriter.script(session.engine.hierarchy)
        #expect(script.contains("set busy.style = large\n"))
        let again = try loadedIntoAFreshSession(script)
        #expect(again.engine.hierarchy.view(named: "busy")!.frame == Rect(x: 176.5, y: 100, width: 37, height: 37))
        let before = sink.output.count
        #expect(session.run(line: "dump") == .succeeded)
        #expect(String(sink.output.dropFirst(before)).contains(#""style": "large""#))
        #expect(session.run(line: "set busy.style = medium; layout") == .succeeded)
        #expect(session.engine.hierarchy.view(named: "busy")!.frame.width == 20)
    }

    @Test func aBadStyleIsRefused() {
        let sink = BufferSink()
        let session = Session(sink: sink)
        #expect(session.run(line: "new spinner busy; new label title; layout") == .succeeded)
        #expect(session.run(line: "set busy.style = huge") == .failed)
        #expect(sink.errors.hasSuffix("error: unknown activity indicator style 'huge'; one of medium large\n"))
        #expect(session.run(line: "set title.style = large") == .failed)
        #expect(sink.errors.hasSuffix("error: 'style' does not apply to 'title' (a label)\n"))
        #expect(session.engine.hierarchy.view(named: "busy")!.spinnerStyle == .medium)
    }

    /// UIKit's names of the styles, as code and documents write them.
    @Test func uikitsNamesOfTheStyles() {
        #expect(SpinnerStyle(uikitName: "whiteLarge") == .large)
        #expect(SpinnerStyle(uikitName: "UIActivityIndicatorViewStyleLarge") == .large)
        #expect(SpinnerStyle(uikitName: "UIActivityIndicatorViewStyleGray") == .medium)
        #expect(SpinnerStyle(uikitName: "white") == .medium)
        #expect(SpinnerStyle(uikitName: "UIActivityIndicatorViewStyleHuge") == nil)
    }
}
