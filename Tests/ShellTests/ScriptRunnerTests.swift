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
