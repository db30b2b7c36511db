import Testing
import Foundation
@testable import Shell
import LayoutEngine

/// Limits that hold: numbers at the edges of Double in every position,
/// priorities beyond the limits, very long input, many views under one parent and deep
/// hierarchies. Each case is a clear one-line error that changes nothing, or a correct result.
@Suite struct LimitsTests {
    /// Every place a number goes, `X` standing for it; the statements run on a session with a
    /// view `a`, a label `l`, a stack `s` and a constraint `c1`.
    static let positions = [
        "a.width == X", "a.width == 2 * root.width + X", "a.width == X * root.width", "a.width == 5 @X",
        "set a.frame = 0 0 X 10", "set a.intrinsic = X 10", "set s.spacing = X", "set a.margins = X 0 0 0",
        "set l.font = X", "set root.frame = 0 0 X 100", "set a.hugging.h = X", "constant c1 X", "priority c1 X",
    ]
    static let priorityPositions: Set<String> = ["a.width == 5 @X", "set a.hugging.h = X", "priority c1 X"]
    /// What a number too large is called in each other position: the error names it.
    static let names: [String: String] = [
        "a.width == X * root.width": "multiplier", "set a.frame = 0 0 X 10": "frame value", "set a.intrinsic = X 10": "intrinsic size",
        "set s.spacing = X": "spacing", "set a.margins = X 0 0 0": "margin", "set l.font = X": "font size",
        "set root.frame = 0 0 X 100": "frame value",
    ]

    /// The error each value gets in each position, and the state stays as it was.
    @Test(arguments: ["nan", "inf", "-inf", "1e400", "1e308", "-1e308"])
    func anUnusableNumberIsRefusedEverywhere(value: String) {
        for position in Self.positions {
            let sink = BufferSink()
            let session = Session(sink: sink)
            #expect(session.run(line: "new view a; new label l; new stack s; c1: a.height == 4") == .succeeded)
            let before = session.dumpJSON
            let statement = position.replacingOccurrences(of: "X", with: value)
            #expect(session.run(line: statement) == .failed, "\(statement)")
            let expected: String
            switch value {
            case "1e400": expected = "number '1e400' is too large"
            case "1e308", "-1e308":
                let shown = value == "1e308" ? "1e+308" : "-1e+308"
                expected = Self.priorityPositions.contains(position)
                    ? "priority \(shown) is out of range: priorities must be greater than 0 and at most 1000 (or required, high, low, fitting)"
                    : "\(Self.names[position] ?? "constant") \(shown) is beyond ±1e10, the largest UIKit accepts"
            default: expected = "'\(value)' is not a finite number"
            }
            #expect(sink.errors == "error: \(expected)\n", "\(statement)")
            #expect(session.dumpJSON == before, "\(statement) changed the state")
        }
    }

    /// Zero's edges are numbers like any other: a priority of 5e-324 is said as given, and a
    /// constant of -0 or a denormal is a constant.
    @Test func denormalsAndNegativeZero() {
        let sink = BufferSink()
        let session = Session(sink: sink)
        #expect(session.run(line: "new view a; a.width == 5 @5e-324") == .failed)
        #expect(sink.errors == "error: priority 5e-324 is out of range: priorities must be greater than 0 and at most 1000 (or required, high, low, fitting)\n")
        #expect(session.run(line: "w: a.width == -0; h: a.height == 5e-324; a.leading == root.leading; a.top == root.top; layout") == .succeeded)
        #expect(session.engine.hierarchy.view(named: "a")!.frame == Rect(x: 0, y: 0, width: 0, height: 0))
        #expect(session.engine.hierarchy.constraint(named: "h")!.constant == 5e-324)
    }

    /// A Visual Format string of 10,000 characters: UIKit's three lines, the format cut around
    /// the caret, which still points at the offending character.
    @Test func aLongFormatIsCutAroundTheCaret() {
        let sink = BufferSink()
        let session = Session(sink: sink)
        let name = String(repeating: "z", count: 10_000)
        #expect(session.run(line: "new view a; H:|[a]-[\(name)]|") == .failed)
        let lines = sink.errors.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 4 && lines[3].isEmpty)
        #expect(lines[0] == "error: Unable to parse constraint format: zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz…(10000 characters) is not a key in the views dictionary.")
        #expect(lines[1] == "    …" + String(repeating: "z", count: 50) + "]|")
        // The caret stands just past the unknown name, where UIKit puts it.
        let caret = lines[2].firstIndex(of: "^").map { lines[2].distance(from: lines[2].startIndex, to: $0) }
        #expect(caret == 4 + 1 + 50)
        #expect(ErrorText.caretWindow("abc", at: 1) == ("abc", 1))
        let window = ErrorText.caretWindow(String(repeating: "a", count: 100) + "X" + String(repeating: "b", count: 100), at: 100)
        #expect(window.line == "…" + String(repeating: "a", count: 50) + "X" + String(repeating: "b", count: 50) + "…")
        #expect(Array(window.line)[window.column] == "X")
    }

    /// Many views under one parent: each `new` copies a chunk of the children, not all of them
    /// (the undo copy of the hierarchy shares the rest); undo, a move to the front and a delete
    /// keep the order exact, and the ambiguity report has one entry per view.
    @Test(.tags(.slow), .disabled(if: isQuickRun, "slow: left out of quick runs")) func manySiblingsKeepTheirOrderThroughUndoMoveAndDelete() throws {
        let sink = BufferSink()
        let session = Session(sink: sink)
        let count = 5_000
        for i in 0..<count { #expect(session.run(line: "new view v\(i)") == .succeeded) }
        let h = { session.engine.hierarchy }
        let names = { h().root.children.map { h().view($0).name } }
        #expect(names() == (0..<count).map { "v\($0)" })
        #expect(session.run(line: "move v4999 to root at 0; delete v100; new view w") == .succeeded)
        #expect(names() == ["v4999"] + (0..<count - 1).filter { $0 != 100 }.map { "v\($0)" } + ["w"])
        #expect(session.run(line: "undo; undo; undo") == .succeeded)
        #expect(names() == (0..<count).map { "v\($0)" })
        #expect(session.run(line: "ambiguous") == .succeeded)
        #expect(sink.output.split(separator: "\n").filter { $0.hasPrefix("v") && $0.contains(": x in") }.count == count)
        // Saved after a layout pass with the order changed since: the script puts every child
        // in its place (comparing the lists by sets: a search per child took 43 s at 20,000).
        #expect(session.run(line: "layout; move v4999 to root at 0; new view w") == .succeeded)
        let script = ScriptWriter.script(h())
        #expect(script.components(separatedBy: "\n").filter { $0.hasPrefix("move ") }.count == count + 1)
        let fresh = try loadedIntoAFreshSession(script)
        #expect(fresh.engine.hierarchy.root.children.map { fresh.engine.hierarchy.view($0).name } == names())
    }

    @Test func chunkedArrayInsertAndRemoveAcrossChunks() {
        var array = ChunkedArray(0..<200)
        array.insert(-1, at: 0)
        array.insert(1000, at: 65)
        array.insert(2000, at: array.count)
        #expect(Array(array) == [-1] + Array(0..<64) + [1000] + Array(64..<200) + [2000])
        array.removeAll { $0 % 2 == 1 || $0 < 0 }
        #expect(Array(array) == Array(stride(from: 0, to: 64, by: 2)) + [1000] + Array(stride(from: 64, to: 200, by: 2)) + [2000])
        let literal: ChunkedArray<Int> = [1, 2, 3]
        #expect(literal == ChunkedArray([1, 2, 3]))
    }

    /// A hierarchy 10,000 deep: every command that walks it runs (no recursion to overflow), and
    /// a conflict at the bottom is found and broken.
    @Test(.tags(.slow), .disabled(if: isQuickRun, "slow: left out of quick runs")) func aDeepHierarchyRunsEveryWalkingCommand() throws {
        let sink = BufferSink()
        let session = Session(sink: sink)
        let depth = 10_000
        #expect(session.run(line: "new view v0; v0.leading == root.leading") == .succeeded)
        for i in 1..<depth {
            #expect(session.run(line: "new view v\(i) in v\(i - 1); v\(i).leading == v\(i - 1).leading + 1") == .succeeded)
        }
        for command in ["layout", "show v9990", "trace", "explain v9999", "why v9999.leading == 20", "exercise v9999", "ambiguous", "dump", "draw"] {
            #expect(session.run(line: command) == .succeeded, "\(command): \(sink.errors.suffix(300))")
        }
        #expect(h(session).view(named: "v9999")!.frame.x == 1)
        #expect(session.run(line: "clash: v9999.leading == v0.leading + 5; layout") == .succeeded)
        #expect(sink.output.contains("broke clash: v9999.leading == v0.leading + 5"))
        #expect(session.run(line: "delete v1") == .succeeded)
        #expect(h(session).allViews.count == 2)
        #expect(session.run(line: "undo") == .succeeded)
        #expect(h(session).allViews.count == depth + 1)
    }

    func h(_ session: Session) -> Hierarchy { session.engine.hierarchy }
}
