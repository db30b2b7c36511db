import Testing
@testable import Shell
import LayoutEngine

/// `Session.copy(sink:)`, from which the fuzz targets start each input: a copy is the session
/// in every stored property (one added and left out of `copy` fails the first test when this
/// scenario sets it), it answers every command as the original does, and it goes its own way.
struct SessionCopyTests {
    static let setup = "new view a; new label t text=\"Hi\"; new stack s; new view b in s; a.width == 10; a.width == 12; c3: t.top == a.bottom + 8 @750; layout; a.height == 4; undo"

    static func session(_ sink: OutputSink) -> Session {
        let session = Session(sink: sink)
        #expect(session.run(line: setup) == .succeeded)
        session.running.location = "setup.strut:3"
        session.recording.recorded = ["new view a"]
        session.running.scriptFolders = ["/tmp"]
        session.collector = PastedLog(lines: ["Unable to simultaneously satisfy constraints."])
        session.explainsOpenPaste = true
        session.colour = true
        session.terminalColumns = 72
        session.running.muted = true
        session.running.lessonDepth = 1
        session.running.loadDepth = 2
        session.watchPath = "/tmp/page.html"
        session.recording.recordPath = "/tmp/record.strut"
        return session
    }

    @Test func aCopyHasEveryPropertyOfTheSession() {
        let session = Self.session(BufferSink())
        let copy = session.copy(sink: BufferSink())
        let skipped: Set<String> = ["sink", "engine", "prompter", "interruptCheck"]
        var compared = 0
        let copied = Dictionary(uniqueKeysWithValues: Mirror(reflecting: copy).children.compactMap { child in
            child.label.map { ($0, String(reflecting: child.value)) }
        })
        for child in Mirror(reflecting: session).children {
            guard let label = child.label, !skipped.contains(label) else { continue }
            compared += 1
            #expect(copied[label] == String(reflecting: child.value), "\(label)")
        }
        #expect(compared >= 6)  // history, recording, running, terminal, collector, watchPath
        // A collection in progress is copied, not shared.
        let (original, copiedLog) = (session.collector as? PastedLog, copy.collector as? PastedLog)
        #expect(copiedLog?.lines == ["Unable to simultaneously satisfy constraints."])
        #expect(copiedLog != nil && copiedLog !== original)
        #expect(copy.engine !== session.engine)
        #expect(copy.dumpJSON == session.dumpJSON)
    }

    @Test func aCopyAnswersAsTheOriginalAndGoesItsOwnWay() {
        let first = BufferSink(), second = BufferSink()
        let session = Session(sink: first)
        #expect(session.run(line: Self.setup) == .succeeded)
        let before = session.dumpJSON
        let copy = session.copy(sink: second)
        let lines = ["conflicts", "undo", "redo", "undo", "undo", "explain a", "b.width == 3 @999", "ambiguous",
                     "new view c in t", "delete t", "why c3", "draw", "dump"]
        for line in lines {
            let (a, b) = (first.combined.count, second.combined.count)
            #expect(session.run(line: line) == copy.run(line: line), "\(line)")
            #expect(first.combined.dropFirst(a) == second.combined.dropFirst(b), "\(line)")
        }
        // Changes to the copy leave the original alone, and the other way round.
        let copyDump = copy.dumpJSON
        #expect(copy.run(line: "new view d; d.width == 7; layout") == .succeeded)
        #expect(session.dumpJSON == copyDump)
        let fresh = Session(sink: BufferSink())
        #expect(fresh.run(line: Self.setup) == .succeeded)
        #expect(fresh.copy(sink: BufferSink()).dumpJSON == before)
    }
}
