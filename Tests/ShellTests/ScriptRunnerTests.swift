import Testing
import Foundation
@testable import Shell
import LayoutEngine

/// The one script runner, in each of its modes.

func lines(_ all: [String]) -> () -> InputLine {
    var iterator = all.makeIterator()
    return { iterator.next().map(InputLine.line) ?? .end }
}

let script = ["new view a", "a.width == 10; bogus; a.height == 5", "frame a", "quit", "frame a"]

@Test func stopAtFirstErrorRunsNothingAfterTheFailure() {
    let sink = BufferSink()
    let session = Session(sink: sink)
    let outcome = session.run(source: "s.strut", mode: .stopAtFirstError, next: lines(script))
    #expect(outcome == RunOutcome(failed: true, quit: false))
    #expect(sink.combined == "s.strut:2: error: unknown command 'bogus'; type 'help' for the list\n")
    #expect(session.engine.hierarchy.constraint(named: "c2") == nil)
}

@Test func keepGoingRunsEveryStatementAndStopsAtQuit() {
    let sink = BufferSink()
    let session = Session(sink: sink)
    let outcome = session.run(source: "s.strut", mode: .keepGoing, next: lines(script))
    #expect(outcome == RunOutcome(failed: true, quit: true))
    #expect(sink.combined == "s.strut:2: error: unknown command 'bogus'; type 'help' for the list\na (0, 0, 0, 0)  (layout pending)\n")
    #expect(session.engine.hierarchy.constraint(named: "c2") != nil)
}

@Test func interactiveDropsTheRestOfAFailingLineAndGoesOn() {
    let sink = BufferSink()
    let session = Session(sink: sink)
    let outcome = session.run(source: nil, mode: .interactive, echo: true, next: lines(script))
    #expect(outcome == RunOutcome(failed: true, quit: true))
    #expect(sink.combined == """
    strut> new view a
    strut> a.width == 10; bogus; a.height == 5
    error: unknown command 'bogus'; type 'help' for the list
    strut> frame a
    a (0, 0, 0, 0)  (layout pending)
    strut> quit

    """)
    #expect(session.engine.hierarchy.constraint(named: "c2") == nil)
}

@Test func allOrNothingThrowsNamingTheLineAndTheCallerUndoes() {
    let session = Session(sink: BufferSink())
    #expect(throws: ShellError.scriptFailed(location: "f:2", message: "unknown command 'bogus'; type 'help' for the list")) {
        try session.runLines(locate: { "f:\($0)" }, mode: .allOrNothing, echo: false, next: lines(script))
    }
}

@Test func interruptedLinesAreSkippedAndCounted() {
    let sink = BufferSink()
    let session = Session(sink: sink)
    var inputs: [InputLine] = [.interrupted, .line("nope")]
    let outcome = session.run(source: "<stdin>", mode: .stopAtFirstError) { inputs.isEmpty ? .end : inputs.removeFirst() }
    #expect(outcome.failed)
    #expect(sink.errors == "<stdin>:2: error: unknown command 'nope'; type 'help' for the list\n")
}

@Test func aLogPastedAtTheEndIsReadWithoutItsEmptyLine() {
    let sink = BufferSink()
    let session = Session(sink: sink)
    let log = [
        "paste",
        "\"<NSLayoutConstraint:0x600000001110 UIView:0x7f8a1c0001a0.width == 100   (active)>\",",
        "\"<NSLayoutConstraint:0x600000001120 UIView:0x7f8a1c0001a0.width == 50   (active)>\"",
    ]
    let outcome = session.run(source: "log.strut", mode: .stopAtFirstError, next: lines(log))
    #expect(outcome == RunOutcome())
    #expect(!session.isPasting)
    #expect(session.engine.hierarchy.constraint(named: "c_1120") != nil)
    #expect(sink.output.contains("read 2 constraints from the pasted log on 1 placeholder view: UIView_01a0\n"))
}

@Test func loadIsAllOrNothingThroughTheSameRunner() throws {
    let file = "/tmp/strut-runner-\(UInt32.random(in: 0...UInt32.max)).strut"
    try "new view a\na.width == 10\nnope\n".write(toFile: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: file) }
    let session = Session(sink: BufferSink())
    #expect(throws: ShellError.scriptFailed(location: "\(file):3", message: "unknown command 'nope'; type 'help' for the list")) {
        _ = try session.load(file)
    }
    #expect(session.engine.hierarchy.view(named: "a") == nil)
}

/// A paste at the terminal arrives as its lines: a console log is read as one (no `paste`
/// first); anything else runs line by line; inside `paste` the lines go to it; the end of input
/// at the prompt ends a paste, not the session.
@Test func aPasteIsTextAConsoleLogOrLinesToRun() {
    let sink = BufferSink()
    let session = Session(sink: sink)
    var inputs: [InputLine] = [
        .pasted(["new view a", "a.width == 10", "a.height ==\t5 foo", "layout; frame a"]),
        .pasted(["2026-11-27 10:00:00.000 App[1:2] [LayoutConstraints] Unable to simultaneously satisfy constraints.",
                 "(", "\t\"<NSLayoutConstraint:0x600004 UILabel:0x7f03.width == 100   (active)>\",",
                 "\t\"<NSLayoutConstraint:0x600005 UILabel:0x7f03.width == 200   (active)>\"", ")"]),
        .line("paste"),
        .pasted(["\"<NSLayoutConstraint:0x600006 UIView:0x7f04.height == 30>\""]),
        .end,
        .line("layout; frame a"),
    ]
    inputs.reverse()
    _ = session.run(source: nil, mode: .interactive) { inputs.popLast() ?? .end }
    #expect(sink.errors.hasPrefix("error: unexpected 'foo' at column 15; usage:"))
    #expect(sink.output.hasPrefix("a (0, 0, 10, 0)\nread 2 constraints from the pasted log"))
    #expect(sink.output.contains("read 1 constraint from the pasted log"))
    #expect(sink.output.hasSuffix("a (0, 0, 10, 0)\n"))
}

/// What LLDB printed, pasted at the prompt, is read as a paste (not run as commands): a view's
/// description, a recursiveDescription, a list of constraints.
@Test func whatLLDBPrintedIsReadWhenPasted() {
    let sink = BufferSink()
    let session = Session(sink: sink)
    var inputs: [InputLine] = [
        .pasted(["(lldb) po view.recursiveDescription()",
                 "<UIView: 0x7f8a1c40a210; frame = (0 0; 390 200); autoresize = W+H; layer = <CALayer: 0x600002e1c3a0>>",
                 "   | <UILabel: 0x7f8a1c40c7d0; frame = (20 16; 350 24); text = 'Hi'; autoresize = RM+BM; layer = <_UILabelLayer: 0x600000d18a80>>"]),
        .line("frame UILabel_c7d0"),
    ]
    inputs.reverse()
    _ = session.run(source: nil, mode: .interactive) { inputs.popLast() ?? .end }
    #expect(sink.errors == "")
    #expect(sink.output.hasPrefix("read a recursiveDescription from the pasted log: 2 views at the frames UIKit printed (root.frame = 0 0 390 200): UIView_a210, UILabel_c7d0\n"))
    #expect(sink.output.hasSuffix("UILabel_c7d0 (20, 16, 350, 24)\n"))
}
